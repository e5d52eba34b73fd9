import { Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { todayUtc } from '@shared/calendar';
import { accessHasEnded } from '@shared/request-status';
import type { FirmRequestDetail, Reviewer } from '@shared/requests';
import { hasRole } from '@shared/team';
import { TEAM_READER_TOASTS } from '@shared/team-reader-toasts';
import { IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { refreshRequests } from './api';

const nameOf = (r: Pick<Reviewer, 'firstName' | 'lastName'>) => `${r.firstName} ${r.lastName}`.trim();

export const MEMBERS_KEY = ['/api/firm/members'];

/** The firm's members who may be assigned: those holding the reviewer role (PRODUCT.md §9). */
export function useReviewerCandidates(enabled: boolean) {
  return useQuery({
    queryKey: MEMBERS_KEY,
    queryFn: () => api('GET /api/firm/members'),
    enabled,
    select: (members) => members.filter((m) => hasRole(m.roles, 'reviewer')),
  });
}

/** The chooser: every member with the reviewer role as a tick box; saving replaces the request's reviewers. */
function ReviewerChooser({ request, onDone }: { request: FirmRequestDetail; onDone: () => void }) {
  const candidates = useReviewerCandidates(true);
  const [chosen, setChosen] = useState<string[]>(request.reviewers.map((r) => r.userId));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api('PUT /api/firm/lpq-requests/:id/reviewers', {
        params: { id: request.id },
        body: { userIds: chosen },
      }),
    onSuccess: () => {
      refreshRequests(request.id);
      showToast(TEAM_READER_TOASTS.reviewersSaved, { variant: 'success' });
      onDone();
    },
    onError: (err) => {
      const message =
        fieldErrors(err).userIds ?? errorMessage(err, TEAM_READER_TOASTS.reviewersFailed.message);
      setError(message);
      showToast(TEAM_READER_TOASTS.reviewersFailed, { variant: 'destructive', message });
    },
  });

  if (candidates.isLoading)
    return (
      <Group justify="center" py="sm">
        <Loader size="sm" aria-label="Loading your firm's reviewers" />
      </Group>
    );
  if (candidates.isError)
    return (
      <Text c="red.8" role="alert" size="sm">
        Your firm’s members could not be loaded. Please reload the page.
      </Text>
    );
  const list = candidates.data ?? [];
  return (
    <Stack gap="sm">
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          No member of your firm has the Reviewer role yet. An admin can give it on the Team page.
        </Text>
      ) : (
        <Checkbox.Group
          label="Reviewers for this request"
          description="Members with the Reviewer role. Each reads and notes this request; newly assigned reviewers receive an email."
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setError(null);
          }}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {list.map((m) => (
              <Checkbox
                key={m.userId}
                value={m.userId}
                label={nameOf(m)}
                description={m.email}
                styles={{ description: { wordBreak: 'break-word' } }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group gap="xs">
        {list.length > 0 && (
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save Reviewers
          </Button>
        )}
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * PRODUCT.md §9: who reviews this request. Everyone who sees the request sees its reviewers; admins and
 * recruiters also choose them.
 */
export function ReviewersCard({ request, canAssign }: { request: FirmRequestDetail; canAssign: boolean }) {
  const [choosing, setChoosing] = useState(false);
  const names = request.reviewers.map(nameOf);
  // Issue 67: once access has ended there is nothing to grant: the reviewers stay listed, the button goes.
  const assignable = canAssign && !accessHasEnded(request, todayUtc());
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={2} fz="h4">
            Reviewers
          </Title>
          <Text size="sm" c={names.length ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
            {names.length ? names.join(', ') : 'No reviewer is assigned to this request yet.'}
          </Text>
        </Stack>
        {assignable && !choosing && (
          <Button
            variant="default"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => setChoosing(true)}
          >
            {names.length ? 'Change Reviewers' : 'Assign Reviewers'}
          </Button>
        )}
      </Group>
      {assignable && choosing && (
        <Stack mt="md">
          <ReviewerChooser request={request} onDone={() => setChoosing(false)} />
        </Stack>
      )}
    </Paper>
  );
}
