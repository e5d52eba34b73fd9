import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { lpqRequests, positionLpqs } from '../../db/schema';

/**
 * A position LPQ with its request, optionally locked for the rest of the transaction. Narrowed to the
 * attorney's own (policy positionLpq.own, which the service also applies to the row it gets).
 */
export async function findLpqWithRequest(db: Db | Tx, attorneyUserId: string, lpqId: string, lock: boolean) {
  const query = db
    .select({ lpq: positionLpqs, request: lpqRequests })
    .from(positionLpqs)
    .innerJoin(lpqRequests, eq(lpqRequests.id, positionLpqs.requestId))
    .where(and(eq(positionLpqs.id, lpqId), eq(positionLpqs.attorneyUserId, attorneyUserId)));
  const [row] = lock ? await query.for('update', { of: positionLpqs }) : await query;
  return row;
}

export type LpqWithRequest = NonNullable<Awaited<ReturnType<typeof findLpqWithRequest>>>;

/** The request as it is now, locked. */
export async function lockRequest(tx: Tx, requestId: string) {
  const [row] = await tx.select().from(lpqRequests).where(eq(lpqRequests.id, requestId)).for('update');
  return row;
}

export async function updateLpq(
  tx: Tx,
  lpqId: string,
  set: Partial<typeof positionLpqs.$inferInsert>,
): Promise<typeof positionLpqs.$inferSelect> {
  const [lpq] = await tx.update(positionLpqs).set(set).where(eq(positionLpqs.id, lpqId)).returning();
  return lpq;
}

/** PRODUCT.md §5: the request has news for the firm (a submission) from this moment. */
export async function markAttention(tx: Tx, requestId: string, at: Date) {
  await tx.update(lpqRequests).set({ attentionAt: at }).where(eq(lpqRequests.id, requestId));
}
