import { Badge } from '@mantine/core';
import { CONFLICTS_STATUS_LABELS, type ConflictsStatus } from '@shared/team';

const COLORS: Record<ConflictsStatus, string> = { pending: 'yellow', cleared: 'green', issues: 'red' };

/** A request's conflicts status, with the shared label. */
export function ConflictsBadge({ status }: { status: ConflictsStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {CONFLICTS_STATUS_LABELS[status]}
    </Badge>
  );
}
