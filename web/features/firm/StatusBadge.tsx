import { Badge } from '@mantine/core';
import { REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/requests';

const COLORS: Record<RequestStatus, string> = {
  pending: 'yellow',
  accepted: 'teal',
  in_progress: 'blue',
  reviewed: 'violet',
  completed: 'green',
  declined: 'red',
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
