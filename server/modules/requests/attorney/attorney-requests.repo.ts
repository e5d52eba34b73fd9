import type { User } from '@shared/auth';
import { SHARED_NOT_IN_REVIEW_STATUSES } from '@shared/requests';
import type { PackageParts } from '@shared/sharing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { lpqRequests, masterLpqs, positionLpqs, sharedPackages } from '../../../db/schema';
import { attorneyRequestScope, packageOpenSql, todayUtc } from '../../../policies/request-scope';

/**
 * The attorney's side of requests. Every query is narrowed by `attorneyRequestScope` or `sentToAddress`,
 * the SQL form of policy request.attorneyActs: a row of another attorney never leaves the database.
 */
type RequestRow = typeof lpqRequests.$inferSelect;

/**
 * The LPQ Requests page's counts (GET /api/attorney/lpq-requests/summary) over every request, while the
 * list itself comes in pages: pending, shared (SHARED_NOT_IN_REVIEW_STATUSES), under review, and the firms that asked.
 */
export async function requestSummary(db: Db, user: User) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${lpqRequests.status} = 'pending')::int`,
      shared: sql<number>`count(*) filter (where ${inArray(lpqRequests.status, SHARED_NOT_IN_REVIEW_STATUSES)})::int`,
      underReview: sql<number>`count(*) filter (where ${lpqRequests.status} = 'reviewed')::int`,
      firms: sql<number>`count(distinct ${lpqRequests.firmName})::int`,
    })
    .from(lpqRequests)
    .where(attorneyRequestScope(user));
  return row;
}

/** One request sent to this attorney's verified address, or undefined. */
export async function findRequestSentTo(db: Db | Tx, user: User, requestId: string) {
  const [row] = await db
    .select()
    .from(lpqRequests)
    .where(and(eq(lpqRequests.id, requestId), attorneyRequestScope(user)));
  return row;
}

export async function masterLpqIsComplete(tx: Tx, userId: string) {
  const [lpq] = await tx
    .select({ isComplete: masterLpqs.isComplete })
    .from(masterLpqs)
    .where(eq(masterLpqs.userId, userId));
  return lpq?.isComplete ?? false;
}

export async function positionLpqOf(tx: Tx, requestId: string) {
  const [lpq] = await tx.select().from(positionLpqs).where(eq(positionLpqs.requestId, requestId));
  return lpq;
}

export async function insertPositionLpq(
  tx: Tx,
  values: { requestId: string; attorneyUserId: string; formData: Record<string, unknown> },
) {
  const [lpq] = await tx.insert(positionLpqs).values(values).returning({ id: positionLpqs.id });
  return lpq;
}

/** The parts of the request's latest version: an update keeps them unless the attorney chooses again. */
export async function currentParts(tx: Tx, row: RequestRow): Promise<PackageParts | undefined> {
  if (row.currentVersion === null) return undefined;
  const [pkg] = await tx
    .select({ include: sharedPackages.include })
    .from(sharedPackages)
    .where(and(eq(sharedPackages.requestId, row.id), eq(sharedPackages.version, row.currentVersion)));
  return pkg?.include;
}

/**
 * The guarded `UPDATE … SET current_version = current_version + 1 WHERE status IN (shared)` of Send
 * update: it matches nothing after a revoke or once access has ended, and serialises two updates.
 */
/**
 * The update limit: whether `perHour` updates of this request were already sent within the hour before
 * version `version` — one primary-key probe: the update `perHour` versions back (version 1 is the share, not
 * an update). Called with the request's row locked by nextVersion, so concurrent updates count each other.
 */
export async function updateLimitReached(tx: Tx, requestId: string, version: number, perHour: number) {
  const back = version - perHour;
  if (back < 2) return false;
  const [row] = await tx
    .select({ recent: sql<boolean>`${sharedPackages.sharedAt} > now() - interval '1 hour'` })
    .from(sharedPackages)
    .where(and(eq(sharedPackages.requestId, requestId), eq(sharedPackages.version, back)));
  return row?.recent === true;
}

export async function nextVersion(
  tx: Tx,
  user: User,
  requestId: string,
  set: { updatedAt: Date; attentionAt: Date; accessUntil?: string | null },
) {
  const [row] = await tx
    .update(lpqRequests)
    .set({ currentVersion: sql`${lpqRequests.currentVersion} + 1`, ...set })
    .where(
      and(eq(lpqRequests.id, requestId), attorneyRequestScope(user), packageOpenSql(lpqRequests, todayUtc())),
    )
    .returning();
  return row;
}
