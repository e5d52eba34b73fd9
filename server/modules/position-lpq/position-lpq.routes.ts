import { routeSchema } from '@shared/contracts/contract';
import { positionLpqContracts as c } from '@shared/contracts/position-lpq';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, onlyFor } from '../../plugins/session';
import { completePositionLpq, getPositionLpq, savePositionLpq } from './position-lpq.service';

export async function positionLpqRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(c.get.path, { ...onlyFor.attorney, schema: routeSchema(c.get) }, (request) =>
    getPositionLpq(ctx, actorOf(request), { id: request.params.id }),
  );
  app.put(c.save.path, { ...onlyFor.attorney, schema: routeSchema(c.save) }, (request) =>
    savePositionLpq(ctx, actorOf(request), { id: request.params.id, ...request.body }),
  );
  app.put(c.complete.path, { ...onlyFor.attorney, schema: routeSchema(c.complete) }, (request) =>
    completePositionLpq(ctx, actorOf(request), { id: request.params.id, ...request.body }),
  );
}
