import { routeSchema } from '@shared/contracts/contract';
import { recordContracts as c } from '@shared/contracts/record';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { actorOf, onlyFor } from '../../../plugins/session';
import { contentDisposition } from '../../../storage/storage';
import { receiptText } from '../../audit/trail-receipt';
import {
  attorneyAccountAuditTrail,
  attorneyAuditTrail,
  firmAuditTrail,
  recordPublicKey,
  type TrailFile,
  verifyAttorneyAccountAuditTrail,
  verifyAttorneyAuditTrail,
  verifyFirmAuditTrail,
  verifyFirmVersion,
} from './record.service';

/** PRODUCT.md §11: verify a version; the audit trail's downloads and checks, for both sides. */
export async function recordRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const send = (reply: FastifyReply, file: TrailFile) => {
    // PRODUCT.md §11: every trail download carries the signed receipt of its head.
    if (file.receipt) reply.header('Trail-Receipt', receiptText(file.receipt));
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', contentDisposition(file.fileName, false))
      .send(file.body);
  };

  app.get(c.verifyVersion.path, { ...onlyFor.firm, schema: routeSchema(c.verifyVersion) }, (request) =>
    verifyFirmVersion(ctx, actorOf(request), { id: request.params.id, version: request.query.version }),
  );
  app.get(
    c.firmTrailCsv.path,
    { ...onlyFor.firm, schema: routeSchema(c.firmTrailCsv) },
    async (request, reply) =>
      send(reply, await firmAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'csv' })),
  );
  app.get(
    c.firmTrailPdf.path,
    { ...onlyFor.firm, schema: routeSchema(c.firmTrailPdf) },
    async (request, reply) =>
      send(reply, await firmAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'pdf' })),
  );
  app.get(c.firmTrailVerify.path, { ...onlyFor.firm, schema: routeSchema(c.firmTrailVerify) }, (request) =>
    verifyFirmAuditTrail(ctx, actorOf(request), { id: request.params.id }),
  );
  app.post(
    c.firmTrailVerifyReceipt.path,
    { ...onlyFor.firm, schema: routeSchema(c.firmTrailVerifyReceipt) },
    (request) =>
      verifyFirmAuditTrail(ctx, actorOf(request), { id: request.params.id, receipt: request.body.receipt }),
  );

  app.get(
    c.attorneyTrailCsv.path,
    { ...onlyFor.attorney, schema: routeSchema(c.attorneyTrailCsv) },
    async (request, reply) =>
      send(reply, await attorneyAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'csv' })),
  );
  app.get(
    c.attorneyTrailPdf.path,
    { ...onlyFor.attorney, schema: routeSchema(c.attorneyTrailPdf) },
    async (request, reply) =>
      send(reply, await attorneyAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'pdf' })),
  );
  app.get(
    c.attorneyTrailVerify.path,
    { ...onlyFor.attorney, schema: routeSchema(c.attorneyTrailVerify) },
    (request) => verifyAttorneyAuditTrail(ctx, actorOf(request), { id: request.params.id }),
  );
  app.post(
    c.attorneyTrailVerifyReceipt.path,
    { ...onlyFor.attorney, schema: routeSchema(c.attorneyTrailVerifyReceipt) },
    (request) =>
      verifyAttorneyAuditTrail(ctx, actorOf(request), {
        id: request.params.id,
        receipt: request.body.receipt,
      }),
  );
  app.get(
    c.accountTrailCsv.path,
    { ...onlyFor.attorney, schema: routeSchema(c.accountTrailCsv) },
    async (request, reply) => send(reply, await attorneyAccountAuditTrail(ctx, actorOf(request))),
  );
  app.get(
    c.accountTrailVerify.path,
    { ...onlyFor.attorney, schema: routeSchema(c.accountTrailVerify) },
    (request) => verifyAttorneyAccountAuditTrail(ctx, actorOf(request)),
  );
  app.post(
    c.accountTrailVerifyReceipt.path,
    { ...onlyFor.attorney, schema: routeSchema(c.accountTrailVerifyReceipt) },
    (request) => verifyAttorneyAccountAuditTrail(ctx, actorOf(request), { receipt: request.body.receipt }),
  );
  app.get(c.recordKey.path, { schema: routeSchema(c.recordKey) }, (request) =>
    recordPublicKey(ctx, actorOf(request)),
  );
}
