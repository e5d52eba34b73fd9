import { attorneyRequestContracts as c } from '@shared/contracts/attorney-requests';
import { routeSchema } from '@shared/contracts/contract';
import { teamContracts } from '@shared/contracts/team';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.get(c.summary.path, { ...onlyFor.attorney, schema: routeSchema(c.summary) }, (request) =>
    attorneyRequestSummary(ctx, actorOf(request)),
  );

  app.post(
    c.share.path,
    { ...onlyFor.attorney, schema: routeSchema(c.share), config: recentSignIn },
    (request) => shareRequest(ctx, actorOf(request), { id: request.params.id, share: request.body }),
  );

  app.get(c.preview.path, { ...onlyFor.attorney, schema: routeSchema(c.preview) }, (request) =>
    previewPackage(ctx, actorOf(request), { id: request.params.id, include: request.query }),
  );

  app.post(
    c.update.path,
    { ...onlyFor.attorney, schema: routeSchema(c.update), config: recentSignIn },
    (request) => sendUpdate(ctx, actorOf(request), { id: request.params.id, share: request.body }),
  );

  app.post(
    c.revoke.path,
    { ...onlyFor.attorney, schema: routeSchema(c.revoke), config: recentSignIn },
    (request) => revokeShare(ctx, actorOf(request), { id: request.params.id }),
  );

  app.get(c.conflicts.path, { ...onlyFor.attorney, schema: routeSchema(c.conflicts) }, (request) =>
    attorneyConflicts(ctx, actorOf(request), { id: request.params.id }),
  );

  // PRODUCT.md §13: the pre-check before sharing, and its withdrawal.
  app.post(
    c.sendConflictsPrecheck.path,
    { ...onlyFor.attorney, schema: routeSchema(c.sendConflictsPrecheck) },
    (request) => sendConflictsPrecheck(ctx, actorOf(request), { id: request.params.id }),
  );
  app.delete(
    c.withdrawConflictsPrecheck.path,
    { ...onlyFor.attorney, schema: routeSchema(c.withdrawConflictsPrecheck) },
    (request) => withdrawConflictsPrecheck(ctx, actorOf(request), { id: request.params.id }),
  );

  app.get(c.changes.path, { ...onlyFor.attorney, schema: routeSchema(c.changes) }, (request) =>
    changesSinceShare(ctx, actorOf(request), { id: request.params.id }),
  );

  app.get(c.firmProfile.path, { ...onlyFor.attorney, schema: routeSchema(c.firmProfile) }, (request) =>
    firmProfileOfRequest(ctx, actorOf(request), { id: request.params.id }),
  );

  app.post(c.decline.path, { ...onlyFor.attorney, schema: routeSchema(c.decline) }, (request) =>
    declineRequest(ctx, actorOf(request), { id: request.params.id, reason: request.body?.reason }),
  );

  // PRODUCT.md §9: who at the firm reads each part, before the attorney shares.
  app.get(
    teamContracts.audience.path,
    { ...onlyFor.attorney, schema: routeSchema(teamContracts.audience) },
    (request) => requestAudience(ctx, actorOf(request), { id: request.params.id }),
  );
}
