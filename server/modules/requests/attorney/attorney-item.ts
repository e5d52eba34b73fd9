import type { AttorneyRequestItem, PositionLpqStatus } from '@shared/position-lpq';
import type { FirmSpecificQuestions } from '@shared/requests';
import type { PackageParts } from '@shared/sharing';
import type { lpqRequests } from '../../../db/schema';

type RequestRow = typeof lpqRequests.$inferSelect;

/** What the attorney's item says beside the request row: its position LPQ and its latest version. */
export type AttorneyItemExtras = {
  lpq?: { id: string; status: PositionLpqStatus; submittedAt: Date | null } | null;
  /** The parts of the latest version; null until shared. */
  include?: PackageParts | null;
  /** The master LPQ was saved after the latest version was shared. */
  masterChanged?: boolean;
};

/** A request as the attorney's list and actions answer it. */
export function toAttorneyItem(row: RequestRow, extras: AttorneyItemExtras = {}): AttorneyRequestItem {
  const { lpq = null, include = null, masterChanged = false } = extras;
  return {
    id: row.id,
    firmName: row.firmName,
    positionTitle: row.positionTitle,
    practiceArea: row.practiceArea,
    status: row.status,
    sentAt: row.sentAt.toISOString(),
    dueDate: row.dueDate ?? null,
    contactPersonName: row.contactPersonName,
    contactPersonTitle: row.contactPersonTitle,
    contactPhone: row.contactPhone ?? null,
    additionalMessage: row.additionalMessage ?? null,
    firmSpecificQuestions: (row.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
    lpqId: lpq?.id ?? null,
    lpqStatus: lpq?.status ?? null,
    lpqSubmittedAt: lpq?.submittedAt?.toISOString() ?? null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    version: row.currentVersion,
    include,
    accessUntil: row.accessUntil,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    masterLpqChangedSinceShare: masterChanged && row.currentVersion !== null,
  };
}
