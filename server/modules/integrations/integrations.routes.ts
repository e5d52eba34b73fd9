import { routeSchema } from '@shared/contracts/contract';
import { integrationContracts as c } from '@shared/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, onlyFor } from '../../plugins/session';
import { createToken, listTokens, revokeToken } from './api-tokens.service';

/** The firm's own systems (PRODUCT.md §14): API tokens and webhooks, its admins'. */
export async function integrationRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // PRODUCT.md §14: what grants access to the firm's data needs a recent sign-in, and so does listing it.
  const recent = { recentSignIn: true };

  app.get(
    c.listApiTokens.path,
    { ...onlyFor.firm, schema: routeSchema(c.listApiTokens), config: recent },
    async (request) => listTokens(ctx, actorOf(request)),
  );
  app.post(
    c.createApiToken.path,
    { ...onlyFor.firm, schema: routeSchema(c.createApiToken), config: recent },
    async (request, reply) => reply.code(201).send(await createToken(ctx, actorOf(request), request.body)),
  );
  app.delete(
    c.revokeApiToken.path,
    { ...onlyFor.firm, schema: routeSchema(c.revokeApiToken), config: recent },
    async (request, reply) => {
      await revokeToken(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );
}
