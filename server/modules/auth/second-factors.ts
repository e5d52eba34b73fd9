import type { SecondFactorMethod } from '@shared/security';
import { and, count, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  passkeys,
  pendingLogins,
  recoveryCodes,
  ssoLogins,
  totpFactors,
  webauthnChallenges,
} from '../../db/schema';
import { newToken } from './crypto';
import { deleteExpiredSessions } from './sessions';

/**
 * What sign-in needs to know of an account's second factors (PRODUCT.md §10), and the pending sign-in it
 * makes when there is one. Kept in the auth module so that it does not import the security module
 * (which builds on auth); the factors themselves are managed in modules/security.
 */
type Q = Db | Tx;

export type SecondFactors = { totp: boolean; passkeys: number; recoveryCodes: number };

export async function secondFactorsOf(db: Q, userId: string): Promise<SecondFactors> {
  const [totp, keys, codes] = await Promise.all([
    db
      .select({ enabledAt: totpFactors.enabledAt })
      .from(totpFactors)
      .where(eq(totpFactors.userId, userId))
      .then((r) => r[0]),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    countUnusedRecoveryCodes(db, userId),
  ]);
  return { totp: !!totp?.enabledAt, passkeys: Number(keys[0]?.n ?? 0), recoveryCodes: codes };
}

/**
 * Whether a user has a second factor (an enabled authenticator app or a passkey): sign-in asks for it,
 * and a firm that requires one lets its members in only once they have one (PRODUCT.md §10).
 */
export async function hasSecondFactor(db: Q, userId: string): Promise<boolean> {
  return (await usersWithSecondFactor(db, [userId])).has(userId);
}

/** Of these users, those with a second factor: one query for a members list (`twoFactorEnabled`). */
export async function usersWithSecondFactor(db: Q, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(inArray(totpFactors.userId, userIds), isNotNull(totpFactors.enabledAt)))
    .union(
      db.selectDistinct({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, userIds)),
    );
  return new Set(rows.map((r) => r.userId));
}

async function countUnusedRecoveryCodes(db: Q, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** The second steps an account offers at sign-in, in the order the sign-in screen shows them. */
export function secondFactorMethods(f: SecondFactors): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (f.totp) methods.push('totp');
  if (f.totp || f.recoveryCodes > 0) methods.push('recovery_code');
  if (f.passkeys > 0) methods.push('passkey');
  return methods;
}

export async function createPendingLogin(tx: Q, userId: string, ttlMs: number) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await tx.insert(pendingLogins).values({ id: hash, userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The sweep of what sign-in leaves behind (the job `sign-in.sweep`, server/jobs/jobs.ts): dead sessions,
 * pending second steps and passkey challenges past their time. Reads refuse them already; this removes them
 * off the request path.
 */
export async function deleteExpiredSignInRows(db: Db) {
  await deleteExpiredSessions(db);
  await db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, new Date()));
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
}
