import { type FirmRequestItem, type FirmSpecificQuestions, PACKAGE_SHARED_STATUSES } from '@shared/requests';
import type { TimelineEvent } from '@shared/timeline';
import type { lpqRequests, positionLpqs } from '../../db/schema';
import { accessEnded } from '../../policies/request-scope';

type RequestRow = typeof lpqRequests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const endOfAccess = (row: Pick<RequestRow, 'accessUntil'>) => new Date(`${row.accessUntil}T23:59:59.999Z`);

/** PRODUCT.md §5: shared, updated or submitted since a member of the firm last opened the package. */
export const isNewToFirm = (row: Pick<RequestRow, 'attentionAt' | 'firmOpenedAt'>) =>
  row.attentionAt !== null && (row.firmOpenedAt === null || row.firmOpenedAt < row.attentionAt);

export function toFirmRequestItem(
  row: RequestRow,
  attorneyName: string | null,
  versions: { version: number; sharedAt: string }[] = [],
  /** When the attorney submitted the position LPQ (position_lpqs.submitted_at), if read with the row. */
  lpqSubmittedAt: Date | null = null,
): FirmRequestItem {
  // Checked at read time: a request past its access end date is revoked for the firm from that moment on.
  const status = PACKAGE_SHARED_STATUSES.includes(row.status) && accessEnded(row) ? 'revoked' : row.status;
  return {
    id: row.id,
    attorneyEmail: row.attorneyEmail,
    attorneyName,
    firmName: row.firmName,
    positionTitle: row.positionTitle,
    practiceArea: row.practiceArea,
    status,
    sentAt: row.sentAt.toISOString(),
    dueDate: row.dueDate,
    sharedAt: iso(row.sharedAt),
    declineReason: row.declineReason,
    declinedAt: iso(row.declinedAt),
    reviewedAt: iso(row.reviewedAt),
    completedAt: iso(row.completedAt),
    withdrawnAt: iso(row.withdrawnAt),
    revokedAt: iso(row.revokedAt),
    accessUntil: row.accessUntil,
    version: row.currentVersion,
    contactPersonName: row.contactPersonName,
    contactPersonTitle: row.contactPersonTitle,
    contactPhone: row.contactPhone,
    additionalMessage: row.additionalMessage,
    firmSpecificQuestions: (row.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
    timeline: timelineOf(row, versions, lpqSubmittedAt),
    isNew: status !== 'revoked' && isNewToFirm(row),
  };
}

/**
 * PRODUCT.md §6: the request's timeline from the moments stored on it and its versions, oldest first.
 * A request whose access period has ended reads as revoked even before the job marks it.
 */
function timelineOf(
  row: RequestRow,
  versions: { version: number; sharedAt: string }[],
  lpqSubmittedAt: Date | null,
): TimelineEvent[] {
  const revoked = row.revokedAt ?? (accessEnded(row) ? endOfAccess(row) : null);
  const events: [TimelineEvent['event'], Date | null][] = [
    ...versions
      .filter((v) => v.version > 1)
      .map((v): [TimelineEvent['event'], Date] => ['updated', new Date(v.sharedAt)]),
    [row.revokedBy === 'attorney' || row.revokedBy === 'account_deleted' ? 'revoked' : 'expired', revoked],
    ['sent', row.sentAt],
    ['resent', row.lastResentAt],
    ['reminded', row.reminderSentAt],
    ['declined', row.declinedAt],
    ['shared', row.sharedAt],
    ['submitted', lpqSubmittedAt],
    ['reviewed', row.reviewedAt],
    ['completed', row.completedAt],
    ['withdrawn', row.withdrawnAt],
  ];
  return events
    .filter((e): e is [TimelineEvent['event'], Date] => e[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([event, at]) => ({ event, at: at.toISOString() }));
}

/** The position LPQ's progress as the firm sees it. */
export function positionLpqStatus(row: typeof positionLpqs.$inferSelect) {
  return row.status === 'draft' ? 'not_started' : row.status;
}
