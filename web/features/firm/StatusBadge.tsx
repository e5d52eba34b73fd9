import { Badge } from '@mantine/core';
import { REQUEST_STATUS_COLORS, REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/requests';

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={REQUEST_STATUS_COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
