import { routeSchema } from '@shared/contracts/contract';
import { positionLpqContracts as c } from '@shared/contracts/position-lpq';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireUser } from '../../plugins/session';
import { completePositionLpq, getPositionLpq, savePositionLpq } from './position-lpq.service';

export async function positionLpqRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireUser('attorney') };

  app.get(c.get.path, { ...guard, schema: routeSchema(c.get) }, (request) =>
    getPositionLpq(ctx, actorOf(request), { id: request.params.id }),
  );
  app.put(c.save.path, { ...guard, schema: routeSchema(c.save) }, (request) =>
    savePositionLpq(ctx, actorOf(request), { id: request.params.id, ...request.body }),
  );
  app.put(c.complete.path, { ...guard, schema: routeSchema(c.complete) }, (request) =>
    completePositionLpq(ctx, actorOf(request), { id: request.params.id, ...request.body }),
  );
}
