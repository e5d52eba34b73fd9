import type { Tx } from '../../db/client';
import { accessEvents, activityEvents } from '../../db/schema';

/** One line of a user's Recent Activity, written in the transaction of the action it describes. */
export async function recordActivity(
  tx: Tx,
  input: { userId: string; kind: string; title: string; detail?: Record<string, unknown> },
) {
  await tx.insert(activityEvents).values(input);
}

/** A firm read of a shared package (PRODUCT.md §8): view, document download or PDF. */
export async function recordAccess(tx: Tx, input: typeof accessEvents.$inferInsert) {
  await tx.insert(accessEvents).values(input);
}
