import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { passkeys, pendingLogins, recoveryCodes, totpFactors, webauthnChallenges } from '../../db/schema';

type Q = Db | Tx;

// ---- Authenticator app (TOTP)

export async function findTotp(db: Q, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

/** A new secret awaiting its first code; replaces one not yet confirmed, never an enabled one. */
export async function savePendingTotp(tx: Tx, userId: string, secretCiphertext: string): Promise<boolean> {
  const rows = await tx
    .insert(totpFactors)
    .values({ userId, secretCiphertext })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secretCiphertext, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(totpFactors.enabledAt),
    })
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function markTotpEnabled(tx: Tx, userId: string) {
  await tx.update(totpFactors).set({ enabledAt: new Date() }).where(eq(totpFactors.userId, userId));
}

/**
 * Records `step` as used, atomically: false when a code of this step or a later one was already accepted
 * (the same code twice, or an older one after a newer).
 */
export async function consumeTotpStep(db: Q, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return rows.length === 1;
}

export async function deleteTotp(tx: Tx, userId: string, opts: { keepRecoveryCodes: boolean }) {
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  if (!opts.keepRecoveryCodes) await deleteRecoveryCodes(tx, userId);
}

export async function deleteRecoveryCodes(tx: Tx, userId: string) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

// ---- Recovery codes

export async function replaceRecoveryCodes(tx: Tx, userId: string, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks the code used; false when it is unknown or already used (one statement: used once, ever). */
export async function consumeRecoveryCode(db: Q, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

// ---- Passkeys

const passkeyItem = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

/** A passkey as the API answers it (the public key and counter stay here). */
export const presentPasskey = (r: {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}) => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Q, userId: string) {
  return db.select(passkeyItem).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt);
}

export async function passkeyCredentials(db: Q, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function findPasskeyByCredential(db: Q, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(tx: Tx, row: typeof passkeys.$inferInsert) {
  const [saved] = await tx.insert(passkeys).values(row).returning(passkeyItem);
  return saved;
}

export async function renamePasskey(db: Q, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(passkeyItem);
  return row;
}

export async function deletePasskey(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning(passkeyItem);
  return row;
}

export async function touchPasskey(db: Q, id: string, counter: number) {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

// ---- Half-done sign-ins and WebAuthn challenges

export async function findPendingLogin(db: Q, id: string) {
  const [row] = await db
    .select()
    .from(pendingLogins)
    .where(and(eq(pendingLogins.id, id), gt(pendingLogins.expiresAt, new Date())));
  return row;
}

/** Ends a pending sign-in; false when another request ended it first (one session per second step). */
export async function endPendingLogin(db: Q, id: string): Promise<boolean> {
  const rows = await db
    .delete(pendingLogins)
    .where(eq(pendingLogins.id, id))
    .returning({ id: pendingLogins.id });
  return rows.length === 1;
}

export async function saveChallenge(db: Q, row: typeof webauthnChallenges.$inferInsert) {
  await db.insert(webauthnChallenges).values(row);
}

/** Takes a challenge once: the row, or undefined when unknown, used or expired. */
export async function takeChallenge(db: Q, challenge: string, purpose: 'register' | 'authenticate') {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}
