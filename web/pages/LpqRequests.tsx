import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import { REQUEST_LINK_PARAM } from '@shared/return-path';
import { revokeConsequence, SHARING_TOASTS } from '@shared/sharing';
import { TOASTS } from '@shared/texts';
import { IconInbox } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import {
  useAttorneyRequestPages,
  useAttorneyRequestSummary,
  useDeclineRequest,
  useRevokeShare,
} from '../features/sharing/queries';
import { RequestCard, requestCardId } from '../features/sharing/RequestCard';
import { ShareDialog } from '../features/sharing/ShareDialog';
import { errorMessage } from '../lib/api';
import { rememberFocus } from '../lib/return-focus';
import { showToast } from '../lib/toast';

function CountCard({ label, value }: { label: string; value: number }) {
  return (
    // A paragraph cannot carry a name (axe aria-prohibited-attr): the card is the named group.
    <Card withBorder padding="md" role="group" aria-label={`${label}: ${value}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

export default function LpqRequests() {
  const requests = useAttorneyRequestPages();
  const summary = useAttorneyRequestSummary();
  const decline = useDeclineRequest();
  const revoke = useRevokeShare();
  const [sharing, setSharing] = useState<AttorneyRequestItem | null>(null);
  const [updating, setUpdating] = useState<AttorneyRequestItem | null>(null);
  const [revoking, setRevoking] = useState<AttorneyRequestItem | null>(null);
  const [declining, setDeclining] = useState<AttorneyRequestItem | null>(null);
  const [reason, setReason] = useState('');
  // Each dialog gives the focus back to the button that opened it, or to the request's card when what it
  // did took that button away (Share LPQ, Decline and Revoke access go with a share, a decline, a revoke).
  const returnFocus = useRef<ReturnType<typeof rememberFocus>>(() => {});
  const opening = (open: (item: AttorneyRequestItem) => void) => (item: AttorneyRequestItem) => {
    returnFocus.current = rememberFocus();
    open(item);
  };
  const closed = (item: AttorneyRequestItem | null, done: boolean) =>
    returnFocus.current(done && item ? () => document.getElementById(requestCardId(item.id)) : undefined);

  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  // Issue 67: the invitation mail links to its request (`?request=ID`, kept through sign-in): its card is
  // brought into view and focused once it is on the page.
  const [params] = useSearchParams();
  const linked = params.get(REQUEST_LINK_PARAM);
  const linkedShown = useRef(false);
  const linkedHere = !!linked && items.some((item) => item.id === linked);
  // An older request (a reminder's) may be on a later page: read on until it is there or the list ends.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = requests;
  const seekLinked = !!linked && requests.isSuccess && !linkedHere && !!hasNextPage;
  useEffect(() => {
    if (seekLinked && !isFetchingNextPage) fetchNextPage();
  }, [seekLinked, isFetchingNextPage, fetchNextPage]);
  const linkedMissing = !!linked && requests.isSuccess && !linkedHere && !hasNextPage;
  useEffect(() => {
    if (!linked || !linkedHere || linkedShown.current) return;
    linkedShown.current = true;
    const card = document.getElementById(requestCardId(linked));
    card?.scrollIntoView({ block: 'start' });
    card?.focus({ preventScroll: true });
  }, [linked, linkedHere]);
  // Counted by the server over every request: the list below comes in pages.
  const counts = summary.data ?? {
    pending: 0,
    shared: 0,
    firms: 0,
    underReview: 0,
    shareDefaults: undefined,
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showToast(SHARING_TOASTS.revoked, { variant: 'success' });
        closed(revoking, true);
        setRevoking(null);
      },
      onError: (error) =>
        showToast(SHARING_TOASTS.revokeFailed, {
          variant: 'destructive',
          message: errorMessage(error, SHARING_TOASTS.revokeFailed.message),
        }),
    });
  };
  const confirmDecline = () => {
    if (!declining) return;
    decline.mutate(
      { id: declining.id, reason },
      {
        onSuccess: () => {
          showToast(TOASTS.declineSuccess);
          closed(declining, true);
          setDeclining(null);
          setReason('');
        },
        onError: (error) =>
          showToast(TOASTS.declineFailed, {
            variant: 'destructive',
            message: errorMessage(error, TOASTS.declineFailed.message),
          }),
      },
    );
  };

  return (
    <PageShell
      title="LPQ Requests"
      subtitle="Requests from law firms for your lateral partner questionnaire. Share your package in one click or decline."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <CountCard label="Pending" value={counts.pending} />
          <CountCard label="Shared" value={counts.shared} />
          <CountCard label="Total Firms" value={counts.firms} />
          <CountCard label="Under Review" value={counts.underReview} />
        </SimpleGrid>

        {requests.isLoading && (
          <Group justify="center" py="xl" role="status">
            <Loader aria-label="Loading requests" />
          </Group>
        )}
        {requests.isError && (
          <Alert color="red" title="Your requests could not be loaded" role="alert">
            <Group justify="space-between">
              <Text size="sm">{errorMessage(requests.error, 'Please try again.')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => requests.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
        {requests.isSuccess && items.length === 0 && (
          <Card withBorder padding="xl">
            <Stack align="center" gap="sm" py="lg">
              <IconInbox size={40} stroke={1.5} aria-hidden />
              <Title order={2} fz="lg">
                No LPQ requests yet
              </Title>
              <Text c="dimmed" ta="center" maw={460}>
                When a firm invites you, its request appears here. Keep your Master LPQ complete so you can
                share it in one click.
              </Text>
              <Button component={Link} to="/attorney/master-lpq">
                Complete Master LPQ
              </Button>
            </Stack>
          </Card>
        )}
        {linkedMissing && (
          <Alert color="yellow" title="This request is not in your list" role="status">
            <Text size="sm">
              The link you followed is for a request your account does not have: it may have been withdrawn,
              or sent to another address. Your requests are below.
            </Text>
          </Alert>
        )}
        <Stack gap="md">
          {items.map((item) => (
            <RequestCard
              key={item.id}
              item={item}
              linked={item.id === linked}
              onShare={opening(setSharing)}
              onDecline={opening(setDeclining)}
              onUpdate={opening(setUpdating)}
              onRevoke={opening(setRevoking)}
              shareDefaults={counts.shareDefaults}
            />
          ))}
        </Stack>
        {requests.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              loading={requests.isFetchingNextPage}
              onClick={() => requests.fetchNextPage()}
            >
              Show more requests
            </Button>
          </Group>
        )}
      </Stack>

      <ShareDialog
        key={`share-${sharing?.id}`}
        item={sharing}
        mode="share"
        onClose={(sent) => {
          closed(sharing, sent);
          setSharing(null);
        }}
      />
      <ShareDialog
        key={`update-${updating?.id}`}
        item={updating}
        mode="update"
        onClose={() => {
          closed(updating, false);
          setUpdating(null);
        }}
      />

      <Modal
        opened={!!revoking}
        onClose={() => !revoke.isPending && setRevoking(null)}
        title="Revoke Access"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Revoke <strong>{revoking?.firmName}</strong>'s access to your package for{' '}
            <strong>{revoking?.positionTitle}</strong>?
          </Text>
          <Alert color="red" variant="light">
            {revoking ? revokeConsequence(revoking.firmName) : ''}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmRevoke} loading={revoke.isPending}>
              Revoke access
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={!!declining}
        onClose={() => !decline.isPending && setDeclining(null)}
        title="Decline LPQ Request"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            Are you sure you want to decline the request from <strong>{declining?.firmName}</strong> for{' '}
            <strong>{declining?.positionTitle}</strong>? The firm will be notified.
          </Text>
          <Textarea
            label="Reason (optional)"
            description="Shared with the firm in the notification."
            autosize
            minRows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeclining(null)} disabled={decline.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDecline} loading={decline.isPending}>
              Decline
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageShell>
  );
}
