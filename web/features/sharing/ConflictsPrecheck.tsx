import { Alert, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import {
  currentOrFormer,
  PARTY_ROLE_LABELS,
  PRECHECK_TEXTS,
  type PrecheckRow,
  precheckRowsOf,
} from '@shared/conflicts';
import { IconScale } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage, queryClient, statusOf } from '../../lib/api';
import { api } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { attorneyConflictsKey } from './ConflictsAnswers';

const messageOf = (err: unknown) => errorMessage(err, 'The pre-check could not be sent. Please try again.');

/** The rows exactly as the conflicts team will see them (PRODUCT.md §13: precheckRowsOf). */
function PrecheckRowsTable({ rows }: { rows: PrecheckRow[] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table
        striped
        withTableBorder
        verticalSpacing={6}
        fz="sm"
        aria-label="What the conflicts team will see"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Current or former</Table.Th>
            <Table.Th>Dates</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                {r.partyName}
                {r.partyCount !== null ? ` (${r.partyCount} parties)` : ''}
              </Table.Td>
              <Table.Td>{PARTY_ROLE_LABELS[r.partyRole]}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                {r.clientMayObject ? '—' : r.clientName}
              </Table.Td>
              <Table.Td>{currentOrFormer(r.current)}</Table.Td>
              <Table.Td>
                {[
                  r.openedOn ? formatDate(r.openedOn, r.openedOn) : null,
                  r.closedOn ? formatDate(r.closedOn, r.closedOn) : null,
                ]
                  .filter(Boolean)
                  .join(' – ') || '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The dialog: what the conflicts team will see, then Send. */
function PrecheckDialog(props: { requestId: string; opened: boolean; onClose: () => void }) {
  const form = useQuery({
    queryKey: ['/api/attorney/conflicts-form'],
    queryFn: () => api('GET /api/attorney/conflicts-form'),
    enabled: props.opened,
    retry: (n, err) => statusOf(err) !== 404 && n < 2,
  });
  const rows = precheckRowsOf(form.data);
  const send = useMutation({
    mutationFn: () =>
      api('POST /api/attorney/lpq-requests/:id/conflicts-precheck', { params: { id: props.requestId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(attorneyConflictsKey(props.requestId), answer);
      props.onClose();
    },
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={PRECHECK_TEXTS.dialogTitle} size="xl">
      <Stack gap="md">
        <Text size="sm">{PRECHECK_TEXTS.dialogIntro}</Text>
        {form.isLoading ? (
          <Center py="md">
            <Loader aria-label="Loading your conflicts form" />
          </Center>
        ) : rows.length ? (
          <PrecheckRowsTable rows={rows} />
        ) : (
          <Alert color="yellow" variant="light">
            Your conflicts form names no clients or matters yet. Complete it first.
          </Alert>
        )}
        {send.isError && (
          <Text c="red.8" size="sm" role="alert">
            {messageOf(send.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={send.isPending} disabled={!rows.length} onClick={() => send.mutate()}>
            {PRECHECK_TEXTS.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * PRODUCT.md §13 on a pending request's card: send the firm's conflicts team a pre-check (behind a dialog that
 * shows exactly what they will see), or, once sent, when it was and its withdrawal.
 */
export function ConflictsPrecheck({ requestId }: { requestId: string }) {
  const [open, setOpen] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const state = useQuery({
    queryKey: attorneyConflictsKey(requestId),
    queryFn: () => api('GET /api/attorney/lpq-requests/:id/conflicts', { params: { id: requestId } }),
  });
  const withdraw = useMutation({
    mutationFn: () =>
      api('DELETE /api/attorney/lpq-requests/:id/conflicts-precheck', { params: { id: requestId } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(attorneyConflictsKey(requestId), answer);
      setWithdrawing(false);
    },
  });
  const sentAt = state.data?.precheckSentAt ?? null;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {sentAt ? (
          <>
            <Group gap={6} wrap="nowrap">
              <IconScale size={16} aria-hidden />
              <Text size="sm">{PRECHECK_TEXTS.sent(formatDate(sentAt))}</Text>
            </Group>
            <Button variant="subtle" color="red" size="xs" onClick={() => setWithdrawing(true)}>
              {PRECHECK_TEXTS.withdraw}
            </Button>
          </>
        ) : (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconScale size={16} aria-hidden />}
            onClick={() => setOpen(true)}
            disabled={state.isLoading}
          >
            {PRECHECK_TEXTS.button}
          </Button>
        )}
      </Group>
      <PrecheckDialog requestId={requestId} opened={open} onClose={() => setOpen(false)} />
      <ConfirmDialog
        opened={withdrawing}
        title={PRECHECK_TEXTS.withdraw}
        message={PRECHECK_TEXTS.withdrawConfirm}
        warning={withdraw.isError ? messageOf(withdraw.error) : undefined}
        confirmLabel={PRECHECK_TEXTS.withdraw}
        color="red"
        loading={withdraw.isPending}
        onConfirm={() => withdraw.mutate()}
        onClose={() => setWithdrawing(false)}
      />
    </>
  );
}
