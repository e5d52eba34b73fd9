import { attorneyRequestContracts as c } from '@shared/contracts/attorney-requests';
import { routeSchema } from '@shared/contracts/contract';
import { teamContracts } from '@shared/contracts/team';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoutes } from '../../../plugins/contract-route';
import { hotSerializerCompiler } from '../../../plugins/hot-serializer';
import { linkNextPage } from '../../../plugins/paging';
import { actorOf, onlyFor, userFromStatement } from '../../../plugins/session';
import { sessionToken } from '../../../policies/authorize';
import { sendConflictsPrecheck, withdrawConflictsPrecheck } from '../conflicts/conflicts-precheck.service';
import { listAttorneyRequestsForSession } from '../hot-reads.service';
import { previewPackage, revokeShare, sendUpdate, shareRequest } from '../sharing/sharing.service';
import { attorneyConflicts, changesSinceShare, firmProfileOfRequest } from './attorney-request-views.service';
import { attorneyRequestSummary, declineRequest, requestAudience } from './attorney-requests.service';

export async function attorneyRequestRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { app, route } = contractRoutes(fastify);
  // What cannot be undone or leaks the most asks for a recent sign-in (PRODUCT.md §10).
  const recentSignIn = { recentSignIn: true };

  // Hot: the session lookup is part of the list's statement (hot-reads.service.ts). A page of the list;
  // the next page's URL in the Link header (as the firm's pipeline).
  app.get(
    c.list.path,
    {
      ...onlyFor.attorney,
      schema: routeSchema(c.list),
      serializerCompiler: hotSerializerCompiler(ctx.config),
      config: { sessionInStatement: 'attorney' },
    },
    async (request, reply) => {
      const { user, answer } = await listAttorneyRequestsForSession(
        ctx,
        sessionToken(request.uncheckedSessionId!),
        request.query,
      );
      userFromStatement(request, user, 'attorney');
      const { items, nextCursor } = answer();
      linkNextPage(reply, c.list.path, request.query, nextCursor);
      return items;
    },
  );

  route(c.summary, (request) => attorneyRequestSummary(ctx, actorOf(request)));

  route(
    c.share,
    (request) => shareRequest(ctx, actorOf(request), { id: request.params.id, share: request.body }),
    recentSignIn,
  );

  route(c.preview, (request) =>
    previewPackage(ctx, actorOf(request), { id: request.params.id, include: request.query }),
  );

  route(
    c.update,
    (request) => sendUpdate(ctx, actorOf(request), { id: request.params.id, share: request.body }),
    recentSignIn,
  );

  route(c.revoke, (request) => revokeShare(ctx, actorOf(request), { id: request.params.id }), recentSignIn);

  route(c.conflicts, (request) => attorneyConflicts(ctx, actorOf(request), { id: request.params.id }));

  // PRODUCT.md §13: the pre-check before sharing, and its withdrawal.
  route(c.sendConflictsPrecheck, (request) =>
    sendConflictsPrecheck(ctx, actorOf(request), { id: request.params.id }),
  );
  route(c.withdrawConflictsPrecheck, (request) =>
    withdrawConflictsPrecheck(ctx, actorOf(request), { id: request.params.id }),
  );

  route(c.changes, (request) => changesSinceShare(ctx, actorOf(request), { id: request.params.id }));

  route(c.firmProfile, (request) => firmProfileOfRequest(ctx, actorOf(request), { id: request.params.id }));

  route(c.decline, (request) =>
    declineRequest(ctx, actorOf(request), { id: request.params.id, reason: request.body?.reason }),
  );

  // PRODUCT.md §9: who at the firm reads each part, before the attorney shares.
  route(teamContracts.audience, (request) =>
    requestAudience(ctx, actorOf(request), { id: request.params.id }),
  );
}
