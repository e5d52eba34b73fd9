import type { AccessLogEntry, accessLogQuerySchema } from '@shared/sharing';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { attorneyRecordPolicies as policies } from '../../policies/attorney-records.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { queryAccessLog } from './audit.repo';

/** GET /api/attorney/access-log: every firm read of the attorney's own data (PRODUCT.md §6). */
export async function listAccessLog(
  ctx: AppContext,
  actor: Actor,
  query: Partial<z.output<typeof accessLogQuerySchema>> = {},
): Promise<AccessLogEntry[]> {
  const attorney = authorize(policies.ownAccessLog, actor);
  return queryAccessLog(ctx.db, attorney.id, query);
}
