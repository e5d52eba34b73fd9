import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken, newToken } from './crypto';

type Purpose = (typeof emailTokens.$inferSelect)['purpose'];

export async function createEmailToken(
  tx: Tx,
  input: {
    purpose: Purpose;
    email: string;
    userId?: string | null;
    requestId?: string | null;
    ttlMs: number;
  },
): Promise<string> {
  const { token, hash } = newToken();
  await tx.insert(emailTokens).values({
    purpose: input.purpose,
    tokenHash: hash,
    email: input.email,
    userId: input.userId ?? null,
    requestId: input.requestId ?? null,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return token;
}

/** Marks the token used and returns it, or null when it is unknown, used, expired or for another purpose. */
export async function consumeEmailToken(tx: Tx, purpose: Purpose, token: string) {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

/** Marks every unused token of this purpose for the user as used. */
export async function endOutstandingTokens(tx: Tx, purpose: Purpose, userId: string) {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
