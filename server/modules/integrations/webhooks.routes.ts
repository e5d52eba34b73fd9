import { integrationContracts as c } from '@shared/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf } from '../../plugins/session';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  sendTestEvent,
  webhookDeliveryLog,
} from './webhooks.service';

/** PRODUCT.md §14: the firm's webhooks, its admins'; adding and deleting one needs a recent sign-in. */
export async function webhookRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);
  const recent = { recentSignIn: true };

  route(c.listWebhooks, async (request) => listWebhooks(ctx, actorOf(request)));
  route(
    c.createWebhook,
    async (request, reply) => reply.code(201).send(await createWebhook(ctx, actorOf(request), request.body)),
    recent,
  );
  route(
    c.deleteWebhook,
    async (request, reply) => {
      await deleteWebhook(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
    recent,
  );
  route(c.webhookDeliveries, async (request) =>
    webhookDeliveryLog(ctx, actorOf(request), { id: request.params.id }),
  );
  route(c.testWebhook, async (request, reply) =>
    reply.code(202).send(await sendTestEvent(ctx, actorOf(request), { id: request.params.id })),
  );
}
