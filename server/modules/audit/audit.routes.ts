import { accessLogQuerySchema } from '@shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import { listAccessLog } from './audit.service';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/attorney/access-log',
    { preValidation: requireUser('attorney'), schema: { querystring: accessLogQuerySchema } },
    (request) => listAccessLog(ctx.db, currentUser(request).id, request.query),
  );
}
