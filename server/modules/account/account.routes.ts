import { accountContracts as c } from '@shared/contracts/attorney';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { actorOf, clearSessionCookie } from '../../plugins/session';
import { deleteAttorneyAccount } from './account-deletion.service';
import { exportAttorneyData } from './data-export.service';

/** Data rights: the attorney's data export and account deletion. */
export async function accountRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);

  route(
    c.dataExport,
    async (request, reply) => {
      const { archive, fileName } = await exportAttorneyData(ctx, actorOf(request), { log: request.log });
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .send(archive);
    },
    { recentSignIn: true },
  );

  route(
    c.deleteAccount,
    async (request, reply) => {
      await deleteAttorneyAccount(ctx, actorOf(request), {
        confirmation: request.body,
        log: request.log,
      });
      clearSessionCookie(reply, ctx.config);
      return reply.code(204).send();
    },
    { recentSignIn: true },
  );
}
