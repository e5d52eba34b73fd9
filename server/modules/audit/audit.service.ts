import type { PageQuery } from '@shared/paging';
import type {
  AccessLogEntry,
  AccessReadItem,
  accessLogQuerySchema,
  accessReadsQuerySchema,
} from '@shared/sharing';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor } from '../../plugins/paging';
import { attorneyRecordPolicies as policies } from '../../policies/attorney-records.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { accessReads } from './access-log.repo';
import { describeRead, queryAccessLog } from './audit.repo';

/** GET /api/attorney/access-log: every firm read of the attorney's own data (PRODUCT.md §6). */
export async function listAccessLog(
  ctx: AppContext,
  actor: Actor,
  query: Partial<z.output<typeof accessLogQuerySchema>> = {},
): Promise<AccessLogEntry[]> {
  const attorney = authorize(policies.ownAccessLog, actor);
  return queryAccessLog(ctx.db, attorney.id, query);
}

const isEventId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

/**
 * GET /api/attorney/access-log/reads: the individual reads an entry of the log groups,
 * newest first, a page at a time, and the cursor of the next page (null on the last). Only the attorney's
 * own events: another attorney's entry is an empty list, never a hint that it exists.
 */
export async function listAccessReads(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof accessReadsQuerySchema> & PageQuery,
): Promise<{ items: AccessReadItem[]; nextCursor: string | null }> {
  const attorney = authorize(policies.ownAccessLog, actor);
  const after = query.cursor ? decodeCursor(query.cursor, isEventId) : null;
  const rows = await accessReads(ctx.db, attorney.id, query, { after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      at: new Date(r.at).toISOString(),
      ...describeRead(r.kind, r.file_name, r.parts),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.at, String(last.id)) : null,
  };
}
