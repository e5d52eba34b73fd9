import { and, count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import {
  accessEvents,
  firms,
  lpqRequests,
  OPEN_INVITATION_INDEX,
  positionLpqs,
  requestReviewers,
  sharedPackages,
  users,
} from '../../../db/schema';
import type { FirmMember } from '../../../policies/authorize';
import { assignedSql, memberRef } from '../../../policies/request-scope';

/**
 * The firm's side of requests. Reads are narrowed by the scope of the policy the service judges the row with
 * (server/policies/request.policy.ts), and load what the rules read: the request's firm, its version and
 * whether the member is assigned to it (`assigned`).
 */
/**
 * Joins the attorney whose name the firm sees: only the attorney who shared the request (PRODUCT.md §5).
 * Until then the firm learns nothing beyond the address it typed, not even whether it has an account, so
 * a pending or declined request has no name.
 */
const requestAttorney = and(eq(users.id, lpqRequests.attorneyUserId), isNotNull(lpqRequests.sharedAt));

/**
 * PRODUCT.md §13, for a list of requests: the request's derived conflicts status and how many of its rows wait
 * for an answer ('conflicts status with rows waiting'), as columns of a select on lpq_requests.
 */
export const conflictsSummarySql = () => ({
  conflictsStatus: lpqRequests.conflictsStatus,
  conflictsWaiting: lpqRequests.conflictsWaiting,
});

export const fullName = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null;

/** Sent by the firm in the last hour and the last day, counted from the stored rows. */
export async function invitationsSent(tx: Tx, firmId: string) {
  const [sent] = await tx
    .select({
      lastHour:
        sql<number>`count(*) filter (where ${lpqRequests.sentAt} > now() - interval '1 hour')`.mapWith(
          Number,
        ),
      lastDay: count(),
    })
    .from(lpqRequests)
    .where(and(eq(lpqRequests.firmId, firmId), sql`${lpqRequests.sentAt} > now() - interval '1 day'`));
  return sent;
}

/** A pending invitation of this firm to this address for this position title, in any letter case. */
export async function openInvitation(
  tx: Tx,
  firmId: string,
  input: { attorneyEmail: string; positionTitle: string },
) {
  const [open] = await tx
    .select({ id: lpqRequests.id })
    .from(lpqRequests)
    .where(
      and(
        eq(lpqRequests.firmId, firmId),
        eq(lpqRequests.status, 'pending'),
        sql`lower(${lpqRequests.attorneyEmail}) = lower(${input.attorneyEmail})`,
        sql`lower(${lpqRequests.positionTitle}) = lower(${input.positionTitle})`,
      ),
    )
    .limit(1);
  return open;
}

/** The firm's row, locked: one firm's invitations are checked and stored one at a time. */
export async function lockFirm(tx: Tx, firmId: string) {
  const [locked] = await tx.select({ id: firms.id }).from(firms).where(eq(firms.id, firmId)).for('update');
  return locked;
}

export async function insertRequest(tx: Tx, values: typeof lpqRequests.$inferInsert) {
  const [inserted] = await tx.insert(lpqRequests).values(values).returning();
  return inserted;
}

/**
 * One request of the member's firm narrowed by a policy's scope, with the attorney's name (once shared),
 * its position LPQ and whether the member is assigned to it; locked for the transaction when asked.
 */
export async function findFirmRequest(
  db: Db | Tx,
  member: FirmMember,
  requestId: string,
  scope: SQL,
  opts: { lock?: boolean } = {},
) {
  const query = db
    .select({
      request: lpqRequests,
      firstName: users.firstName,
      lastName: users.lastName,
      lpq: positionLpqs,
      assigned: assignedSql(memberRef(member), lpqRequests).mapWith(Boolean),
    })
    .from(lpqRequests)
    .leftJoin(users, requestAttorney)
    .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
    .where(and(eq(lpqRequests.id, requestId), scope));
  const [row] = opts.lock ? await query.for('update', { of: lpqRequests }) : await query;
  return row;
}

/** The facts a request rule is judged on (FirmRequestFacts), from a row of findFirmRequest. */
export const factsOf = (row: { request: typeof lpqRequests.$inferSelect; assigned: boolean }) => ({
  firmId: row.request.firmId,
  currentVersion: row.request.currentVersion,
  assigned: row.assigned,
});

/** The unique index of open invitations caught a second one that got past the check. */
export const isOpenInvitationConflict = (err: unknown) => isUniqueViolation(err, OPEN_INVITATION_INDEX);

/**
 * What the firm's hot read adds to a request (hot-reads.repo.ts), for a reader outside it (an API token):
 * the assigned reviewers by name and the version that was the latest when this reader last opened the package.
 */
export async function requestDetailExtras(db: Db | Tx, requestId: string, readerId: string) {
  const reviewers = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(requestReviewers)
    .innerJoin(users, eq(users.id, requestReviewers.userId))
    .where(eq(requestReviewers.requestId, requestId))
    .orderBy(users.lastName, users.firstName);
  const [opened] = await db
    .select({ version: sql<number | null>`max(${sharedPackages.version})` })
    .from(sharedPackages)
    .where(
      and(
        eq(sharedPackages.requestId, requestId),
        sql`${sharedPackages.sharedAt} <= (select max(e."created_at") from ${accessEvents} e
          where e."request_id" = ${requestId} and e."firm_user_id" = ${readerId} and e."kind" = 'package_view')`,
      ),
    );
  return { reviewers, lastOpenedVersion: opened?.version == null ? null : Number(opened.version) };
}
