import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';

/** Users by address or id; the account's own rows (sign-in, mailed links). */
export async function findUserByEmail(db: Db | Tx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Marks the address verified; undefined when it already was. */
export async function markEmailVerified(tx: Tx, userId: string) {
  const [row] = await tx
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return row;
}

/** A new password; a reset link proved the address, so it is verified too (the first time it was). */
export async function setPassword(tx: Tx, userId: string, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}
