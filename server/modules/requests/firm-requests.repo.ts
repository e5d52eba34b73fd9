import type { User } from '@shared/auth';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { preparedStatement } from '../../db/prepared';
import { firmProfiles, lpqRequests, OPEN_INVITATION_INDEX, positionLpqs, users } from '../../db/schema';
import { firmRequestScope, sentByFirm } from '../../policies/request-scope';

/**
 * The firm's side of requests. Reads are narrowed by `firmRequestScope` / `sentByFirm`, the SQL form of
 * policy request.firmOwns; the service judges the row it gets again.
 */
/**
 * Joins the attorney whose name the firm sees: only the attorney who shared the request (PRODUCT.md §5).
 * Until then the firm learns nothing beyond the address it typed, not even whether it has an account, so
 * a pending or declined request has no name.
 */
const requestAttorney = and(eq(users.id, lpqRequests.attorneyUserId), isNotNull(lpqRequests.sharedAt));

/** The firm's requests with the attorney's name. */
export function selectFirmRequests(tx: Tx, user: User) {
  return tx
    .select({ request: lpqRequests, firstName: users.firstName, lastName: users.lastName })
    .from(lpqRequests)
    .leftJoin(users, requestAttorney)
    .where(firmRequestScope(user))
    .$dynamic();
}

export const fullName = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null;

/** Sent in the last hour and the last day, counted from the stored rows. */
export async function invitationsSent(tx: Tx, firmUserId: string) {
  const [sent] = await tx
    .select({
      lastHour:
        sql<number>`count(*) filter (where ${lpqRequests.sentAt} > now() - interval '1 hour')`.mapWith(
          Number,
        ),
      lastDay: count(),
    })
    .from(lpqRequests)
    .where(
      and(eq(lpqRequests.firmUserId, firmUserId), sql`${lpqRequests.sentAt} > now() - interval '1 day'`),
    );
  return sent;
}

/** A pending invitation of this firm to this address for this position title, in any letter case. */
export async function openInvitation(
  tx: Tx,
  firmUserId: string,
  input: { attorneyEmail: string; positionTitle: string },
) {
  const [open] = await tx
    .select({ id: lpqRequests.id })
    .from(lpqRequests)
    .where(
      and(
        eq(lpqRequests.firmUserId, firmUserId),
        eq(lpqRequests.status, 'pending'),
        sql`lower(${lpqRequests.attorneyEmail}) = lower(${input.attorneyEmail})`,
        sql`lower(${lpqRequests.positionTitle}) = lower(${input.positionTitle})`,
      ),
    )
    .limit(1);
  return open;
}

/** The firm's profile row, locked: one firm's invitations are checked and stored one at a time. */
export async function lockFirmProfile(tx: Tx, firmUserId: string) {
  const [locked] = await tx
    .select({ userId: firmProfiles.userId })
    .from(firmProfiles)
    .where(eq(firmProfiles.userId, firmUserId))
    .for('update');
  return locked;
}

export async function insertRequest(tx: Tx, values: typeof lpqRequests.$inferInsert) {
  const [inserted] = await tx.insert(lpqRequests).values(values).returning();
  return inserted;
}

/**
 * One of the firm's requests with its position LPQ, in one statement. Firms open it all day, so it is a
 * prepared statement.
 */
export const requestWithLpq = (db: Db) =>
  preparedStatement(db, 'firm_request_with_lpq', (db, name) =>
    db
      .select({
        request: lpqRequests,
        firstName: users.firstName,
        lastName: users.lastName,
        lpq: positionLpqs,
      })
      .from(lpqRequests)
      .leftJoin(users, requestAttorney)
      .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
      .where(and(sentByFirm(sql.placeholder('firmUserId')), eq(lpqRequests.id, sql.placeholder('requestId'))))
      .prepare(name),
  );

/** One of the firm's requests with the attorney's name (once shared). */
export async function findFirmRequestWithName(db: Db | Tx, firm: User, requestId: string) {
  const [row] = await selectFirmRequests(db as Tx, firm).where(
    and(firmRequestScope(firm), eq(lpqRequests.id, requestId)),
  );
  return row;
}

/** The unique index of open invitations caught a second one that got past the check. */
export const isOpenInvitationConflict = (err: unknown) => isUniqueViolation(err, OPEN_INVITATION_INDEX);
