import { firmRequestListQuerySchema, requestNoteSchema } from '@shared/firm-pipeline';
import { createLpqRequestSchema, firmRequestStatusSchema } from '@shared/requests';
import { changesQuerySchema } from '@shared/sharing';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { renderPackagePdf } from '../../pdf/package-pdf';
import { currentUser, requireUser } from '../../plugins/session';
import { contentDisposition } from '../../storage/storage';
import { ACCESS_EXPIRY_EVERY_MS, ACCESS_EXPIRY_JOB, expireAccess } from './access-expiry';
import {
  addNote,
  firmRequestsCsv,
  listFirmRequestsPage,
  listNotes,
  resendRequest,
  withdrawRequest,
} from './firm-pipeline.service';
import {
  createLpqRequest,
  getFirmRequest,
  getPackageChanges,
  readPackageForPdf,
  setFirmRequestStatus,
} from './firm-requests.service';
import { REMINDER_EVERY_MS, REMINDER_JOB, sendDueDateReminders } from './reminders';

const idParams = z.object({ id: z.string().max(100) });
/** `?version=N`: one of the package's versions (the latest when left out). */
const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(100000).optional() });

/** The firm's requests (PRODUCT.md §6). Registered inside the firm-only scope of firmRoutes. */
export async function firmRequestRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Firm users only, before body validation: a signed-out or attorney caller learns nothing from a 400.
  app.addHook('preValidation', requireUser('firm'));

  // PRODUCT.md §6: a page of the list; the next page's URL in the Link header.
  app.get(
    '/api/firm/lpq-requests',
    { schema: { querystring: firmRequestListQuerySchema } },
    async (request, reply) => {
      const { items, nextCursor } = await listFirmRequestsPage(ctx, currentUser(request), request.query);
      if (nextCursor) {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries({ ...request.query, cursor: nextCursor }))
          if (v !== undefined && v !== '') params.set(k, String(v));
        reply.header('Link', `</api/firm/lpq-requests?${params}>; rel="next"`);
      }
      return items;
    },
  );

  app.get(
    '/api/firm/lpq-requests.csv',
    { schema: { querystring: firmRequestListQuerySchema.omit({ limit: true, cursor: true }) } },
    async (request, reply) => {
      const csv = await firmRequestsCsv(ctx, currentUser(request), request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="lpq-requests-${format(new Date(), 'yyyy-MM-dd')}.csv"`,
        )
        .send(csv);
    },
  );

  app.post('/api/firm/lpq-requests/:id/withdraw', { schema: { params: idParams } }, async (request) =>
    withdrawRequest(ctx, currentUser(request), request.params.id),
  );

  app.post('/api/firm/lpq-requests/:id/resend', { schema: { params: idParams } }, async (request) =>
    resendRequest(ctx, currentUser(request), request.params.id),
  );

  app.get('/api/firm/lpq-requests/:id/notes', { schema: { params: idParams } }, async (request) =>
    listNotes(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/api/firm/lpq-requests/:id/notes',
    { schema: { params: idParams, body: requestNoteSchema } },
    async (request, reply) =>
      reply.code(201).send(await addNote(ctx, currentUser(request), request.params.id, request.body.body)),
  );

  app.post('/api/firm/lpq-requests', { schema: { body: createLpqRequestSchema } }, async (request, reply) => {
    const item = await createLpqRequest(ctx, currentUser(request), request.body);
    return reply.code(201).send(item);
  });

  app.get(
    '/api/firm/lpq-requests/:id',
    { schema: { params: idParams, querystring: versionQuery } },
    async (request) => getFirmRequest(ctx, currentUser(request), request.params.id, request.query.version),
  );

  // PRODUCT.md §6: what changed between two versions of the package.
  app.get(
    '/api/firm/lpq-requests/:id/changes',
    { schema: { params: idParams, querystring: changesQuerySchema } },
    async (request) => getPackageChanges(ctx, currentUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/firm/lpq-requests/:id/status',
    { schema: { params: idParams, body: firmRequestStatusSchema } },
    async (request) =>
      setFirmRequestStatus(ctx, currentUser(request), request.params.id, request.body.status),
  );

  app.get(
    '/api/firm/lpq-requests/:id/package.pdf',
    { schema: { params: idParams, querystring: versionQuery } },
    async (request, reply) => {
      const { request: item, pkg } = await readPackageForPdf(
        ctx,
        currentUser(request),
        request.params.id,
        request.query.version,
      );
      const pdf = await renderPackagePdf(item, pkg);
      const name = `LPQ ${pkg.attorney.firstName} ${pkg.attorney.lastName} ${item.positionTitle} ${format(new Date(pkg.sharedAt), 'yyyy-MM-dd')} v${pkg.version}`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(`${name}.pdf`, false))
        .send(pdf);
    },
  );

  // PRODUCT.md §7: the due-date reminder, once per request, once per period across processes.
  ctx.scheduler.register({
    name: REMINDER_JOB,
    everyMs: REMINDER_EVERY_MS,
    run: () => sendDueDateReminders(ctx),
  });
  // PRODUCT.md §5: shares past their access end date become revoked, and the firm is mailed.
  ctx.scheduler.register({
    name: ACCESS_EXPIRY_JOB,
    everyMs: ACCESS_EXPIRY_EVERY_MS,
    run: () => expireAccess(ctx),
  });
}
