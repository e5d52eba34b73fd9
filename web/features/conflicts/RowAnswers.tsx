import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  conflictsSummaryText,
  PARTY_ROLE_LABELS,
  ROW_STATUS_LABELS,
  ROW_STATUSES,
  type RowStatus,
} from '@shared/conflicts';
import { TEAM_READER_TOASTS } from '@shared/team-reader-toasts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { afterAnswer, type ConflictsView } from './api';

type Row = ConflictsView['rows'][number];

const STATUS_OPTIONS = ROW_STATUSES.map((s) => ({ value: s, label: ROW_STATUS_LABELS[s] }));

/** A row's dates and whether the client is current or former. */
export function rowFacts(row: Pick<Row, 'current' | 'openedOn' | 'closedOn' | 'partyCount'>) {
  const dates = [row.openedOn, row.closedOn].filter(Boolean).join(' – ');
  return [
    row.current ? 'Current' : 'Former',
    dates,
    row.partyCount !== null ? `${row.partyCount} ${row.partyCount === 1 ? 'party' : 'parties'}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One row and its answer: the status and an optional note to the attorney, saved on its own. */
function RowAnswer({ requestId, row }: { requestId: string; row: Row }) {
  const [status, setStatus] = useState<RowStatus | null>(row.status);
  const [note, setNote] = useState(row.noteToAttorney ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api('PUT /api/firm/lpq-requests/:id/conflicts/rows/:rowId', {
        params: { id: requestId, rowId: row.rowId },
        body: { status: status as RowStatus, noteToAttorney: note },
      }),
    onSuccess: (rows) => {
      setRefusal(null);
      afterAnswer(requestId, rows);
      showToast(TEAM_READER_TOASTS.conflictsRecorded, { variant: 'success' });
    },
    onError: (error) => {
      const message = errorMessage(error, TEAM_READER_TOASTS.conflictsFailed.message);
      setRefusal(message);
      showToast(TEAM_READER_TOASTS.conflictsFailed, { variant: 'destructive', message });
    },
  });
  const label = `${row.partyName} (${PARTY_ROLE_LABELS[row.partyRole]})`;
  return (
    <Paper withBorder p="md" component="li" aria-label={label} miw={0}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {row.partyName}
          </Text>
          {row.status ? (
            <Badge variant="light" color={row.status === 'cleared' ? 'green' : 'red'} tt="none">
              {ROW_STATUS_LABELS[row.status]}
            </Badge>
          ) : (
            <Badge variant="light" color="yellow" tt="none">
              Waiting
            </Badge>
          )}
        </Group>
        <Text size="sm" c="gray.7" style={{ wordBreak: 'break-word' }}>
          {PARTY_ROLE_LABELS[row.partyRole]}
          {row.partyRole !== 'client' ? ` · client ${row.clientName}` : ''} · {rowFacts(row)}
        </Text>
        {row.matterDescription && (
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {row.matterDescription}
          </Text>
        )}
        {row.answeredByName && row.answeredAt && (
          <Text size="xs" c="gray.7">
            Answered by {row.answeredByName} on {formatDateTime(row.answeredAt)}
          </Text>
        )}
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label="Answer"
            aria-label={`Answer for ${label}`}
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => setStatus(v as RowStatus | null)}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <Textarea
            label="Note to the attorney"
            aria-label={`Note to the attorney for ${label}`}
            autosize
            minRows={1}
            maxRows={6}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!status}>
            Save
          </Button>
        </Group>
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** PRODUCT.md §13: every row of the request with its answer; one answer per row. */
export function RowAnswers({ view }: { view: ConflictsView }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} miw={0}>
      <Title order={2} fz="h4" mb="xs">
        Rows to Check
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {view.rows.length ? conflictsSummaryText(view.rows) : 'No rows: the conflicts form was not shared.'}
      </Text>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {view.rows.map((row) => (
          <RowAnswer
            key={`${row.rowId}:${row.status}:${row.answeredAt}`}
            requestId={view.requestId}
            row={row}
          />
        ))}
      </Stack>
    </Paper>
  );
}
