import { Badge } from '@mantine/core';
import { CONFLICTS_STATUS_LABELS, type ConflictsStatus } from '@shared/team';

const COLORS: Record<ConflictsStatus, string> = { pending: 'yellow', cleared: 'green', issues: 'red' };

/** A request's conflicts status, with the shared label (null: no rows were sent, PRODUCT.md §13). */
export function ConflictsBadge({ status }: { status: ConflictsStatus | null }) {
  return (
    <Badge color={status ? COLORS[status] : 'gray'} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {status ? CONFLICTS_STATUS_LABELS[status] : 'No rows'}
    </Badge>
  );
}
