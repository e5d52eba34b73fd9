import type { AuditVerification } from '@shared/audit-trail';
import type { VersionVerification } from '@shared/certification';
import { isUuid } from '@shared/uuid';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { lpqRequests } from '../../db/schema';
import { renderAuditTrailPdfOffThread } from '../../pdf/pdf-workers';
import { notFound } from '../../plugins/errors';
import { type Actor, authorize, type FirmUser } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { attorneyRequestScope, firmRequestScope } from '../../policies/request-scope';
import { verifyChain } from '../audit/audit-chain';
import { verificationForReader, verifyVersion } from './certification';
import { firmMayRead } from './firm-request-item';
import { findFirmRequestWithName } from './firm-requests.repo';
import { loadAttorneyRequest } from './load-request';
import { oneRequest, type TrailRow, trailEvents, trailHeads, versionToVerify } from './record.repo';
import { trailCsv, trailPdf } from './record-files';

/**
 * PRODUCT.md §11, a record both sides can trust: verify a shared version, and each side's downloads of the
 * audit trail with the check of its hash chain. The firm's side uses policy request.firmOwns (to become the
 * role rule of §9); the attorney's request.attorneyActs for one request and request.attorneyRequests (the
 * requests sent to their verified address, attorneyRequestScope) for the whole account. None of these
 * reads is recorded: the trail holds no form contents, and verify answers paths, never values.
 */

type RequestRow = typeof lpqRequests.$inferSelect;
export type TrailFile = { body: string | Buffer; fileName: string; contentType: string };

/** One of the firm's requests; another firm's, unknown or malformed id: 404 (policy request.firmOwns). */
async function ownFirmRequest(db: Db, firm: FirmUser, requestId: string): Promise<RequestRow> {
  const [row] = isUuid(requestId) ? [await findFirmRequestWithName(db, firm, requestId)] : [];
  authorize(policies.firmOwns, firm, row?.request);
  return row!.request;
}

/**
 * GET /api/firm/lpq-requests/{id}/verify?version=N (the current version when left out): recomputes the
 * version's fingerprint and its documents' hashes from what is stored and compares them with what was
 * recorded. 404 while the firm may not read the package (before sharing, after revocation or the access
 * end date) and for a version that does not exist.
 */
export async function verifyFirmVersion(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number },
): Promise<VersionVerification> {
  const firm = authorize(policies.firmRequests, actor);
  const request = await ownFirmRequest(ctx.db, firm, input.id);
  if (!firmMayRead(request) || request.currentVersion === null) throw notFound();
  const stored = await versionToVerify(ctx.db, request.id, input.version ?? request.currentVersion);
  if (!stored) throw notFound();
  // Every part is visible to the firm's one user today; under §9's roles, pass the reader's visibleParts.
  return verificationForReader(await verifyVersion(ctx.storage, stored), null);
}

/** Each request's chain checked on its own (a request with events and no head is broken); the first broken one is named. */
async function verifyTrails(db: Db, where: SQL, rows: TrailRow[]): Promise<AuditVerification> {
  const chains = new Map<
    string,
    { events: TrailRow['event'][]; head: { seq: number; hash: string } | null }
  >();
  for (const { head } of await trailHeads(db, where)) chains.set(head.requestId, { events: [], head });
  for (const { event } of rows) {
    const chain = chains.get(event.requestId) ?? { events: [], head: null };
    chain.events.push(event);
    chains.set(event.requestId, chain);
  }
  let events = 0;
  let broken: AuditVerification['brokenAt'] = null;
  for (const [requestId, chain] of chains) {
    const result = verifyChain(requestId, chain.events, chain.head);
    events += result.events;
    broken ??= result.brokenAt;
  }
  return { intact: broken === null, events, brokenAt: broken };
}

/** The trail of one request, verified, in the format asked for. */
async function trailFile(
  db: Db,
  request: RequestRow,
  side: 'attorney' | 'firm',
  format: 'csv' | 'pdf',
): Promise<TrailFile> {
  const where = oneRequest(request.id);
  const rows = await trailEvents(db, where, side);
  const stem = `audit-trail-${request.id.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}`;
  if (format === 'csv')
    return { body: trailCsv(rows), fileName: `${stem}.csv`, contentType: 'text/csv; charset=utf-8' };
  const verification = await verifyTrails(db, where, rows);
  const pdf = await renderAuditTrailPdfOffThread(
    trailPdf({
      firmName: request.firmName,
      positionTitle: request.positionTitle,
      attorneyEmail: request.attorneyEmail,
      requestId: request.id,
      rows,
      verification,
      now: new Date(),
    }),
  );
  return { body: pdf, fileName: `${stem}.pdf`, contentType: 'application/pdf' };
}

/** GET /api/firm/lpq-requests/{id}/audit.csv and .pdf: the request's trail, whatever its status. */
export async function firmAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; format: 'csv' | 'pdf' },
): Promise<TrailFile> {
  const firm = authorize(policies.firmRequests, actor);
  const request = await ownFirmRequest(ctx.db, firm, input.id);
  return trailFile(ctx.db, request, 'firm', input.format);
}

/** GET /api/firm/lpq-requests/{id}/audit/verify. */
export async function verifyFirmAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<AuditVerification> {
  const firm = authorize(policies.firmRequests, actor);
  const request = await ownFirmRequest(ctx.db, firm, input.id);
  const where = oneRequest(request.id, firmRequestScope(firm));
  return verifyTrails(ctx.db, where, await trailEvents(ctx.db, where, 'firm'));
}

/** GET /api/attorney/lpq-requests/{id}/audit.csv and .pdf: a request sent to the attorney. */
export async function attorneyAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; format: 'csv' | 'pdf' },
): Promise<TrailFile> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const request = await loadAttorneyRequest(ctx.db, attorney, input.id);
  return trailFile(ctx.db, request, 'attorney', input.format);
}

/** GET /api/attorney/lpq-requests/{id}/audit/verify. */
export async function verifyAttorneyAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<AuditVerification> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const request = await loadAttorneyRequest(ctx.db, attorney, input.id);
  const where = oneRequest(request.id, attorneyRequestScope(attorney));
  return verifyTrails(ctx.db, where, await trailEvents(ctx.db, where, 'attorney'));
}

/** GET /api/attorney/audit.csv: every request sent to the attorney's verified address, each's trail. */
export async function attorneyAccountAuditTrail(ctx: AppContext, actor: Actor): Promise<TrailFile> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const rows = await trailEvents(ctx.db, attorneyRequestScope(attorney), 'attorney');
  return {
    body: trailCsv(rows),
    fileName: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
    contentType: 'text/csv; charset=utf-8',
  };
}

/** GET /api/attorney/audit/verify: every chain of the attorney's requests. */
export async function verifyAttorneyAccountAuditTrail(
  ctx: AppContext,
  actor: Actor,
): Promise<AuditVerification> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const where = attorneyRequestScope(attorney);
  return verifyTrails(ctx.db, where, await trailEvents(ctx.db, where, 'attorney'));
}
