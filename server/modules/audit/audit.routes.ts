import { attorneyRequestContracts as c } from '@shared/contracts/attorney-requests';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { linkNextPage } from '../../plugins/paging';
import { actorOf } from '../../plugins/session';
import { listAccessLog, listAccessReads } from './audit.service';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);
  route(c.accessLog, (request) => listAccessLog(ctx, actorOf(request), request.query));
  route(c.accessReads, async (request, reply) => {
    const { items, nextCursor } = await listAccessReads(ctx, actorOf(request), request.query);
    linkNextPage(reply, c.accessReads.path, request.query, nextCursor);
    return items;
  });
}
