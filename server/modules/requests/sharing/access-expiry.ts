import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { lpqRequests, users } from '../../../db/schema';
import { accessEndedSql, todayUtc } from '../../../policies/request-scope';
import { recordActivity } from '../../audit/audit.repo';
import { systemActor } from '../../audit/audit-chain';
import { endAccess } from './end-access';

export const ACCESS_EXPIRY_JOB = 'access-expiry';
export const ACCESS_EXPIRY_EVERY_MS = 10 * 60 * 1000;
const BATCH = 200;

/** Shared requests whose access end date (inclusive) has passed, on the one clock of the read rules. */
const expired = () => accessEndedSql(lpqRequests, todayUtc());

/**
 * PRODUCT.md §5: when a share's access end date has passed, the request becomes revoked and the firm is
 * mailed. Reads check the date themselves, so nothing slips through between runs; this job makes it
 * visible (status, mail). The scheduler runs it once per period across processes, and each request is
 * claimed by the guarded UPDATE of `endAccess`, in the transaction that writes its mail: two runs racing
 * on one request send one mail.
 */
export async function expireEndedAccess(ctx: AppContext): Promise<number> {
  let ended = 0;
  for (;;) {
    const candidates = await ctx.db
      .select({ id: lpqRequests.id, firstName: users.firstName, lastName: users.lastName })
      .from(lpqRequests)
      .leftJoin(users, eq(users.id, lpqRequests.attorneyUserId))
      .where(expired())
      .orderBy(asc(lpqRequests.accessUntil))
      .limit(BATCH);
    for (const c of candidates) {
      const row = await ctx.db.transaction(async (tx) => {
        const attorneyName = `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || 'The attorney';
        const done = await endAccess(ctx, tx, {
          requestId: c.id,
          cause: 'expired',
          actor: systemActor(ACCESS_EXPIRY_JOB),
          attorneyName,
          scope: expired(),
        });
        if (done?.attorneyUserId)
          await recordActivity(tx, {
            userId: done.attorneyUserId,
            kind: 'request_expired',
            title: `${done.firmName}'s access to your LPQ for ${done.positionTitle} ended`,
            detail: { requestId: done.id },
          });
        return done;
      });
      if (row) ended++;
    }
    if (candidates.length < BATCH) break;
  }
  if (ended) ctx.onMailQueued();
  return ended;
}
