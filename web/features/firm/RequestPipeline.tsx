import { Box, Button, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { FIRM_TOASTS } from '@shared/firm';
import { PIPELINE_MESSAGES } from '@shared/firm-pipeline';
import type { FirmRequestItem } from '@shared/requests';
import { TIMELINE_LABELS } from '@shared/timeline';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrors, queryClient } from '../../lib/api';
import { api } from '../../lib/client';
import { formatDate, formatDateTime } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { FIRM_KEYS, useRequestNotes } from './api';

/**
 * PRODUCT.md §6: the request's history with dates, as the server records it. Each update is a new
 * version, oldest first, so the n-th 'Package updated' is version n + 1.
 */
export function RequestTimeline({ request }: { request: FirmRequestItem }) {
  let updates = 0;
  return (
    <Timeline active={request.timeline.length - 1} bulletSize={18} lineWidth={2}>
      {request.timeline.map((e) => (
        <Timeline.Item key={`${e.event}-${e.at}`} title={TIMELINE_LABELS[e.event]}>
          <Text size="xs" c="dimmed">
            {formatDate(e.at)}
            {e.event === 'updated' ? ` · version ${++updates + 1}` : ''}
          </Text>
          {e.event === 'declined' && request.declineReason && (
            <Text size="sm" mt={4}>
              Reason: {request.declineReason}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** Firm-only notes: who wrote what, when. Never shown to the attorney. */
export function RequestNotes({ requestId }: { requestId: string }) {
  const notes = useRequestNotes(requestId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () =>
      api('POST /api/firm/lpq-requests/:id/notes', { params: { id: requestId }, body: { body } }),
    onSuccess: () => {
      setBody('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.notes(requestId) });
      showToast(FIRM_TOASTS.noteAdded, { variant: 'success' });
    },
    onError: (err) => setError(fieldErrors(err).body ?? errorMessage(err, FIRM_TOASTS.actionFailed.message)),
  });
  const submit = () => {
    if (!body.trim()) return setError(PIPELINE_MESSAGES.noteRequired);
    add.mutate();
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Only your firm sees these notes.
      </Text>
      {notes.isLoading ? (
        <Text size="sm" c="dimmed">
          Loading notes…
        </Text>
      ) : notes.isError ? (
        <Text size="sm" c="red.8" role="alert">
          The notes could not be loaded. Please reload the page.
        </Text>
      ) : notes.data?.length ? (
        <Stack gap="xs">
          {notes.data.map((n) => (
            <Box key={n.id} p="sm" bg="gray.0" style={{ borderRadius: 6 }}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.body}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {n.authorName} · {formatDateTime(n.createdAt)}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      )}
      <Textarea
        label="Add a note"
        autosize
        minRows={2}
        value={body}
        error={error}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={add.isPending}>
          Add Note
        </Button>
      </Group>
    </Stack>
  );
}
