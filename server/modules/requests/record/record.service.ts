import {
  type AuditVerification,
  RECEIPT_MESSAGES,
  type TrailReceipt,
  type TrailVerification,
} from '@shared/audit-trail';
import type { VersionVerification } from '@shared/certification';
import type { ReadablePart } from '@shared/team';
import { isUuid } from '@shared/uuid';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import type { lpqRequests } from '../../../db/schema';
import { badRequest, notFound } from '../../../plugins/errors';
import { type Actor, authorize, type FirmMember } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { attorneyRequestScope, packageOpen, packageParts, scopeFor } from '../../../policies/request-scope';
import { verifyChain } from '../../audit/audit-chain';
import {
  checkAgainstHead,
  publishedKey,
  readReceipt,
  recordKey,
  signReceipt,
} from '../../audit/trail-receipt';
import { sealPendingReads } from '../../audit/trail-seal';
import { verificationForReader, verifyVersion } from '../certification/certification';
import { factsOf, findFirmRequest } from '../firm/firm-requests.repo';
import { loadAttorneyRequest } from '../lifecycle/load-request';
import { oneRequest, type TrailRow, trailEvents, trailHeads, versionToVerify } from './record.repo';
import { trailCsv, trailPdf, trailSeenBy } from './record-files';

/**
 * PRODUCT.md §11, a record both sides can trust: verify a shared version, and each side's downloads of the
 * audit trail with the check of its hash chain. The firm's side: the members who see the request (policy
 * request.firmSees: admins, recruiters, its assigned reviewers, the conflicts department); the attorney's
 * request.attorneyActs for one request and request.attorneyRequests (the
 * requests sent to their verified address, attorneyRequestScope) for the whole account. None of these
 * reads is recorded: the trail holds no form contents, and verify answers paths, never values.
 */

type RequestRow = typeof lpqRequests.$inferSelect;
/** A download, with the signed receipt of the trail's head (null while a chain is broken): the `Trail-Receipt` header. */
export type TrailFile = {
  body: string | Buffer;
  fileName: string;
  contentType: string;
  receipt: TrailReceipt | null;
};

/** A request the member sees (policy request.firmSees); another firm's, unassigned, unknown or malformed: 404. */
async function seenRequest(db: Db, member: FirmMember, requestId: string) {
  const scope = scopeFor(policies.firmSees, member);
  const row = isUuid(requestId) ? await findFirmRequest(db, member, requestId, scope) : undefined;
  authorize(policies.firmSees, member, row && factsOf(row));
  return row!;
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
  const member = authorize(policies.firmSees, actor);
  const row = await seenRequest(ctx.db, member, input.id);
  const { request } = row;
  if (!packageOpen(request) || request.currentVersion === null) throw notFound();
  const stored = await versionToVerify(ctx.db, request.id, input.version ?? request.currentVersion);
  if (!stored) throw notFound();
  // PRODUCT.md §9: a part the reader's roles do not reach is named, never its fields.
  return verificationForReader(await verifyVersion(ctx.storage, stored), packageParts(member, factsOf(row)));
}

/** The attorney's requests' reads still waiting for their seal. */
async function sealAttorneyReads(db: Db, where: SQL) {
  const heads = await trailHeads(db, where);
  if (heads.length)
    await sealPendingReads(
      db,
      heads.map((h) => h.head.requestId),
    );
}

/**
 * Each request's chain checked on its own (a request with events and no head is broken); the first broken one is
 * named. With a receipt (PRODUCT.md §11), each request it names must be among these, and each chain that checks
 * by itself must still hold the head the receipt signed (a cut or a rewrite after it is named). The answer
 * carries the heads as they stand, signed, while every chain is intact.
 */
async function verifyTrails(
  ctx: AppContext,
  where: SQL,
  rows: TrailRow[],
  receipt: TrailReceipt | null = null,
): Promise<TrailVerification> {
  const key = recordKey(ctx.config);
  const chains = new Map<
    string,
    { events: TrailRow['event'][]; head: { seq: number; hash: string } | null }
  >();
  for (const { head } of await trailHeads(ctx.db, where)) chains.set(head.requestId, { events: [], head });
  for (const { event } of rows) {
    const chain = chains.get(event.requestId) ?? { events: [], head: null };
    chain.events.push(event);
    chains.set(event.requestId, chain);
  }
  if (receipt?.heads.some((h) => !chains.get(h.requestId)?.head))
    throw badRequest(RECEIPT_MESSAGES.otherTrail);
  const held = new Map(receipt?.heads.map((h) => [h.requestId, h]));
  let events = 0;
  let broken: AuditVerification['brokenAt'] = null;
  for (const [requestId, chain] of chains) {
    const result = verifyChain(requestId, chain.events, chain.head);
    events += result.events;
    const head = held.get(requestId);
    broken ??= result.brokenAt ?? (head ? checkAgainstHead(chain.events, head) : null);
  }
  const heads = [...chains].map(([requestId, chain]) => ({
    requestId,
    events: chain.head?.seq ?? 0,
    hash: chain.head?.hash ?? '',
  }));
  return {
    intact: broken === null,
    events,
    brokenAt: broken,
    receipt: broken === null && heads.length ? signReceipt(key, heads) : null,
  };
}

/** A receipt given to POST …/audit/verify, read and its signature checked before anything is sealed (400 otherwise). */
const givenReceipt = (ctx: AppContext, given: unknown) =>
  given === undefined ? null : readReceipt(recordKey(ctx.config), given);

/** The trail of one request, verified, in the format asked for. */
async function trailFile(
  ctx: AppContext,
  request: RequestRow,
  reader: { side: 'attorney' } | { side: 'firm'; visible: readonly ReadablePart[] },
  format: 'csv' | 'pdf',
): Promise<TrailFile> {
  const db = ctx.db;
  // The reads still waiting for their seal go in first: a trail shows every read recorded so far.
  await sealPendingReads(db, [request.id]);
  const where = oneRequest(request.id);
  const all = await trailEvents(db, where, reader.side);
  // The attorney's own trail is whole; a firm member's leaves out the parts their roles do not reach.
  const { rows, hidden } =
    reader.side === 'firm' ? trailSeenBy(all, reader.visible) : { rows: all, hidden: false };
  const stem = `audit-trail-${request.id.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}`;
  const verification = await verifyTrails(ctx, where, all);
  const receipt = verification.receipt;
  if (format === 'csv')
    return {
      body: trailCsv(rows),
      fileName: `${stem}.csv`,
      contentType: 'text/csv; charset=utf-8',
      receipt,
    };
  const pdf = await ctx.pdf.renderTrail(
    trailPdf({
      firmName: request.firmName,
      positionTitle: request.positionTitle,
      attorneyEmail: request.attorneyEmail,
      requestId: request.id,
      rows,
      verification,
      receipt,
      now: new Date(),
      hidden,
    }),
  );
  return { body: pdf, fileName: `${stem}.pdf`, contentType: 'application/pdf', receipt };
}

/** GET /api/firm/lpq-requests/{id}/audit.csv and .pdf: the request's trail, whatever its status. */
export async function firmAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; format: 'csv' | 'pdf' },
): Promise<TrailFile> {
  const member = authorize(policies.firmSees, actor);
  const row = await seenRequest(ctx.db, member, input.id);
  const visible = packageParts(member, factsOf(row));
  return trailFile(ctx, row.request, { side: 'firm', visible }, input.format);
}

/** GET /api/firm/lpq-requests/{id}/audit/verify. */
export async function verifyFirmAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; receipt?: unknown },
): Promise<TrailVerification> {
  const member = authorize(policies.firmSees, actor);
  const { request } = await seenRequest(ctx.db, member, input.id);
  const receipt = givenReceipt(ctx, input.receipt);
  await sealPendingReads(ctx.db, [request.id]);
  const where = oneRequest(request.id, scopeFor(policies.firmSees, member));
  return verifyTrails(ctx, where, await trailEvents(ctx.db, where, 'firm'), receipt);
}

/** GET /api/attorney/lpq-requests/{id}/audit.csv and .pdf: a request sent to the attorney. */
export async function attorneyAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; format: 'csv' | 'pdf' },
): Promise<TrailFile> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const request = await loadAttorneyRequest(ctx.db, attorney, input.id);
  return trailFile(ctx, request, { side: 'attorney' }, input.format);
}

/** GET /api/attorney/lpq-requests/{id}/audit/verify. */
export async function verifyAttorneyAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; receipt?: unknown },
): Promise<TrailVerification> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const request = await loadAttorneyRequest(ctx.db, attorney, input.id);
  const receipt = givenReceipt(ctx, input.receipt);
  await sealPendingReads(ctx.db, [request.id]);
  const where = oneRequest(request.id, attorneyRequestScope(attorney));
  return verifyTrails(ctx, where, await trailEvents(ctx.db, where, 'attorney'), receipt);
}

/** GET /api/attorney/audit.csv: every request sent to the attorney's verified address, each's trail. */
export async function attorneyAccountAuditTrail(ctx: AppContext, actor: Actor): Promise<TrailFile> {
  const attorney = authorize(policies.attorneyRequests, actor);
  await sealAttorneyReads(ctx.db, attorneyRequestScope(attorney));
  const rows = await trailEvents(ctx.db, attorneyRequestScope(attorney), 'attorney');
  const { receipt } = await verifyTrails(ctx, attorneyRequestScope(attorney), rows);
  return {
    receipt,
    body: trailCsv(rows),
    fileName: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
    contentType: 'text/csv; charset=utf-8',
  };
}

/** GET /api/attorney/audit/verify: every chain of the attorney's requests. */
export async function verifyAttorneyAccountAuditTrail(
  ctx: AppContext,
  actor: Actor,
  input: { receipt?: unknown } = {},
): Promise<TrailVerification> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const where = attorneyRequestScope(attorney);
  const receipt = givenReceipt(ctx, input.receipt);
  await sealAttorneyReads(ctx.db, where);
  return verifyTrails(ctx, where, await trailEvents(ctx.db, where, 'attorney'), receipt);
}

/** GET /api/record/key: the public key trail receipts are signed with (PRODUCT.md §11); anyone may read it. */
export function recordPublicKey(ctx: AppContext, actor: Actor) {
  authorize(policies.readRecordKey, actor);
  return publishedKey(recordKey(ctx.config));
}
