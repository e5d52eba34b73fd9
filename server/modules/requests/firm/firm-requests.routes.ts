import { Readable } from 'node:stream';
import { routeSchema } from '@shared/contracts/contract';
import { firmRequestContracts as c, firmContracts } from '@shared/contracts/firm';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoutes } from '../../../plugins/contract-route';
import { hotSerializerCompiler } from '../../../plugins/hot-serializer';
import { linkNextPage } from '../../../plugins/paging';
import { actorOf, onlyFor, userFromStatement } from '../../../plugins/session';
import { sessionToken } from '../../../policies/authorize';
import { contentDisposition } from '../../../storage/storage';
import { getFirmRequestForSession } from '../hot-reads.service';
import { firmDashboardStats } from '../pipeline/firm-dashboard.service';
import {
  addNote,
  firmRequestsCsv,
  listFirmRequestsPage,
  listNotes,
  resendRequest,
  withdrawRequest,
} from '../pipeline/firm-pipeline.service';
import { createView, listViews, removeView } from '../pipeline/saved-views.service';
import {
  createLpqRequest,
  getPackageChanges,
  readFirmRequestWithToken,
  readPackageForPdf,
  setFirmRequestStatus,
} from './firm-requests.service';

/** The firm's requests (PRODUCT.md §6): every route is for firm users only. */
export async function firmRequestRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { app, route } = contractRoutes(fastify);

  // PRODUCT.md §6: a page of the list; the next page's URL in the Link header.
  route(c.list, async (request, reply) => {
    const { items, nextCursor, total } = await listFirmRequestsPage(ctx, actorOf(request), {
      ...request.query,
      withTotal: true,
    });
    linkNextPage(reply, c.list.path, request.query, nextCursor);
    // Issue 64 item 6: a count stops at COUNT_CAP; X-Total-Capped says more matched than it counts.
    if (total) {
      reply.header('X-Total-Count', String(total.n));
      if (total.capped) reply.header('X-Total-Capped', 'true');
    }
    return items;
  });

  route(c.csv, async (request, reply) => {
    const csv = await firmRequestsCsv(ctx, actorOf(request), request.query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="lpq-requests-${format(new Date(), 'yyyy-MM-dd')}.csv"`,
      )
      .send(csv);
  });

  route(c.withdraw, async (request) => withdrawRequest(ctx, actorOf(request), { id: request.params.id }));

  route(c.resend, async (request) => resendRequest(ctx, actorOf(request), { id: request.params.id }));

  // PRODUCT.md §4/§15: the firm's dashboard counts (its contract is the firm's).
  route(firmContracts.dashboardStats, async (request) => firmDashboardStats(ctx, actorOf(request)));

  // PRODUCT.md §15: bulk actions, each request on its own; saved views, the member's own.

  route(c.listViews, async (request) => listViews(ctx, actorOf(request)));

  route(c.createView, async (request, reply) =>
    reply.code(201).send(await createView(ctx, actorOf(request), request.body)),
  );

  route(c.deleteView, async (request, reply) => {
    await removeView(ctx, actorOf(request), { id: request.params.id });
    return reply.code(204).send();
  });

  route(c.listNotes, async (request) => listNotes(ctx, actorOf(request), { id: request.params.id }));

  route(c.addNote, async (request, reply) =>
    reply
      .code(201)
      .send(await addNote(ctx, actorOf(request), { id: request.params.id, body: request.body.body })),
  );

  route(c.create, async (request, reply) => {
    const item = await createLpqRequest(ctx, actorOf(request), request.body);
    return reply.code(201).send(item);
  });

  // Hot: the session lookup and the access event are part of the read's statement (hot-reads.service.ts).
  app.get(
    c.get.path,
    {
      ...onlyFor.firm,
      schema: routeSchema(c.get),
      serializerCompiler: hotSerializerCompiler(ctx.config),
      config: { sessionInStatement: 'firm' },
    },
    async (request) => {
      // PRODUCT.md §14: an API token is judged by the plain read (the hot statement looks up a cookie's session).
      if (request.apiToken)
        return readFirmRequestWithToken(ctx, actorOf(request), {
          id: request.params.id,
          version: request.query.version,
          headOnly: request.method === 'HEAD',
          withPackage: request.apiToken.scopes.includes('packages:read'),
        });
      const { user, answer } = await getFirmRequestForSession(
        ctx,
        sessionToken(request.uncheckedSessionId!),
        {
          id: request.params.id,
          version: request.query.version,
          headOnly: request.method === 'HEAD',
        },
      );
      userFromStatement(request, user, 'firm');
      return answer();
    },
  );

  // PRODUCT.md §6: what changed between two versions of the package.
  route(c.changes, async (request) =>
    getPackageChanges(ctx, actorOf(request), { id: request.params.id, ...request.query }),
  );

  route(c.setStatus, async (request) =>
    setFirmRequestStatus(ctx, actorOf(request), { id: request.params.id, status: request.body.status }),
  );

  route(c.packagePdf, async (request, reply) => {
    // HEAD (Fastify answers it with this handler): the same checks and headers, no PDF, nothing recorded.
    const headOnly = request.method === 'HEAD';
    const {
      request: item,
      pkg,
      certificate,
      businessCase,
    } = await readPackageForPdf(ctx, actorOf(request), {
      id: request.params.id,
      version: request.query.version,
      headOnly,
    });
    const name = `LPQ ${pkg.attorney.firstName} ${pkg.attorney.lastName} ${item.positionTitle} ${format(new Date(pkg.sharedAt), 'yyyy-MM-dd')} v${pkg.version}`;
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition(`${name}.pdf`, false));
    // An empty stream, not an empty body: Fastify then claims no Content-Length for the HEAD.
    return reply.send(
      headOnly ? Readable.from([]) : await ctx.pdf.render(item, pkg, { certificate, businessCase }),
    );
  });
}
