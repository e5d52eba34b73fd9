import { EXPORT_FILES } from '@shared/account';
import type { User } from '@shared/auth';
import type { Db } from '../../../db/client';
import type { AuditTrailPdf } from '../../../pdf/audit-trail-pdf';
import { attorneyRequestScope } from '../../../policies/request-scope';
import { verifyChain } from '../../audit/audit-chain';
import { type RecordKey, signReceipt } from '../../audit/trail-receipt';
import { trailEvents, trailHeads } from './record.repo';
import { trailCsv, trailPdf } from './record-files';

/** A name part for a file inside the archive: letters, digits and dashes only. */
const slug = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'untitled';

/**
 * PRODUCT.md §11, the data export: the whole account's audit trail as one CSV and each request's trail as a
 * PDF (with the check of its chain and, while it is intact, its head signed: the receipt the trail PDFs carry),
 * as the downloads give them. Read in the export's transaction, through the attorney's requests
 * (attorneyRequestScope: policy request.attorneyRequests).
 */
export async function auditTrailExportEntries(
  db: Db,
  attorney: User,
  key: RecordKey,
): Promise<({ name: string; data: Buffer } | { name: string; trail: AuditTrailPdf })[]> {
  const where = attorneyRequestScope(attorney);
  const rows = await trailEvents(db, where, 'attorney');
  // The PDFs are rendered once the export's read is over (data-export.service.ts), never inside it.
  const entries: ({ name: string; data: Buffer } | { name: string; trail: AuditTrailPdf })[] = [
    { name: EXPORT_FILES.auditTrail, data: Buffer.from(trailCsv(rows)) },
  ];
  for (const { head, firmName, positionTitle, attorneyEmail } of await trailHeads(db, where)) {
    const own = rows.filter((r) => r.event.requestId === head.requestId);
    if (own.length === 0) continue;
    const verification = verifyChain(
      head.requestId,
      own.map((r) => r.event),
      head,
    );
    const trail = trailPdf({
      firmName,
      positionTitle,
      attorneyEmail,
      requestId: head.requestId,
      rows: own,
      verification,
      receipt: verification.intact
        ? signReceipt(key, [{ requestId: head.requestId, events: head.seq, hash: head.hash }])
        : null,
      now: new Date(),
    });
    entries.push({
      name: `${EXPORT_FILES.auditFolder}/${slug(firmName)}-${slug(positionTitle)}-${head.requestId.slice(0, 8)}.pdf`,
      trail,
    });
  }
  return entries;
}
