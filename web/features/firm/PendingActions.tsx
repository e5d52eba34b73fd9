import { Button, Text } from '@mantine/core';
import { FIRM_TOASTS } from '@shared/firm-toasts';
import { formatDateTime } from '@shared/format';
import { nextResendAt } from '@shared/request-status';
import type { FirmRequestItem } from '@shared/requests';
import { IconBan, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { refreshRequests } from './api';

/** Withdraw (after a confirmation) or resend a pending invitation. */
export function PendingActions({ request }: { request: FirmRequestItem }) {
  const [confirming, setConfirming] = useState(false);
  const hintId = useId();
  const act = useMutation({
    mutationFn: (action: 'withdraw' | 'resend') =>
      api(`POST /api/firm/lpq-requests/:id/${action}`, { params: { id: request.id } }),
    onSuccess: (_item, action) => {
      refreshRequests(request.id);
      setConfirming(false);
      showToast(action === 'withdraw' ? FIRM_TOASTS.invitationWithdrawn : FIRM_TOASTS.invitationResent, {
        variant: 'success',
      });
    },
    onError: (error) => {
      refreshRequests(request.id);
      setConfirming(false);
      showToast(FIRM_TOASTS.actionFailed, {
        variant: 'destructive',
        message: errorMessage(error, FIRM_TOASTS.actionFailed.message),
      });
    },
  });
  if (request.status !== 'pending') return null;
  // Once a day (the server answers 429 sooner, with the reason): said before the click too.
  // The timeline's 'resent' is the last resend (one entry), as the server reads it.
  const resendFrom = nextResendAt(request.timeline.find((e) => e.event === 'resent')?.at ?? request.sentAt);
  const tooSoon = Date.now() < resendFrom.getTime();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconMailForward size={16} aria-hidden />}
        loading={act.isPending && act.variables === 'resend'}
        aria-describedby={tooSoon ? hintId : undefined}
        onClick={() => act.mutate('resend')}
      >
        Resend Invitation
      </Button>
      {tooSoon && (
        <Text id={hintId} size="xs" c="gray.7">
          Can be resent from {formatDateTime(resendFrom.toISOString())}
        </Text>
      )}
      <Button
        variant="default"
        color="red"
        leftSection={<IconBan size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        Withdraw Invitation
      </Button>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Withdraw Invitation"
        message={`Withdraw the invitation to ${request.attorneyEmail} for ${request.positionTitle}? The attorney can no longer share their LPQ for it. This cannot be undone; you can send a new invitation later.`}
        confirmLabel="Withdraw Invitation"
        color="red"
        loading={act.isPending}
        onConfirm={() => act.mutate('withdraw')}
      />
    </>
  );
}
