import { routeSchema } from '@shared/contracts/contract';
import { integrationContracts as c } from '@shared/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, onlyFor } from '../../plugins/session';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  sendTestEvent,
  webhookDeliveryLog,
} from './webhooks.service';

/** PRODUCT.md §14: the firm's webhooks, its admins'; adding and deleting one needs a recent sign-in. */
export async function webhookRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const recent = { recentSignIn: true };

  app.get(c.listWebhooks.path, { ...onlyFor.firm, schema: routeSchema(c.listWebhooks) }, async (request) =>
    listWebhooks(ctx, actorOf(request)),
  );
  app.post(
    c.createWebhook.path,
    { ...onlyFor.firm, schema: routeSchema(c.createWebhook), config: recent },
    async (request, reply) => reply.code(201).send(await createWebhook(ctx, actorOf(request), request.body)),
  );
  app.delete(
    c.deleteWebhook.path,
    { ...onlyFor.firm, schema: routeSchema(c.deleteWebhook), config: recent },
    async (request, reply) => {
      await deleteWebhook(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );
  app.get(
    c.webhookDeliveries.path,
    { ...onlyFor.firm, schema: routeSchema(c.webhookDeliveries) },
    async (request) => webhookDeliveryLog(ctx, actorOf(request), { id: request.params.id }),
  );
  app.post(
    c.testWebhook.path,
    { ...onlyFor.firm, schema: routeSchema(c.testWebhook) },
    async (request, reply) =>
      reply.code(202).send(await sendTestEvent(ctx, actorOf(request), { id: request.params.id })),
  );
}
