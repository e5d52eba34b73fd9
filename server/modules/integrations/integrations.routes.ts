import { integrationContracts as c } from '@shared/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf } from '../../plugins/session';
import { createToken, listTokens, revokeToken } from './api-tokens.service';

/** The firm's own systems (PRODUCT.md §14): API tokens and webhooks, its admins'. */
export async function integrationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);
  // PRODUCT.md §14: what grants access to the firm's data needs a recent sign-in, and so does listing it.
  const recent = { recentSignIn: true };

  route(c.listApiTokens, async (request) => listTokens(ctx, actorOf(request)), recent);
  route(
    c.createApiToken,
    async (request, reply) => reply.code(201).send(await createToken(ctx, actorOf(request), request.body)),
    recent,
  );
  route(
    c.revokeApiToken,
    async (request, reply) => {
      await revokeToken(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
    recent,
  );
}
