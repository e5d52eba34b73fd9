import { attorneyRequestContracts as c } from '@shared/contracts/attorney-requests';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { linkNextPage } from '../../plugins/paging';
import { actorOf, onlyFor } from '../../plugins/session';
import { listAccessLog, listAccessReads } from './audit.service';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(c.accessLog.path, { ...onlyFor.attorney, schema: routeSchema(c.accessLog) }, (request) =>
    listAccessLog(ctx, actorOf(request), request.query),
  );
  app.get(
    c.accessReads.path,
    { ...onlyFor.attorney, schema: routeSchema(c.accessReads) },
    async (request, reply) => {
      const { items, nextCursor } = await listAccessReads(ctx, actorOf(request), request.query);
      linkNextPage(reply, c.accessReads.path, request.query, nextCursor);
      return items;
    },
  );
}
