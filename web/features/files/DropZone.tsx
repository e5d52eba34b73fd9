import { Box, Loader, UnstyledButton } from '@mantine/core';
import { ACCEPTED_EXTENSIONS } from '@shared/files';
import { UPLOADS } from '@shared/limits';
import { type DragEvent, useRef, useState } from 'react';
import { loadDocumentUppy } from './use-document-uppy';

/** Whether to warm up Uppy: a failed download is retried when the files are chosen. */
const preload = () => {
  loadDocumentUppy().catch(() => {});
};

/**
 * What Uppy's Dashboard shows before any file, in plain React and at the Dashboard's size, so the page
 * does not load Uppy (a large library) until someone uploads. Same text ("Drop files here or browse
 * files"), same keyboard path (a button that opens the file picker), same drop target. Hovering or
 * focusing it downloads Uppy; choosing or dropping files calls `onFiles`, and the Dashboard that
 * replaces it, with the same size, takes the files through Uppy's restrictions and upload.
 */
export function DropZone(props: { multiple: boolean; busy: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // The Dashboard's own rule (mountDashboard): shorter on a narrow screen, its text at the top.
  const narrow = window.matchMedia(`(max-width: ${UPLOADS.narrowScreenMaxWidth}px)`).matches;
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
        height: narrow ? UPLOADS.panelHeightNarrow : UPLOADS.panelHeight,
        backgroundColor: '#f4f4f4',
        border: '1px solid #eaeaea',
        borderRadius: 5,
        padding: 7,
      }}
    >
      <Box
        style={{
          height: '100%',
          border: `1px dashed ${dragging ? '#1269cf' : '#dfdfdf'}`,
          borderRadius: 3,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: narrow ? 'flex-start' : 'center',
          textAlign: 'center',
        }}
      >
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
        <div
          style={{
            color: '#000',
            fontSize: narrow ? 17 : 21,
            fontWeight: narrow ? 500 : 400,
            lineHeight: 1.35,
            marginTop: narrow ? 15 : 5,
            marginBottom: 5,
            padding: narrow ? '0 15px' : '0 35px',
            maxWidth: 480,
          }}
        >
          Drop files here or{' '}
          <UnstyledButton
            onClick={() => input.current?.click()}
            style={{ color: '#1269cf', font: 'inherit', verticalAlign: 'baseline' }}
          >
            browse files
          </UnstyledButton>
        </div>
        {props.busy && <Loader size="sm" mt="md" aria-label="Loading uploader" />}
      </Box>
    </Box>
  );
}
