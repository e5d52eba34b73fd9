import { attorneyRequestContracts as c } from '@shared/contracts/attorney-requests';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireUser } from '../../plugins/session';
import { declineRequest, listAttorneyRequests } from './attorney-requests.service';
import { previewPackage, revokeShare, sendUpdate, shareRequest } from './sharing.service';

export async function attorneyRequestRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireUser('attorney') };

  app.get(c.list.path, { ...guard, schema: routeSchema(c.list) }, (request) =>
    listAttorneyRequests(ctx, actorOf(request)),
  );

  app.post(c.share.path, { ...guard, schema: routeSchema(c.share) }, (request) =>
    shareRequest(ctx, actorOf(request), { id: request.params.id, share: request.body }),
  );

  app.get(c.preview.path, { ...guard, schema: routeSchema(c.preview) }, (request) =>
    previewPackage(ctx, actorOf(request), { id: request.params.id, include: request.query }),
  );

  app.post(c.update.path, { ...guard, schema: routeSchema(c.update) }, (request) =>
    sendUpdate(ctx, actorOf(request), { id: request.params.id, share: request.body }),
  );

  app.post(c.revoke.path, { ...guard, schema: routeSchema(c.revoke) }, (request) =>
    revokeShare(ctx, actorOf(request), { id: request.params.id }),
  );

  app.post(c.decline.path, { ...guard, schema: routeSchema(c.decline) }, (request) =>
    declineRequest(ctx, actorOf(request), { id: request.params.id, reason: request.body?.reason }),
  );
}
