import { Box, Loader, Stack, Text } from '@mantine/core';
import { type FileRef, fileIdFromUrl } from '@shared/files';
import { TOASTS } from '@shared/texts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryClient } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { DropZone } from './DropZone';
import { FileList } from './FileList';
import { useDocumentUppy } from './use-document-uppy';

const NOTE = 'One file: PDF, DOC or DOCX, up to 10 MB';

/**
 * The attorney's resume (spec §5: one file). A confirmed upload is saved at once through
 * PUT /api/attorney/resume, so it is not lost if the page's own form is never saved.
 */
export default function ResumeUploader(props: {
  value: string | null | undefined;
  /** Called with the new resume's URL once it is saved. */
  onChange?: (url: string) => void;
}) {
  const id = `resume-${useId().replace(/:/g, '')}`;
  // The resume just saved, until the page's own value catches up.
  const [saved, setSaved] = useState<string | null>(null);
  const value = saved ?? props.value;
  const fileId = value ? fileIdFromUrl(value) : null;
  const current = useQuery({
    queryKey: ['/api/objects', fileId ?? ''],
    queryFn: () => api('GET /api/objects/:id', { params: { id: fileId ?? '' } }),
    enabled: !!fileId,
  });
  const { target, isLoading, mounted, start } = useDocumentUppy({
    id,
    maxFiles: 1,
    onConfirmed: async (file) => {
      try {
        await api('PUT /api/attorney/resume', { body: { resumeURL: file.url } });
        queryClient.setQueryData(['/api/objects', file.id], file);
        // Marked stale without a refetch: a mounted profile form keeps its unsaved edits.
        await queryClient.invalidateQueries({ queryKey: ['/api/attorney/profile'], refetchType: 'none' });
        setSaved(file.url);
        props.onChange?.(file.url);
        showToast(TOASTS.resumeUploaded, { variant: 'success', message: file.name });
      } catch {
        showToast(TOASTS.resumeFailed, { variant: 'destructive' });
      }
    },
    // The spec's toast, with the server's reason when it gave one (too large, storage quota used up).
    onFailed: (message) =>
      showToast(TOASTS.resumeFailed, {
        variant: 'destructive',
        message: message ? `${TOASTS.resumeFailed.message} ${message}` : undefined,
      }),
  });

  const shown: FileRef[] = current.data
    ? [current.data]
    : fileId && value
      ? [{ id: fileId, name: 'Current resume', contentType: '', size: 0, url: value }]
      : [];
  return (
    <Stack gap="sm">
      {fileId && current.isLoading ? (
        <Loader size="sm" aria-label="Loading resume" />
      ) : (
        <FileList files={shown} label="Resume" />
      )}
      <Box data-testid="resume-uploader">
        {!mounted && <DropZone multiple={false} busy={isLoading} onFiles={start} />}
        <Box ref={target} />
      </Box>
      <Text size="xs" c="dimmed">
        {NOTE}
      </Text>
    </Stack>
  );
}
