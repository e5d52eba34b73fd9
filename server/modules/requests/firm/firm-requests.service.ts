import { businessCase, type Ledger } from '@shared/business-case';
import { changeCountFor, diffPackages } from '@shared/package-changes';
import {
  type createLpqRequestSchema,
  type FIRM_REVIEW_STATUSES,
  type FirmRequestDetail,
  type FirmRequestItem,
  INVITATION_LIMITS,
  REQUEST_MESSAGES,
  type SharedPackage,
} from '@shared/requests';
import type { PackageChange } from '@shared/sharing';
import type { ReadablePart } from '@shared/team';
import { isUuid } from '@shared/uuid';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import type { lpqRequests } from '../../../db/schema';
import { conflict, notFound, tooManyRequests } from '../../../plugins/errors';
import { hitFirmReadLimit } from '../../../plugins/rate-limit';
import { type Actor, allows, authorize, type FirmMember } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { allOf, packageOpen, packageOpenNow, packageParts, scopeFor } from '../../../policies/request-scope';
import { recordAccess, recordActivity } from '../../audit/audit.repo';
import { memberActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { findFirmProfile } from '../../firm/firm.repo';
import { transitionRequest } from '../lifecycle/request-state';
import {
  changeCountsOf,
  listVersions,
  loadCertificate,
  loadVersion,
  withAbsoluteDocumentUrls,
  withParts,
} from '../sharing/package-versions';
import { requestAssumptions } from './business-case-assumptions';
import { positionLpqStatus, toFirmRequestItem } from './firm-request-item';
import {
  factsOf,
  findFirmRequest,
  fullName,
  insertRequest,
  invitationsSent,
  isOpenInvitationConflict,
  lockFirm,
  openInvitation,
  requestDetailExtras,
} from './firm-requests.repo';
import { sendInvitationMail } from './invitations';

type RequestRow = typeof lpqRequests.$inferSelect;
type NewRequest = z.output<typeof createLpqRequestSchema>;

/** PRODUCT.md §6: at most 50 invitations per firm an hour and 200 a day. */
async function checkInvitationLimits(tx: Tx, firmId: string) {
  const sent = await invitationsSent(tx, firmId);
  if (sent.lastHour >= INVITATION_LIMITS.perHour || sent.lastDay >= INVITATION_LIMITS.perDay)
    throw tooManyRequests(REQUEST_MESSAGES.tooManyInvitations);
}

/** One pending invitation per firm, attorney address and position title, in any letter case. */
async function checkNoOpenInvitation(tx: Tx, firmId: string, input: NewRequest) {
  if (await openInvitation(tx, firmId, input)) throw conflict(REQUEST_MESSAGES.invitationAlreadyOpen);
}

/**
 * PRODUCT.md §6: needs a verified firm address and a firm profile (its name goes on the request, its
 * contact details are the defaults), at most one open invitation per address and position, and the
 * hourly and daily limits. The firm profile row is locked for the transaction, so one firm's
 * invitations are checked and stored one at a time: the limits cannot be overrun by parallel posts, and
 * the unique index catches anything that gets past the check. The invitation mail is written in the same
 * transaction. The answer never depends on whether the invited address has an account.
 */
export async function createLpqRequest(
  ctx: AppContext,
  actor: Actor,
  input: NewRequest,
): Promise<FirmRequestItem> {
  const user = authorize(policies.firmPipeline, actor);
  if (!user.emailVerified) throw conflict(REQUEST_MESSAGES.firmEmailUnverified);
  const firmId = user.firm.id;
  let row: RequestRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await lockFirm(tx, firmId);
      const profile = await findFirmProfile(tx, firmId);
      if (!profile) throw conflict(REQUEST_MESSAGES.firmProfileRequired);
      await checkInvitationLimits(tx, firmId);
      await checkNoOpenInvitation(tx, firmId, input);
      const questions = input.firmSpecificQuestions?.sections.length ? input.firmSpecificQuestions : null;
      const inserted = await insertRequest(tx, {
        firmId,
        createdByUserId: user.id,
        // The firm's name on the request and in the mail comes from its profile only.
        firmName: profile.firmName,
        attorneyEmail: input.attorneyEmail,
        positionTitle: input.positionTitle,
        practiceArea: input.practiceArea,
        dueDate: input.dueDate ?? null,
        contactPersonName: input.contactPersonName || profile.contactPersonName || '',
        contactPersonTitle: input.contactPersonTitle || profile.contactPersonTitle || '',
        contactPhone: input.contactPhone || profile.contactPhone || null,
        additionalMessage: input.additionalMessage || null,
        firmSpecificQuestions: questions,
      });
      await sendInvitationMail(tx, ctx, inserted);
      await appendAuditEvent(tx, {
        requestId: inserted.id,
        actor: memberActor(user),
        at: inserted.sentAt,
        type: 'sent',
        details: {
          to: inserted.attorneyEmail,
          positionTitle: inserted.positionTitle,
          practiceArea: inserted.practiceArea,
          dueDate: inserted.dueDate,
        },
      });
      return inserted;
    });
  } catch (err) {
    if (isOpenInvitationConflict(err)) throw conflict(REQUEST_MESSAGES.invitationAlreadyOpen);
    throw err;
  }
  ctx.onMailQueued();
  // Pending: no attorney name, whoever the address belongs to.
  return toFirmRequestItem(row, null);
}

type AccessKind = 'package_view' | 'pdf_download';

const conflictsOf = (row: { request: typeof lpqRequests.$inferSelect }) => ({
  status: row.request.conflictsStatus,
  waiting: row.request.conflictsWaiting,
});

/** How each read reads in the audit trail (PRODUCT.md §11); `what` adds to the details. */
const TRAIL_EVENT_OF = { package_view: 'read', pdf_download: 'exported' } as const;

/**
 * PRODUCT.md §5, §8, §9: one request the member sees (policy request.firmSees) and, while its package is open,
 * one version of it (the latest unless `version` is given) with only the parts the member's roles reach
 * (`packageParts`). Revoked or past its access end date, the package is null — checked here, at every read.
 * Every read that returns a package is recorded for the attorney, with the reader's roles and the parts they
 * got; the package leaves only once its access event is stored. 404 for a request the member may not see, an
 * unknown or a malformed id, and for a version that does not exist.
 */
async function readPackage(
  ctx: AppContext,
  member: FirmMember,
  requestId: string,
  /** The read to record; null for a HEAD, which sends nothing of the package. */
  kind: AccessKind | null,
  version?: number,
  what: Record<string, unknown> = {},
): Promise<{
  request: FirmRequestItem;
  pkg: SharedPackage | null;
  parts: ReadablePart[];
  facts: ReturnType<typeof factsOf>;
  /** The request's conflicts status and rows waiting for an answer (issue 67 item 11). */
  conflicts: { status: FirmRequestDetail['conflictsStatus']; waiting: number };
}> {
  const db = ctx.db;
  const scope = scopeFor(policies.firmSees, member);
  const row = isUuid(requestId) ? await findFirmRequest(db, member, requestId, scope) : undefined;
  authorize(policies.firmSees, member, row && factsOf(row));
  const parts = packageParts(member, factsOf(row!));
  const readable = packageOpen(row!.request) && row!.request.currentVersion !== null && parts.length > 0;
  // The versions' numbers and dates feed the timeline too, so 'Package updated' stays in the request's
  // history after access ends; only their content is withheld.
  const versions = row!.request.currentVersion !== null ? await listVersions(db, requestId) : [];
  const request = toFirmRequestItem(row!.request, fullName(row!), versions, row!.lpq?.submittedAt ?? null);
  if (!readable) {
    if (version !== undefined) throw notFound();
    return { request, pkg: null, parts, facts: factsOf(row!), conflicts: conflictsOf(row!) };
  }
  const stored = await loadVersion(db, requestId, version ?? row!.request.currentVersion!);
  if (!stored) throw notFound();
  // The access event and the trail's event together, before anything is answered; a HEAD records neither.
  // FIRM_READ_LIMIT: counted before the read is recorded, so a refused read is in no log and no trail.
  if (kind) await hitFirmReadLimit(db, ctx.config, { memberId: member.id, requestId: request.id });
  if (kind)
    await db.transaction(async (tx) => {
      await recordAccess(tx, {
        requestId: request.id,
        attorneyUserId: row!.request.attorneyUserId!,
        firmUserId: member.id,
        firmId: member.firm.id,
        firmName: request.firmName,
        kind,
        readerRoles: [...member.firm.roles],
        parts,
      });
      await appendAuditEvent(tx, {
        requestId: request.id,
        actor: memberActor(member),
        type: TRAIL_EVENT_OF[kind],
        details: { version: stored.version, ...what },
      });
    });
  const { include: _parts, ...pkg } = stored;
  const lpq = row!.lpq;
  const whole: SharedPackage = {
    ...pkg,
    versions,
    positionLpq: lpq
      ? { status: positionLpqStatus(lpq), formData: lpq.formData, firmAnswers: lpq.firmAnswers }
      : null,
  };
  return { request, pkg: withParts(whole, parts), parts, facts: factsOf(row!), conflicts: conflictsOf(row!) };
}

/**
 * GET /api/firm/lpq-requests/{id} through an API token (PRODUCT.md §14): the hot read's answer, by the plain
 * read (`readPackage`), for a token acting as a recruiter. The package is there only with `withPackage` (the
 * packages:read scope): that read is an access event of the token's reader, 'API token NAME'. Without it the
 * package is null and nothing is recorded.
 */
export async function readFirmRequestWithToken(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number; headOnly?: boolean; withPackage: boolean },
): Promise<FirmRequestDetail> {
  const member = authorize(policies.firmSees, actor);
  const kind = input.withPackage && !input.headOnly ? 'package_view' : null;
  const extras = isUuid(input.id) ? await requestDetailExtras(ctx.db, input.id, member.id) : null;
  const { request, pkg, parts, facts, conflicts } = await readPackage(
    ctx,
    member,
    input.id,
    kind,
    input.withPackage ? input.version : undefined,
  );
  return {
    ...request,
    visibleParts: parts,
    reviewers: extras?.reviewers ?? [],
    lastOpenedVersion: extras?.lastOpenedVersion ?? null,
    conflictsStatus: facts.currentVersion !== null ? conflicts.status : null,
    conflictsWaiting: facts.currentVersion !== null ? conflicts.waiting : 0,
    package:
      input.withPackage && pkg
        ? { ...pkg, versions: await withChangeCounts(ctx, request.id, pkg, parts) }
        : null,
  } as FirmRequestDetail;
}

/** Each version's count of changes in the parts the reader gets, as the hot read answers them. */
async function withChangeCounts(
  ctx: AppContext,
  requestId: string,
  pkg: SharedPackage,
  parts: ReadablePart[],
) {
  const counted = await changeCountsOf(ctx.db, requestId);
  return pkg.versions.map((v) => ({
    ...v,
    changes: v.version > 1 ? changeCountFor(counted.get(v.version) ?? null, parts) : null,
  }));
}

/**
 * The package for the PDF, its documents' URLs absolute: 404 until it is shared and once access has ended.
 * The export is recorded; a HEAD (`headOnly`), which sends no byte of it, is not (README, Security).
 */
export async function readPackageForPdf(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number; headOnly?: boolean },
) {
  const member = authorize(policies.firmSees, actor);
  const kind = input.headOnly ? null : 'pdf_download';
  const { request, pkg, parts, facts } = await readPackage(ctx, member, input.id, kind, input.version, {
    what: 'pdf',
  });
  if (!pkg) throw notFound();
  // PRODUCT.md §11: the PDF ends with the version's certificate page; each document is a link to the app's
  // own download.
  const certificate = (await loadCertificate(ctx.db, request.id, pkg.version)) ?? undefined;
  // PRODUCT.md §12: the business-case pages, for the roles that may read the case (request.firmBusinessCase):
  // never a conflicts or diversity member's PDF. The read is the PDF's own access event ('Package PDF').
  const kase = allows(policies.firmBusinessCase, member, facts)
    ? businessCase(
        (pkg.masterLpq ?? {}) as Ledger,
        await requestAssumptions(ctx.db, member.firm.id, request.id),
      )
    : undefined;
  return {
    request,
    pkg: withAbsoluteDocumentUrls(pkg, ctx.publicUrl),
    parts,
    certificate,
    businessCase: kase,
  };
}

/**
 * PRODUCT.md §6: what changed between two versions, field by field, with the labels the review screen
 * shows, in the parts the member's roles reach. Reading it is a view of both versions, recorded as one. 404
 * while the member may not read.
 */
export async function getPackageChanges(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; from: number; to: number },
): Promise<PackageChange[]> {
  const member = authorize(policies.firmSees, actor);
  const { id: requestId, ...range } = input;
  const { request, pkg, parts } = await readPackage(ctx, member, requestId, 'package_view', range.to, {
    what: 'changes',
    from: range.from,
    to: range.to,
  });
  if (!pkg) throw notFound();
  const stored = range.from === range.to ? pkg : await loadVersion(ctx.db, requestId, range.from);
  if (!stored) throw notFound();
  const before = withParts({ ...stored, versions: pkg.versions, positionLpq: null }, parts);
  const options = { firmName: request.firmName, firmSpecificQuestions: request.firmSpecificQuestions };
  return diffPackages(before, withParts({ ...pkg, positionLpq: null }, parts), options);
}

const REVIEW_ACTIVITY = {
  reviewed: (r: FirmRequestItem) => `${r.firmName} is reviewing your LPQ for ${r.positionTitle}`,
  completed: (r: FirmRequestItem) => `${r.firmName} completed the review of your LPQ for ${r.positionTitle}`,
};

/** Mark Under Review / Mark Review Complete, through the one guarded state machine (409 otherwise). */
export async function setFirmRequestStatus(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; status: (typeof FIRM_REVIEW_STATUSES)[number] },
): Promise<FirmRequestItem> {
  const member = authorize(policies.firmReviews, actor);
  const { id: requestId, status } = input;
  return ctx.db.transaction(async (tx) => {
    const scope = scopeFor(policies.firmReviews, member);
    const found = isUuid(requestId) ? await findFirmRequest(tx, member, requestId, scope) : undefined;
    authorize(policies.firmReviews, member, found && factsOf(found));
    const request = toFirmRequestItem(found!.request, fullName(found!));
    const now = new Date();
    // PRODUCT.md §5: the request is read through the package's open state, with the one clock: once its
    // access period is over it cannot be marked, even before the expiry job runs.
    if (!packageOpen(found!.request)) throw conflict(REQUEST_MESSAGES.invalidTransition);
    const row = await transitionRequest(tx, {
      requestId: request.id,
      to: status,
      scope: allOf(scope, packageOpenNow()),
      set: status === 'reviewed' ? { reviewedAt: now } : { completedAt: now },
    });
    await appendAuditEvent(tx, {
      requestId: request.id,
      actor: memberActor(member),
      type: 'status_changed',
      details: { from: request.status, to: status },
    });
    if (row.attorneyUserId)
      await recordActivity(tx, {
        userId: row.attorneyUserId,
        kind: `request_${status}`,
        title: REVIEW_ACTIVITY[status](request),
        detail: { requestId: request.id },
      });
    return toFirmRequestItem(row, request.attorneyName);
  });
}
