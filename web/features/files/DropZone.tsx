import { Box, Loader, UnstyledButton } from '@mantine/core';
import { ACCEPTED_EXTENSIONS } from '@shared/files';
import { UPLOADS } from '@shared/limits';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { loadDocumentUppy } from './use-document-uppy';

/** Whether to warm up Uppy: a failed download is retried when the files are chosen. */
const preload = () => {
  loadDocumentUppy().catch(() => {});
};

/**
 * What Uppy's Dashboard shows before any file, in plain React, so the page does not load Uppy (a large
 * library) until someone uploads. Same text ("Drop files here or browse files"), same keyboard path (a
 * button that opens the file picker), same drop target — but a compact, row-high zone (issue 67: the
 * Dashboard-sized grey box was 750×430 px of nothing). Hovering or focusing it downloads Uppy; choosing
 * or dropping files calls `onFiles`, and the Dashboard that replaces it takes the files through Uppy's
 * restrictions and upload.
 */
export function DropZone(props: { multiple: boolean; busy: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrag = (event: DragEvent) => {
    event.preventDefault();
    if (!dragging) {
      setDragging(true);
      preload();
    }
  };
  return (
    <Box
      onPointerEnter={preload}
      onFocus={preload}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const files = [...event.dataTransfer.files];
        if (files.length) props.onFiles(files);
      }}
      style={{
        width: UPLOADS.panelWidth,
        maxWidth: '100%',
        minHeight: UPLOADS.dropZoneHeight,
        border: `1px dashed ${dragging ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-4)'}`,
        backgroundColor: dragging ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)',
        borderRadius: 'var(--mantine-radius-md)',
        padding: '8px 16px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        textAlign: 'center',
      }}
    >
      <IconUpload size={20} stroke={1.5} aria-hidden="true" color="var(--mantine-color-gray-6)" />
      <Box style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}>
        <input
          ref={input}
          type="file"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          multiple={props.multiple}
          accept={ACCEPTED_EXTENSIONS.join(',')}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length) props.onFiles(files);
          }}
        />
        <div style={{ fontSize: 'var(--mantine-font-size-sm)', lineHeight: 1.4 }}>
          Drop files here or{' '}
          <UnstyledButton
            onClick={() => input.current?.click()}
            style={{
              color: 'var(--mantine-color-blue-9)',
              font: 'inherit',
              fontWeight: 600,
              textDecoration: 'underline',
              verticalAlign: 'baseline',
            }}
          >
            browse files
          </UnstyledButton>
        </div>
        {props.busy && <Loader size="xs" ml="sm" aria-label="Loading uploader" />}
      </Box>
    </Box>
  );
}
