import type { AccessEventItem } from '@shared/lpq';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accessEvents, lpqRequests } from '../../db/schema';
import { currentUser, requireUser } from '../../plugins/session';

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

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/attorney/access-log', { preValidation: requireUser('attorney') }, (request) =>
    listAccessEvents(ctx.db, currentUser(request).id),
  );
}
