import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { TEAM_TOASTS } from '@shared/team-texts';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { type Invitation, refreshTeam } from './api';
import { RoleBadges } from './RoleBadges';

const failed = (error: unknown) =>
  showToast(TEAM_TOASTS.failed, {
    variant: 'destructive',
    message: errorMessage(error, TEAM_TOASTS.failed.message),
  });

/** Open invitations: who, as what, until when; resend (a new link) or cancel (after confirming). */
export function InvitationsList({ invitations }: { invitations: Invitation[] }) {
  const [cancelling, setCancelling] = useState<Invitation | null>(null);
  const resend = useMutation({
    mutationFn: (id: string) => api('POST /api/firm/invitations/:id/resend', { params: { id } }),
    onSuccess: () => {
      void refreshTeam('invitations');
      showToast(TEAM_TOASTS.invitationResent, { variant: 'success' });
    },
    onError: failed,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => api('DELETE /api/firm/invitations/:id', { params: { id } }),
    onSuccess: () => {
      setCancelling(null);
      void refreshTeam('invitations');
      showToast(TEAM_TOASTS.invitationCancelled, { variant: 'success' });
    },
    onError: (error) => {
      setCancelling(null);
      failed(error);
    },
  });
  if (invitations.length === 0)
    return (
      <Text c="gray.7" size="sm">
        No open invitations.
      </Text>
    );
  return (
    <Stack gap="sm">
      {invitations.map((inv) => (
        <Paper key={inv.id} withBorder p="sm" data-testid="invitation">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Text fw={500} size="sm" style={{ overflowWrap: 'break-word' }}>
                {inv.email}
              </Text>
              <RoleBadges roles={inv.roles} />
              <Text size="xs" c="gray.7">
                Invited by {inv.invitedByName} · last sent {formatDate(inv.lastSentAt)} · expires{' '}
                {formatDate(inv.expiresAt)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMailForward size={14} aria-hidden />}
                loading={resend.isPending && resend.variables === inv.id}
                onClick={() => resend.mutate(inv.id)}
                aria-label={`Resend the invitation to ${inv.email}`}
              >
                Resend
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => setCancelling(inv)}
                aria-label={`Cancel the invitation to ${inv.email}`}
              >
                Cancel
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel this invitation?"
        message={`The link sent to ${cancelling?.email ?? 'this address'} will stop working. You can invite them again later.`}
        confirmLabel="Cancel invitation"
        color="red"
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}
