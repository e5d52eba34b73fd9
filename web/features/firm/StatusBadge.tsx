import { Badge, Group, Stack } from '@mantine/core';
import { REQUEST_STATUS_COLORS, REQUEST_STATUS_LABELS, type RequestStatus } from '@shared/request-status';
import type { FirmRequestItem } from '@shared/requests';

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={REQUEST_STATUS_COLORS[status]} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The attorney sent an update (PRODUCT.md §5): the package is past its first version. */
export const isUpdated = (request: Pick<FirmRequestItem, 'status' | 'version'>) =>
  request.status !== 'revoked' && (request.version ?? 0) > 1;

/** 'Updated · v2': shown while the firm can read the package, so a new version is seen from the list. */
export function UpdatedBadge({ version }: { version: number }) {
  return (
    <Badge color="orange" variant="light" tt="none" style={{ flexShrink: 0 }}>
      Updated · v{version}
    </Badge>
  );
}

/**
 * The status, and 'Updated' when the attorney has sent an update: side by side in a table cell, stacked
 * at the right of a phone card (so the name beside them keeps its width).
 */
export function RequestBadges({
  request,
  stacked = false,
}: {
  request: Pick<FirmRequestItem, 'status' | 'version'>;
  stacked?: boolean;
}) {
  const badges = (
    <>
      <StatusBadge status={request.status} />
      {isUpdated(request) && <UpdatedBadge version={request.version ?? 0} />}
    </>
  );
  return stacked ? (
    <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
      {badges}
    </Stack>
  ) : (
    <Group gap={4}>{badges}</Group>
  );
}
