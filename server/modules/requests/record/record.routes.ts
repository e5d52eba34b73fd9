import { recordContracts as c } from '@shared/contracts/record';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../context';
import { contractRoutes } from '../../../plugins/contract-route';
import { actorOf } from '../../../plugins/session';
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
  const { route } = contractRoutes(fastify);
  const send = (reply: FastifyReply, file: TrailFile) => {
    // PRODUCT.md §11: every trail download carries the signed receipt of its head.
    if (file.receipt) reply.header('Trail-Receipt', receiptText(file.receipt));
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', contentDisposition(file.fileName, false))
      .send(file.body);
  };

  route(c.verifyVersion, (request) =>
    verifyFirmVersion(ctx, actorOf(request), { id: request.params.id, version: request.query.version }),
  );
  route(c.firmTrailCsv, async (request, reply) =>
    send(reply, await firmAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'csv' })),
  );
  route(c.firmTrailPdf, async (request, reply) =>
    send(reply, await firmAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'pdf' })),
  );
  route(c.firmTrailVerify, (request) =>
    verifyFirmAuditTrail(ctx, actorOf(request), { id: request.params.id }),
  );
  route(c.firmTrailVerifyReceipt, (request) =>
    verifyFirmAuditTrail(ctx, actorOf(request), { id: request.params.id, receipt: request.body.receipt }),
  );

  route(c.attorneyTrailCsv, async (request, reply) =>
    send(reply, await attorneyAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'csv' })),
  );
  route(c.attorneyTrailPdf, async (request, reply) =>
    send(reply, await attorneyAuditTrail(ctx, actorOf(request), { id: request.params.id, format: 'pdf' })),
  );
  route(c.attorneyTrailVerify, (request) =>
    verifyAttorneyAuditTrail(ctx, actorOf(request), { id: request.params.id }),
  );
  route(c.attorneyTrailVerifyReceipt, (request) =>
    verifyAttorneyAuditTrail(ctx, actorOf(request), {
      id: request.params.id,
      receipt: request.body.receipt,
    }),
  );
  route(c.accountTrailCsv, async (request, reply) =>
    send(reply, await attorneyAccountAuditTrail(ctx, actorOf(request))),
  );
  route(c.accountTrailVerify, (request) => verifyAttorneyAccountAuditTrail(ctx, actorOf(request)));
  route(c.accountTrailVerifyReceipt, (request) =>
    verifyAttorneyAccountAuditTrail(ctx, actorOf(request), { receipt: request.body.receipt }),
  );
  route(c.recordKey, (request) => recordPublicKey(ctx, actorOf(request)));
}
