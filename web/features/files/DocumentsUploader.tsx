import { Box, Stack, Text } from '@mantine/core';
import type { FileRef } from '@shared/files';
import { LIMITS } from '@shared/limits';
import { TOASTS } from '@shared/texts';
import { useId } from 'react';
import { showToast } from '../../lib/toast';
import { DropZone } from './DropZone';
import { FileList } from './FileList';
import { useDocumentUppy } from './use-document-uppy';

const NOTE = `PDF, DOC or DOCX, up to 10 MB per file, ${LIMITS.maxLpqDocuments} files at most`;

/** Up to 5 documents (spec §5): the list so far, and Uppy for adding more. */
export default function DocumentsUploader(props: {
  value: FileRef[];
  onChange: (files: FileRef[]) => void;
  label?: string;
}) {
  const id = `documents-${useId().replace(/:/g, '')}`;
  const room = LIMITS.maxLpqDocuments - props.value.length;
  // Confirmations arrive one by one; each adds to the latest list.
  const latest = { value: props.value };
  const { target, isLoading, mounted, start } = useDocumentUppy({
    id,
    maxFiles: room,
    onConfirmed: (file) => {
      latest.value = [...latest.value, file];
      props.onChange(latest.value);
      showToast(TOASTS.documentUploaded, { variant: 'success', message: file.name });
    },
    onFailed: (message) =>
      showToast({ title: 'Error', message: message ?? 'Upload failed' }, { variant: 'destructive' }),
  });

  return (
    <Stack gap="sm">
      <FileList
        files={props.value}
        label={props.label ?? 'Uploaded documents'}
        onRemove={(file) => props.onChange(props.value.filter((f) => f.id !== file.id))}
      />
      {room <= 0 && (
        <Text size="sm" c="dimmed">
          You can only upload {LIMITS.maxLpqDocuments} files
        </Text>
      )}
      <Box display={room <= 0 ? 'none' : undefined} data-testid="documents-uploader">
        {!mounted && <DropZone multiple busy={isLoading} onFiles={start} />}
        <Box ref={target} />
      </Box>
      <Text size="xs" c="dimmed">
        {NOTE}
      </Text>
    </Stack>
  );
}
