import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { User } from '@shared/auth';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@shared/request-status';
import type { FirmRequestListItem } from '@shared/requests';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDate } from '../../lib/format';
import { requestPermissions } from './permissions';
import { conflictsText, initials, NewDot } from './RequestsTable';
import { canMove, REVIEW_MOVES, type ReviewStatus, useReviewMove } from './review-moves';

/** The move a card offers from its column: the firm's next one, when the request allows it. */
const NEXT_MOVE: Partial<Record<RequestStatus, ReviewStatus>> = {
  accepted: 'reviewed',
  in_progress: 'reviewed',
  reviewed: 'completed',
};

function BoardCard({
  request,
  user,
  onMove,
}: {
  request: FirmRequestListItem;
  user: User | null;
  onMove: (to: ReviewStatus) => void;
}) {
  const next = NEXT_MOVE[request.status];
  // The same guard as the request page: the member's roles (a recruiter or an assigned reviewer) and the
  // request's status; the server refuses anything else.
  const may = requestPermissions(user, request);
  const move = next && may.review && canMove(request.status, next) ? next : null;
  const name = request.attorneyName ?? request.attorneyEmail;
  return (
    <Paper withBorder p="sm" radius="sm" data-new={request.isNew || undefined} component="li">
      <Stack gap={4}>
        <Anchor component={Link} to={`/firm/requests/${request.id}`} fw={request.isNew ? 700 : 600} size="sm">
          <NewDot item={request} />
          {name}
        </Anchor>
        <Text size="sm">{request.positionTitle}</Text>
        <Text size="xs" c="gray.7">
          {request.lastActivity.text} · {formatDate(request.lastActivity.at)}
        </Text>
        <Group gap={6} wrap="wrap">
          {request.overdue && (
            <Badge color="red" variant="light" size="sm">
              Overdue
            </Badge>
          )}
          {request.dueDate && (
            <Text size="xs" c="gray.7">
              Due {formatDate(request.dueDate)}
            </Text>
          )}
          {request.conflictsStatus && (
            <Text size="xs" c="gray.7">
              Conflicts: {conflictsText(request)}
            </Text>
          )}
          {request.reviewers.length > 0 && (
            <Text size="xs" c="gray.7" title={request.reviewers.map((v) => v.name).join(', ')}>
              Reviewers: {request.reviewers.map((v) => initials(v.name)).join(', ')}
            </Text>
          )}
        </Group>
        {move && (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onMove(move)}
            aria-label={`${REVIEW_MOVES[move].label}: ${name}, ${request.positionTitle}`}
            style={{ alignSelf: 'flex-start' }}
          >
            {REVIEW_MOVES[move].label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * PRODUCT.md §15's board: the requests of the list (same filters, same pages) in a column per stage, read at a
 * glance. Nothing is dragged: the attorney owns most moves, and a card offers only the firm's own next move
 * (Mark Under Review, Mark Review Complete) behind the request page's confirmation. On a phone the columns
 * stack; on a wide screen they sit side by side, four to a row.
 */
export function RequestsBoard({ requests, user }: { requests: FirmRequestListItem[]; user: User | null }) {
  const { confirming, ask, cancel, move } = useReviewMove();
  const columns = REQUEST_STATUSES.map((status) => ({
    status,
    items: requests.filter((r) => r.status === status),
  })).filter((c) => c.items.length > 0);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" data-testid="requests-board">
        {columns.map((column) => (
          <Stack
            key={column.status}
            component="section"
            gap="xs"
            aria-labelledby={`board-${column.status}`}
            miw={0}
          >
            <Group gap={6}>
              <Title order={2} fz="sm" id={`board-${column.status}`}>
                {REQUEST_STATUS_LABELS[column.status]}
              </Title>
              <Badge variant="light" color="gray" size="sm" aria-label={`${column.items.length} requests`}>
                {column.items.length}
              </Badge>
            </Group>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {column.items.map((r) => (
                <BoardCard key={r.id} request={r} user={user} onMove={(to) => ask({ id: r.id, to })} />
              ))}
            </Stack>
          </Stack>
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={confirming !== null}
        onClose={cancel}
        title={confirming ? REVIEW_MOVES[confirming.to].label : ''}
        message={confirming ? REVIEW_MOVES[confirming.to].confirm : ''}
        confirmLabel={confirming ? REVIEW_MOVES[confirming.to].label : ''}
        loading={move.isPending}
        onConfirm={() => confirming && move.mutate(confirming)}
      />
    </>
  );
}
