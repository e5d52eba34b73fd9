import type { User } from '@shared/auth';
import { SESSION } from '@shared/limits';
import { eq, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { firmMembers, sessions, users } from '../../db/schema';
import { sessionClock, sessionLiveSql } from '../../policies/session-scope';
import { membershipColumns, toUser, userColumns } from './auth.presenter';
import { hashToken, newToken } from './crypto';

// lastUsedAt is written at most this often, so reads do not all become writes.
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(tx: Tx, userId: string) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SESSION.absoluteMs);
  await tx.insert(sessions).values({ id: hash, userId, expiresAt });
  return { token, expiresAt };
}

/** Read on every signed-in request, so it is a prepared statement: the user and their firm and roles. */
const sessionById = (db: Db) =>
  preparedStatement(db, 'session_by_id', (db, name) =>
    db
      .select({ lastUsedAt: sessions.lastUsedAt, user: userColumns, membership: membershipColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(firmMembers, eq(firmMembers.userId, users.id))
      .where(
        sql`${sessions.id} = ${sql.placeholder('id')} and ${sessionLiveSql(sessions, sql.placeholder('now'), sql.placeholder('idleCutoff'))}`,
      )
      .limit(1)
      .prepare(name),
  );

export async function validateSession(
  db: Db,
  token: string,
): Promise<{ user: User; sessionId: string } | null> {
  const id = hashToken(token);
  const clock = sessionClock();
  const [row] = await sessionById(db).execute({ id, ...clock });
  if (!row) return null;
  if (Date.parse(clock.now) - row.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(clock.now) })
      .where(eq(sessions.id, id));
  }
  return { user: toUser(row.user, row.membership), sessionId: id };
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
