import { todayUtc } from '@shared/calendar';
import { versionWithChanges } from '@shared/package-changes';
import {
  type FirmPositionLpqStatus,
  type FirmRequestItem,
  type FirmRequestListItem,
  type FirmSpecificQuestions,
  PACKAGE_SHARED_STATUSES,
} from '@shared/requests';
import type { ConflictsStatus } from '@shared/team';
import { TIMELINE_LABELS, type TimelineEvent } from '@shared/timeline';
import type { lpqRequests, positionLpqs } from '../../../db/schema';
import { accessEnded } from '../../../policies/request-scope';

type RequestRow = typeof lpqRequests.$inferSelect;
type PositionLpqRow = typeof positionLpqs.$inferSelect;

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

/** PRODUCT.md §15: pending with its due date passed (the due date is the last day to answer). */
export const isOverdue = (row: Pick<RequestRow, 'status' | 'dueDate'>, today = todayUtc()) =>
  row.status === 'pending' && row.dueDate !== null && row.dueDate < today;

/**
 * PRODUCT.md §15: the latest event of the timeline as one line, 'Shared v2' for a share or an update
 * (the version the firm has now), the timeline's label for the others.
 */
export function lastActivityOf(
  item: Pick<FirmRequestItem, 'timeline' | 'version' | 'sentAt'>,
  /** How many answers the current version changed, in the reader's parts (null: not counted). */
  changes: number | null = null,
) {
  const last = item.timeline.at(-1) ?? { event: 'sent' as const, at: item.sentAt };
  const text =
    last.event === 'shared' || last.event === 'updated'
      ? `Shared ${versionWithChanges(last.event === 'shared' ? 1 : (item.version ?? 1), changes)}`
      : TIMELINE_LABELS[last.event];
  return { at: last.at, text };
}

/** A row of the pipeline's page as the list answers it (firm-pipeline.repo.ts pageOfRequests). */
export function toFirmRequestListItem(
  row: RequestRow,
  attorneyName: string | null,
  extra: {
    reviewers: { userId: string; name: string }[];
    conflictsStatus: ConflictsStatus | null;
    conflictsWaiting: number;
    positionLpqStatus: string | null;
    lpqSubmittedAt: string | Date | null;
    /** Issue 64: the current version's changed answers in the reader's parts (null: not counted, v1). */
    changeCount?: number | string | null;
  },
): FirmRequestListItem {
  // The versions between the first and the current one are not read for the list: an update shows as the
  // attention moment when it is not the position LPQ's submission (PRODUCT.md §5).
  const submittedAt = extra.lpqSubmittedAt ? new Date(extra.lpqSubmittedAt) : null;
  const updates =
    row.attentionAt &&
    row.sharedAt &&
    row.attentionAt > row.sharedAt &&
    (!submittedAt || submittedAt.getTime() !== row.attentionAt.getTime())
      ? [{ version: row.currentVersion ?? 1, sharedAt: row.attentionAt.toISOString() }]
      : [];
  const item = toFirmRequestItem(row, attorneyName, updates, submittedAt);
  return {
    ...item,
    reviewers: extra.reviewers,
    conflictsStatus: extra.conflictsStatus,
    conflictsWaiting: Number(extra.conflictsWaiting),
    positionLpqStatus: extra.positionLpqStatus
      ? positionLpqStatus({ status: extra.positionLpqStatus as PositionLpqRow['status'] })
      : null,
    lastActivity: lastActivityOf(item, extra.changeCount == null ? null : Number(extra.changeCount)),
    overdue: isOverdue(row),
  };
}

/** The position LPQ's progress as the firm sees it. */
export function positionLpqStatus(row: Pick<PositionLpqRow, 'status'>): FirmPositionLpqStatus {
  return row.status === 'draft' ? 'not_started' : row.status;
}
