import { declineRequestSchema } from '@shared/lpq';
import { previewQuerySchema, shareRequestSchema } from '@shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import { declineRequest, listAttorneyRequests } from './attorney-requests.service';
import { previewPackage, revokeShare, sendUpdate, shareRequest } from './sharing.service';

// A malformed id is as unknown as someone else's: the service answers 404, not 400.
const params = z.object({ id: z.string().max(100) });

export async function attorneyRequestRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireUser('attorney') };

  app.get('/api/attorney/lpq-requests', guard, (request) =>
    listAttorneyRequests(ctx.db, currentUser(request)),
  );

  app.post(
    '/api/attorney/lpq-requests/:id/share',
    { ...guard, schema: { params, body: shareRequestSchema } },
    (request) => shareRequest(ctx, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/attorney/lpq-requests/:id/preview',
    { ...guard, schema: { params, querystring: previewQuerySchema } },
    (request) => previewPackage(ctx, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/attorney/lpq-requests/:id/update',
    { ...guard, schema: { params, body: shareRequestSchema } },
    (request) => sendUpdate(ctx, currentUser(request), request.params.id, request.body),
  );

  app.post('/api/attorney/lpq-requests/:id/revoke', { ...guard, schema: { params } }, (request) =>
    revokeShare(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/api/attorney/lpq-requests/:id/decline',
    { ...guard, schema: { params, body: declineRequestSchema } },
    (request) => declineRequest(ctx, currentUser(request), request.params.id, request.body?.reason),
  );
}
