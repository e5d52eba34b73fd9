import {
  ACCESS_LOG_WINDOW_MINUTES,
  type AccessAction,
  type AccessLogEntry,
  type accessLogQuerySchema,
} from '@shared/sharing';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accessEvents, activityEvents, lpqRequests, users } from '../../db/schema';

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
};
const WHAT_OF: Record<AccessKind, string> = {
  package_view: 'Shared package',
  document_download: 'Document',
  pdf_download: 'Package PDF',
  csv_export: 'Request list (CSV)',
};
/** When an entry groups several kinds of read, it is named by the one that took the most away. */
const WEIGHT: Record<AccessAction, number> = { viewed: 0, downloaded: 1, exported: 2 };

type Row = {
  at: Date | string;
  first_at: Date | string;
  count: number | string;
  kinds: AccessKind[];
  whats: (string | null)[];
  firm_name: string;
  first_name: string | null;
  last_name: string | null;
  request_id: string;
  position_title: string;
};

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
  const limit = query.limit ?? 200;
  const filters = [sql`e.attorney_user_id = ${attorneyUserId}`];
  if (query.firm) filters.push(sql`e.firm_name = ${query.firm}`);
  if (query.requestId) filters.push(sql`e.request_id = ${query.requestId}`);
  const result = await db.execute(sql`
    WITH ev AS (
      SELECT e.*, CASE WHEN e.created_at - lag(e.created_at) OVER w
          <= make_interval(mins => ${ACCESS_LOG_WINDOW_MINUTES}) THEN 0 ELSE 1 END AS starts
      FROM ${accessEvents} e
      WHERE ${sql.join(filters, sql` AND `)}
      WINDOW w AS (PARTITION BY e.firm_user_id, e.request_id ORDER BY e.created_at, e.id)
    ), grouped AS (
      SELECT ev.*, sum(starts) OVER (PARTITION BY firm_user_id, request_id ORDER BY created_at, id) AS grp
      FROM ev
    )
    SELECT max(g.created_at) AS at, min(g.created_at) AS first_at, count(*) AS count,
      array_agg(DISTINCT g.kind) AS kinds, array_agg(DISTINCT g.file_name) AS whats,
      max(g.firm_name) AS firm_name, max(u.first_name) AS first_name, max(u.last_name) AS last_name,
      g.request_id, max(r.position_title) AS position_title
    FROM grouped g
    JOIN ${lpqRequests} r ON r.id = g.request_id
    LEFT JOIN ${users} u ON u.id = g.firm_user_id
    GROUP BY g.firm_user_id, g.request_id, g.grp
    ORDER BY at DESC
    LIMIT ${limit}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) => {
    const kinds = [...new Set(r.kinds)];
    const action = kinds
      .map((k) => ACTION_OF[k])
      .reduce<AccessAction>((a, b) => (WEIGHT[b] > WEIGHT[a] ? b : a), 'viewed');
    const files = r.whats.filter((w): w is string => !!w).sort();
    const named = kinds.filter((k) => k !== 'document_download' || files.length === 0).map((k) => WHAT_OF[k]);
    return {
      at: iso(r.at),
      firstAt: iso(r.first_at),
      firmName: r.firm_name,
      firmUserName: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.firm_name,
      action,
      what: [...named.sort(), ...files].join(', '),
      count: Number(r.count),
      requestId: r.request_id,
      positionTitle: r.position_title,
    };
  });
}
