import { HTTP_MESSAGES } from '@shared/http';
import { declineRequestSchema } from '@shared/lpq';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../plugins/session';
import { declineRequest, listAttorneyRequests, shareRequest } from './attorney-requests.service';

const params = z.object({ id: z.uuid() });

export async function attorneyRequestRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireUser('attorney') };
  // A malformed id is as unknown as someone else's: 404, not 400.
  const withId = (id: string) => (params.safeParse({ id }).success ? id : null);

  app.get('/api/attorney/lpq-requests', guard, (request) =>
    listAttorneyRequests(ctx.db, currentUser(request)),
  );

  app.post('/api/attorney/lpq-requests/:id/share', guard, async (request, reply) => {
    const id = withId((request.params as { id: string }).id);
    if (!id) return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
    return shareRequest(ctx, currentUser(request), id);
  });

  app.post(
    '/api/attorney/lpq-requests/:id/decline',
    { ...guard, schema: { body: declineRequestSchema } },
    async (request, reply) => {
      const id = withId((request.params as { id: string }).id);
      if (!id) return reply.code(404).send({ message: HTTP_MESSAGES.notFound });
      return declineRequest(ctx, currentUser(request), id, request.body?.reason);
    },
  );
}
