import { positionLpqContracts as c } from '@shared/contracts/position-lpq';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf } from '../../plugins/session';
import { completePositionLpq, getPositionLpq, savePositionLpq } from './position-lpq.service';

export async function positionLpqRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);

  route(c.get, (request) => getPositionLpq(ctx, actorOf(request), { id: request.params.id }));
  route(c.save, (request) =>
    savePositionLpq(ctx, actorOf(request), { id: request.params.id, ...request.body }),
  );
  route(c.complete, (request) =>
    completePositionLpq(ctx, actorOf(request), { id: request.params.id, ...request.body }),
  );
}
