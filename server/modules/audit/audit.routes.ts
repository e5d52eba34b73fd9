import type { AccessEventItem } from '@shared/lpq';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accessEvents, lpqRequests } from '../../db/schema';
import { currentUser, requireUser } from '../../plugins/session';

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/attorney/access-log', { preValidation: requireUser('attorney') }, (request) =>
    listAccessEvents(ctx.db, currentUser(request).id),
  );
}
