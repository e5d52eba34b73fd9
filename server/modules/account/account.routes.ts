import { accountContracts as c } from '@shared/contracts/attorney';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, clearSessionCookie, onlyFor } from '../../plugins/session';
import { deleteAttorneyAccount } from './account-deletion.service';
import { exportAttorneyData } from './data-export.service';

/** Data rights: the attorney's data export and account deletion. */
export async function accountRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    c.dataExport.path,
    { ...onlyFor.attorney, schema: routeSchema(c.dataExport), config: { recentSignIn: true } },
    async (request, reply) => {
      const { archive, fileName } = await exportAttorneyData(ctx, actorOf(request), { log: request.log });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(archive);
    },
  );

  app.post(
    c.deleteAccount.path,
    { ...onlyFor.attorney, schema: routeSchema(c.deleteAccount), config: { recentSignIn: true } },
    async (request, reply) => {
      await deleteAttorneyAccount(ctx, actorOf(request), {
        confirmation: request.body,
        log: request.log,
      });
      clearSessionCookie(reply, ctx.config);
      return reply.code(204).send();
    },
  );
}
