import { lpqCompleteSchema, lpqSaveSchema } from '@shared/lpq';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import { completePositionLpq, getPositionLpq, savePositionLpq } from './lpqs.service';

const params = z.object({ id: z.string().max(100) });

export async function lpqRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireUser('attorney') };

  app.get('/api/lpqs/:id', { ...guard, schema: { params } }, (request) =>
    getPositionLpq(ctx, currentUser(request), request.params.id),
  );
  app.put('/api/lpqs/:id', { ...guard, schema: { params, body: lpqSaveSchema } }, (request) =>
    savePositionLpq(ctx, currentUser(request), request.params.id, request.body),
  );
  app.put('/api/lpqs/:id/complete', { ...guard, schema: { params, body: lpqCompleteSchema } }, (request) =>
    completePositionLpq(ctx, currentUser(request), request.params.id, request.body),
  );
}
