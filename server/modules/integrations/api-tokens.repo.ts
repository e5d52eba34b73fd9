import type { ApiScope } from '@shared/integrations';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { apiTokens, users } from '../../db/schema';

/** PRODUCT.md §14: the firm's API tokens (their SHA-256 only; the token is shown once). */

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The address of a token's reader user: never a mailbox (RFC 2606 `.invalid`), never anyone's sign-in. */
export const tokenReaderEmail = (readerId: string) => `api-token-${readerId}@api-tokens.invalid`;

/**
 * The live token of this hash, its last use moved to now, in one statement; undefined when unknown or revoked.
 * Revoking is therefore in force from the next request.
 */
export async function useApiToken(db: Db, tokenHash: string) {
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .returning({
      id: apiTokens.id,
      firmId: apiTokens.firmId,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      readerUserId: apiTokens.readerUserId,
    });
  return row;
}

/** A token and the user it reads as ('API token NAME', no password that any input matches, no membership). */
export async function insertApiToken(
  tx: Tx,
  token: { firmId: string; name: string; scopes: ApiScope[]; tokenHash: string; createdByUserId: string },
  reader: { firstName: string; lastName: string },
) {
  const readerId = crypto.randomUUID();
  await tx.insert(users).values({
    id: readerId,
    email: tokenReaderEmail(readerId),
    // Not an argon2 hash: verifyPassword answers false for every password.
    passwordHash: '!api-token',
    firstName: reader.firstName,
    lastName: reader.lastName,
    userType: 'firm',
    emailVerifiedAt: new Date(),
  });
  const [row] = await tx
    .insert(apiTokens)
    .values({ ...token, readerUserId: readerId })
    .returning();
  return row;
}

export async function listApiTokens(db: Db, firmId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.firmId, firmId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function findApiToken(db: Db | Tx, id: string) {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  return row;
}

export async function revokeApiTokenRow(db: Db | Tx, id: string) {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
}
