import type { AccessEventItem } from '@shared/lpq';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accessEvents, activityEvents, lpqRequests } from '../../db/schema';

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

export const ACCESS_LOG_SIZE = 200;

/** Every firm read of the attorney's shared packages, newest first (PRODUCT.md §8). */
export async function listAccessEvents(
  db: Db,
  attorneyUserId: string,
  limit = ACCESS_LOG_SIZE,
): Promise<AccessEventItem[]> {
  const rows = await db
    .select({ event: accessEvents, positionTitle: lpqRequests.positionTitle })
    .from(accessEvents)
    .innerJoin(lpqRequests, eq(lpqRequests.id, accessEvents.requestId))
    .where(eq(accessEvents.attorneyUserId, attorneyUserId))
    .orderBy(desc(accessEvents.createdAt), desc(accessEvents.id))
    .limit(limit);
  return rows.map(({ event, positionTitle }) => ({
    id: String(event.id),
    requestId: event.requestId,
    firmName: event.firmName,
    positionTitle,
    kind: event.kind,
    fileName: event.fileName,
    createdAt: event.createdAt.toISOString(),
  }));
}
