import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { firmMembers, firmSso, users } from '../../db/schema';

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

/**
 * PRODUCT.md §14: the user's firm requires single sign-on and they are not one of its admins (who keep a
 * password and second factor for when the provider is down), so a password does not sign them in.
 */
export async function passwordRefusedBySso(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: firmMembers.userId })
    .from(firmMembers)
    .innerJoin(firmSso, eq(firmSso.firmId, firmMembers.firmId))
    .where(
      and(
        eq(firmMembers.userId, userId),
        eq(firmSso.requireSso, true),
        sql`not ('admin' = any(${firmMembers.roles}))`,
      ),
    )
    .limit(1);
  return !!row;
}
