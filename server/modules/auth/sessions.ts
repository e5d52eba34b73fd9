import type { User } from '@shared/auth';
import { SESSION } from '@shared/limits';
import type { FirmRole } from '@shared/team';
import { and, desc, eq, isNull, ne, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { firmMembers, firms, sessions, users } from '../../db/schema';
import { mustEnrolSecondFactorSql, sessionClock, sessionLiveSql } from '../../policies/session-scope';
import { membershipColumns, toUser, userColumns } from './auth.presenter';
import { hashToken, newToken } from './crypto';

// lastUsedAt is written at most this often, so reads do not all become writes.
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** How a session's user proved who they are (the sessions list and recent sign-in keep it). */
export type SessionOrigin = { userAgent?: string | null; authMethod?: string };

/**
 * A new session. The user's first one (issue 67 item 13: `users.first_signed_in_at` still unset, set here)
 * is their first visit, kept on the session so every screen of it greets them 'Welcome', not 'Welcome back'.
 */
export async function createSession(tx: Tx | Db, userId: string, origin: SessionOrigin = {}) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SESSION.absoluteMs);
  const first = await tx
    .update(users)
    .set({ firstSignedInAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.firstSignedInAt)))
    .returning({ id: users.id });
  const firstVisit = first.length > 0;
  await tx.insert(sessions).values({
    id: hash,
    userId,
    expiresAt,
    userAgent: clipUserAgent(origin.userAgent),
    authMethod: origin.authMethod ?? 'password',
    firstVisit,
  });
  return { token, expiresAt, firstVisit };
}

/** The user as the new session's answer gives them: `firstVisit` on the first session only (issue 67). */
export const withVisit = (user: User, session: { firstVisit: boolean }): User =>
  session.firstVisit ? { ...user, firstVisit: true } : user;

const clipUserAgent = (ua: string | null | undefined) => (ua ? ua.slice(0, 512) : null);

// The session's own sign-in decides too: a single sign-on with the provider's multi-factor (PRODUCT.md §14).
const sessionMembershipColumns = {
  ...membershipColumns,
  mustEnrol: mustEnrolSecondFactorSql(users.id, firms.requireTwoFactor, sessions.authMethod).mapWith(Boolean),
};

/*
 * The session's one owner (issue 66): its lookup, its 'last used' touch, the user it maps to and the
 * second-factor gate, in two forms side by side — the ordinary one (`validateSession`, what every request's
 * hook runs) and the same rules composed into one statement (`SESSION_IN_STATEMENT`, for a route whose own
 * statement looks its session up with its work). sessions.test.ts runs both over the same sessions and holds
 * them equal, on both databases, as policies.test.ts holds the request rules' code and SQL equal.
 */

const sessionByIdQuery = (db: Db) =>
  db
    .select({
      lastUsedAt: sessions.lastUsedAt,
      firstVisit: sessions.firstVisit,
      user: userColumns,
      membership: sessionMembershipColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(firmMembers, eq(firmMembers.userId, users.id))
    .leftJoin(firms, eq(firms.id, firmMembers.firmId))
    .where(
      sql`${sessions.id} = ${sql.placeholder('id')} and ${sessionLiveSql(sessions, sql.placeholder('now'), sql.placeholder('idleCutoff'))}`,
    )
    .limit(1);

/** Ordinary form: read on every signed-in request, so it is a prepared statement. */
const sessionById = (db: Db) =>
  preparedStatement(db, 'session_by_id', (db, name) => sessionByIdQuery(db).prepare(name));

/** Whether a session last used at `lastUsedAt` is touched at `now` (lastUsedAt written at most once a minute). */
export const touchDue = (lastUsedAt: Date, now: Date) =>
  now.getTime() - lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS;

/**
 * The session of a cookie's hash: its user (firm, roles and `mustEnrolSecondFactor` included), touched when
 * due. Null when unknown, expired, idle or ended.
 */
export async function validateSessionId(
  db: Db,
  id: string,
  now = new Date(),
): Promise<{ user: User; sessionId: string } | null> {
  const clock = sessionClock(now);
  const [row] = await sessionById(db).execute({ id, ...clock });
  if (!row) return null;
  if (touchDue(row.lastUsedAt, now))
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
  return { user: withVisit(toUser(row.user, row.membership), row), sessionId: id };
}

export const validateSession = (db: Db, token: string) => validateSessionId(db, hashToken(token));

const s = alias(sessions, 's');
const p = sql.placeholder;
const raw = (text: string) => sql.raw(text);

/**
 * Composed form: the same lookup, touch and mapping as CTEs (`"session"`, one row or none, and `"touched"`)
 * for a statement to start with (`with ${SESSION_IN_STATEMENT}, …`), its placeholders from `sessionParams`,
 * its row mapped by `sessionUserOfRow`. The session's user and, for a firm user, their firm and roles (null
 * once removed from the firm).
 */
export const SESSION_IN_STATEMENT = sql`"session" as (
    select ${s.id} as "session_id", u."id" as "u_id", u."email" as "u_email", u."first_name" as "u_first_name",
           u."last_name" as "u_last_name", u."user_type" as "u_user_type", u."email_verified_at" as "u_email_verified_at",
           m."firm_id" as "m_firm_id", m."roles" as "m_roles", ${s.firstVisit} as "first_visit",
           ${mustEnrolSecondFactorSql(raw(`u."id"`), raw(`fm."require_two_factor"`), s.authMethod)} as "u_must_enrol"
    from ${sessions} ${s} join ${users} u on u."id" = ${s.userId}
    left join ${firmMembers} m on m."user_id" = u."id"
    left join ${firms} fm on fm."id" = m."firm_id"
    where ${s.id} = ${p('sessionId')} and ${sessionLiveSql(s, p('now'), p('idleCutoff'))}
  ), "touched" as (
    update ${sessions} set "last_used_at" = ${p('now')}::timestamptz
    where "id" = (select "session_id" from "session") and "last_used_at" < ${p('touchBefore')}::timestamptz
    returning 1
  )`;

/** SESSION_IN_STATEMENT's placeholders at this moment. */
export function sessionParams(sessionId: string, now = new Date()) {
  return {
    sessionId,
    ...sessionClock(now),
    touchBefore: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS).toISOString(),
  };
}

/** The signed-in user of a row with SESSION_IN_STATEMENT's columns; null when the session is not live. */
export function sessionUserOfRow(row: Record<string, unknown> | undefined): User | null {
  if (!row?.u_id) return null;
  const user: User = {
    id: row.u_id as string,
    email: row.u_email as string,
    firstName: row.u_first_name as string,
    lastName: row.u_last_name as string,
    userType: row.u_user_type as User['userType'],
    emailVerified: row.u_email_verified_at !== null,
  };
  if (user.userType === 'firm')
    user.firm = row.m_firm_id ? { id: row.m_firm_id as string, roles: row.m_roles as FirmRole[] } : null;
  if (row.u_must_enrol === true) user.mustEnrolSecondFactor = true;
  return row.first_visit === true ? { ...user, firstVisit: true } : user;
}

/**
 * The user as a session read gives them, their firm, roles and enrolment state included (toUser): what a
 * sign-in answers, so the web knows at once where the member may go (PRODUCT.md §9, §10).
 */
export async function signedInUser(db: Db | Tx, userId: string): Promise<User | null> {
  const [row] = await db
    .select({ user: userColumns, membership: membershipColumns })
    .from(users)
    .leftJoin(firmMembers, eq(firmMembers.userId, users.id))
    .leftJoin(firms, eq(firms.id, firmMembers.firmId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toUser(row.user, row.membership) : null;
}

export async function deleteSession(tx: Tx, sessionId: string) {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db) {
  const clock = sessionClock();
  await db.delete(sessions).where(not(sessionLiveSql(sessions, clock.now, clock.idleCutoff)));
}

// ---- Account security (PRODUCT.md §10): the sessions list and recent sign-in

/** The account's live sessions, newest first; `id` is the public id, never the token's hash. */
export async function listUserSessions(db: Db, userId: string) {
  const clock = sessionClock();
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sessionLiveSql(sessions, clock.now, clock.idleCutoff)))
    .orderBy(desc(sessions.lastUsedAt));
}

/** A session made before the user agent was kept (registration screens) learns it on first listing. */
export async function fillSessionUserAgent(db: Db, sessionId: string, userAgent: string | undefined) {
  if (!userAgent) return;
  await db
    .update(sessions)
    .set({ userAgent: clipUserAgent(userAgent) })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.userAgent)));
}

/** Ends one of the user's sessions by its public id; false when it is not theirs or gone. */
export async function deleteSessionByPublicId(tx: Tx | Db, userId: string, publicId: string) {
  const rows = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return rows[0]?.id;
}

/** Ends every session of the user but `keepId`; the number ended. */
export async function deleteOtherSessions(tx: Tx | Db, userId: string, keepId: string) {
  const rows = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** When the session's user last proved who they are; undefined for an unknown session. */
export async function sessionAuthenticatedAt(db: Db, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sessions.authenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.at;
}

/** Recent sign-in renewed (POST /api/auth/reauthenticate). */
export async function markReauthenticated(db: Db, sessionId: string, authMethod: string) {
  await db
    .update(sessions)
    .set({ authenticatedAt: new Date(), authMethod })
    .where(eq(sessions.id, sessionId));
}

/** Development only (/dev/session/age): the session's sign-in is no longer recent. */
export async function ageSessionSignIn(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - SESSION_RECENT_AGE_MS) })
    .where(eq(sessions.id, sessionId));
}
const SESSION_RECENT_AGE_MS = 11 * 60 * 1000;
