import type { User } from '@shared/auth';
import { SESSION } from '@shared/limits';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { toUser, userColumns } from './auth.presenter';
import { hashToken, newToken } from './crypto';

// lastUsedAt is written at most this often, so reads do not all become writes.
const TOUCH_INTERVAL_MS = 60 * 1000;

export async function createSession(tx: Tx, userId: string) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SESSION.absoluteMs);
  await tx.insert(sessions).values({ id: hash, userId, expiresAt });
  return { token, expiresAt };
}

/** Read on every signed-in request, so it is a prepared statement. */
const sessionById = (db: Db) =>
  preparedStatement(db, 'session_by_id', (db, name) =>
    db
      .select({ lastUsedAt: sessions.lastUsedAt, user: userColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('id')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          gt(sessions.lastUsedAt, sql.placeholder('idleCutoff')),
        ),
      )
      .limit(1)
      .prepare(name),
  );

export async function validateSession(
  db: Db,
  token: string,
): Promise<{ user: User; sessionId: string } | null> {
  const id = hashToken(token);
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - SESSION.idleMs);
  const [row] = await sessionById(db).execute({
    id,
    now: now.toISOString(),
    idleCutoff: idleCutoff.toISOString(),
  });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
  }
  return { user: toUser(row.user), sessionId: id };
}

export async function deleteSession(tx: Tx, sessionId: string) {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db) {
  const now = new Date();
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastUsedAt, new Date(now.getTime() - SESSION.idleMs))),
    );
}
