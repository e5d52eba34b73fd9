import type { AttorneyRequestItem } from '@shared/lpq';
import type { FirmSpecificQuestions } from '@shared/requests';
import type { PackageParts } from '@shared/sharing';
import type { lpqRequests } from '../../db/schema';

type RequestRow = typeof lpqRequests.$inferSelect;

/** A request as the attorney's list and actions answer it. */
export function toAttorneyItem(
  row: RequestRow,
  lpqId: string | null,
  include: PackageParts | null = null,
): AttorneyRequestItem {
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
    lpqId,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    version: row.currentVersion,
    include,
    accessUntil: row.accessUntil,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
