import { BUSINESS_CASE_READ_LABELS } from '@shared/audit-trail';
import type { AccessAction, AccessLogEntry, AccessLogRead, accessLogQuerySchema } from '@shared/sharing';
import {
  FIRM_ROLES,
  HIRING_PARTS,
  READABLE_PART_LABELS,
  READABLE_PARTS,
  type ReadablePart,
} from '@shared/team';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accessEvents, activityEvents } from '../../db/schema';
import { type AccessLogGroup, accessLogGroups } from './access-log.repo';

/** Access events and Recent Activity rows. Reads select by the attorney's id: policy attorneyRecords.ownAccessLog. */

/** One line of a user's Recent Activity, written in the transaction of the action it describes. */
export async function recordActivity(
  tx: Tx,
  input: { userId: string; kind: string; title: string; detail?: Record<string, unknown> },
) {
  await tx.insert(activityEvents).values(input);
}

export type AccessKind = (typeof accessEvents.$inferSelect)['kind'];

/** A firm read of a shared package (PRODUCT.md §8): view, document download, PDF or CSV export. */
export async function recordAccess(
  tx: Tx | Db,
  input: typeof accessEvents.$inferInsert | (typeof accessEvents.$inferInsert)[],
) {
  const rows = Array.isArray(input) ? input : [input];
  if (rows.length) await tx.insert(accessEvents).values(rows);
}

/** The access log's name for each kind of read, and what was read when no file is named. */
const ACTION_OF: Record<AccessKind, AccessAction> = {
  package_view: 'viewed',
  document_download: 'downloaded',
  pdf_download: 'exported',
  csv_export: 'exported',
  conflicts_view: 'viewed',
  conflicts_export: 'exported',
  self_identification_view: 'viewed',
  business_case_view: 'viewed',
  business_case_export: 'exported',
};
const WHAT_OF: Record<AccessKind, string> = {
  package_view: 'Shared package',
  document_download: 'Document',
  pdf_download: 'Package PDF',
  csv_export: 'Request list (CSV)',
  conflicts_view: 'Conflicts view',
  conflicts_export: 'Conflicts rows (export)',
  self_identification_view: 'Self-identification form',
  business_case_view: BUSINESS_CASE_READ_LABELS.view,
  business_case_export: BUSINESS_CASE_READ_LABELS.export,
};
/**
 * A package read, or its PDF, is named by the parts it carried (access_events.parts, PRODUCT.md §9): a read
 * that carried no hiring part — a conflicts reader's, or a reviewer's who also holds conflicts but is not
 * assigned — viewed the conflicts form, not the shared package. A read with the hiring parts is the shared
 * package; one recorded before reads kept their parts keeps its kind's name.
 */
function packageReadWhat(kind: AccessKind, parts: readonly ReadablePart[] | null): string | null {
  if (kind !== 'package_view' && kind !== 'pdf_download') return null;
  if (!parts?.length || HIRING_PARTS.some((part) => parts.includes(part))) return null;
  const names = READABLE_PARTS.filter((part) => parts.includes(part))
    .map((part) => READABLE_PART_LABELS[part])
    .join(', ');
  return kind === 'pdf_download' ? `${names} (PDF)` : names;
}

/** What one read was: a file by its name, a package read by the parts it carried, else its kind. */
function whatOf(kind: AccessKind, fileName: string | null, parts: readonly ReadablePart[] | null) {
  return (kind === 'document_download' && fileName) || packageReadWhat(kind, parts) || WHAT_OF[kind];
}

/** When an entry groups several kinds of read, it is named by the one that took the most away. */
const WEIGHT: Record<AccessAction, number> = { viewed: 0, downloaded: 1, exported: 2 };

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * PRODUCT.md §6: every firm read of the attorney's data, newest first. Reads by one firm user of one
 * request are one entry while each follows the previous within 30 minutes, with a count; filterable by
 * firm name and by request.
 */
export async function queryAccessLog(
  db: Db,
  attorneyUserId: string,
  query: Partial<z.output<typeof accessLogQuerySchema>> = {},
): Promise<AccessLogEntry[]> {
  const rows = await accessLogGroups(
    db,
    attorneyUserId,
    { firm: query.firm, requestId: query.requestId },
    query.limit ?? 200,
  );
  return rows.map((r) => {
    const reads = readsOf(r.reads);
    const action = reads
      .map((read) => read.action)
      .reduce<AccessAction>((a, b) => (WEIGHT[b] > WEIGHT[a] ? b : a), 'viewed');
    return {
      at: iso(r.at),
      firstAt: iso(r.first_at),
      firmName: r.firm_name,
      firmUserName: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.firm_name,
      readerId: r.firm_user_id,
      readerRoles: FIRM_ROLES.filter((role) => r.reader_roles.includes(role)),
      action,
      what: [...new Set(reads.map((read) => read.what))].join(', '),
      count: Number(r.count),
      reads,
      requestId: r.request_id,
      positionTitle: r.position_title,
    };
  });
}

/**
 * The access log (PRODUCT.md §6): what an entry's reads were, each with its count — viewed, then downloaded,
 * then exported; within each, what was read (a file by its name) in alphabetical order.
 */
function readsOf(rows: AccessLogGroup['reads']): AccessLogRead[] {
  const byKey = new Map<string, AccessLogRead>();
  for (const row of rows) {
    const action = ACTION_OF[row.kind];
    const what = whatOf(row.kind, row.file_name, row.parts);
    const key = `${action}\u0000${what}`;
    const read = byKey.get(key);
    if (read) read.count += row.count;
    else byKey.set(key, { action, what, count: row.count });
  }
  return [...byKey.values()].sort(
    (a, b) => WEIGHT[a.action] - WEIGHT[b.action] || a.what.localeCompare(b.what),
  );
}

/** The kind of read and what was read, as the access log names them. */
export function describeRead(
  kind: AccessKind,
  fileName: string | null,
  parts: readonly ReadablePart[] | null,
) {
  return { action: ACTION_OF[kind], what: whatOf(kind, fileName, parts) };
}
