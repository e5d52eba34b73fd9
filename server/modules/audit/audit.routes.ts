import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import { listAccessEvents } from './audit.service';

export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/api/attorney/access-log', { preValidation: requireUser('attorney') }, (request) =>
    listAccessEvents(ctx.db, currentUser(request).id),
  );
}
