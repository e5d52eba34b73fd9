import { attorneyRequestContracts as c } from '@shared/contracts/attorney-requests';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireUser } from '../../plugins/session';
import { listAccessLog } from './audit.service';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    c.accessLog.path,
    { preValidation: requireUser('attorney'), schema: routeSchema(c.accessLog) },
    (request) => listAccessLog(ctx, actorOf(request), request.query),
  );
}
