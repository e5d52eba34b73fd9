import { diffPackages } from '@shared/package-changes';
import {
  type createLpqRequestSchema,
  type FIRM_REVIEW_STATUSES,
  type FirmRequestItem,
  INVITATION_LIMITS,
  REQUEST_MESSAGES,
  type SharedPackage,
} from '@shared/requests';
import type { PackageChange } from '@shared/sharing';
import { isUuid } from '@shared/uuid';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import type { lpqRequests } from '../../db/schema';
import { conflict, notFound, tooManyRequests } from '../../plugins/errors';
import { type Actor, authorize, type FirmUser } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { firmRequestScope } from '../../policies/request-scope';
import { recordAccess, recordActivity } from '../audit/audit.repo';
import { findFirmProfile } from '../firm/firm.repo';
import { firmMayRead, positionLpqStatus, toFirmRequestItem } from './firm-request-item';
import {
  findFirmRequestWithName,
  fullName,
  insertRequest,
  invitationsSent,
  isOpenInvitationConflict,
  lockFirmProfile,
  openInvitation,
  requestWithLpq,
} from './firm-requests.repo';
import { sendInvitationMail } from './invitations';
import { listVersions, loadVersion, withAbsoluteDocumentUrls } from './package-versions';
import { transitionRequest } from './request-state';

type RequestRow = typeof lpqRequests.$inferSelect;
type NewRequest = z.output<typeof createLpqRequestSchema>;

/** One of this firm's requests (policy request.firmOwns); another firm's, unknown or malformed id: 404. */
async function findOwnRequest(tx: Tx, firm: FirmUser, requestId: string) {
  const [row] = isUuid(requestId) ? [await findFirmRequestWithName(tx, firm, requestId)] : [];
  authorize(policies.firmOwns, firm, row?.request);
  return toFirmRequestItem(row!.request, fullName(row!));
}

/** PRODUCT.md §6: at most 50 invitations per firm an hour and 200 a day. */
async function checkInvitationLimits(tx: Tx, firmUserId: string) {
  const sent = await invitationsSent(tx, firmUserId);
  if (sent.lastHour >= INVITATION_LIMITS.perHour || sent.lastDay >= INVITATION_LIMITS.perDay)
    throw tooManyRequests(REQUEST_MESSAGES.tooManyInvitations);
}

/** One pending invitation per firm, attorney address and position title, in any letter case. */
async function checkNoOpenInvitation(tx: Tx, firmUserId: string, input: NewRequest) {
  if (await openInvitation(tx, firmUserId, input)) throw conflict(REQUEST_MESSAGES.invitationAlreadyOpen);
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
  const user = authorize(policies.firmRequests, actor);
  if (!user.emailVerified) throw conflict(REQUEST_MESSAGES.firmEmailUnverified);
  let row: RequestRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const locked = await lockFirmProfile(tx, user.id);
      const profile = locked ? await findFirmProfile(tx, user.id) : null;
      if (!profile) throw conflict(REQUEST_MESSAGES.firmProfileRequired);
      await checkInvitationLimits(tx, user.id);
      await checkNoOpenInvitation(tx, user.id, input);
      const questions = input.firmSpecificQuestions?.sections.length ? input.firmSpecificQuestions : null;
      const inserted = await insertRequest(tx, {
        firmUserId: user.id,
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

/**
 * PRODUCT.md §5, §8: one of the firm's requests and, while the firm may read it, one version of its
 * package (the latest unless `version` is given). Revoked or past its access end date, the package is
 * null — checked here, at every read. Every read that returns a package is recorded for the attorney;
 * the package leaves only once its access event is stored. 404 for another firm's request, an unknown or
 * a malformed id, and for a version that does not exist.
 */
async function readOwnPackage(
  db: Db,
  user: FirmUser,
  requestId: string,
  kind: AccessKind,
  version?: number,
): Promise<{ request: FirmRequestItem; pkg: SharedPackage | null }> {
  // Narrowed to the firm's own requests in SQL and judged again on the row: policy request.firmOwns.
  const [row] = isUuid(requestId) ? await requestWithLpq(db).execute({ firmUserId: user.id, requestId }) : [];
  authorize(policies.firmOwns, user, row?.request);
  const readable = firmMayRead(row.request) && row.request.currentVersion !== null;
  // The versions' numbers and dates feed the timeline too, so 'Package updated' stays in the request's
  // history after access ends; only their content is withheld.
  const versions = row.request.currentVersion !== null ? await listVersions(db, requestId) : [];
  const request = toFirmRequestItem(row.request, fullName(row), versions, row.lpq?.submittedAt ?? null);
  if (!readable) {
    if (version !== undefined) throw notFound();
    return { request, pkg: null };
  }
  const stored = await loadVersion(db, requestId, version ?? row.request.currentVersion!);
  if (!stored) throw notFound();
  await recordAccess(db, {
    requestId: request.id,
    attorneyUserId: row.request.attorneyUserId!,
    firmUserId: user.id,
    firmName: request.firmName,
    kind,
  });
  const { include: _parts, ...pkg } = stored;
  const lpq = row.lpq;
  return {
    request,
    pkg: {
      ...pkg,
      versions,
      positionLpq: lpq
        ? { status: positionLpqStatus(lpq), formData: lpq.formData, firmAnswers: lpq.firmAnswers }
        : null,
    },
  };
}

/**
 * The package for the PDF, its documents' URLs absolute: 404 until it is shared and once access has ended;
 * the export is recorded.
 */
export async function readPackageForPdf(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number },
) {
  const firm = authorize(policies.firmRequests, actor);
  const { request, pkg } = await readOwnPackage(ctx.db, firm, input.id, 'pdf_download', input.version);
  if (!pkg) throw notFound();
  // The PDF names each document as a link to the app's own download (issue 35, item 12).
  return { request, pkg: withAbsoluteDocumentUrls(pkg, ctx.publicUrl) };
}

/**
 * PRODUCT.md §6: what changed between two versions, field by field, with the labels the review screen
 * shows. Reading it is a view of both versions, recorded as one. 404 while the firm may not read.
 */
export async function getPackageChanges(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; from: number; to: number },
): Promise<PackageChange[]> {
  const user = authorize(policies.firmRequests, actor);
  const { id: requestId, ...range } = input;
  const { request, pkg } = await readOwnPackage(ctx.db, user, requestId, 'package_view', range.to);
  if (!pkg) throw notFound();
  const before = range.from === range.to ? pkg : await loadVersion(ctx.db, requestId, range.from);
  if (!before) throw notFound();
  const options = { firmName: request.firmName, firmSpecificQuestions: request.firmSpecificQuestions };
  return diffPackages(
    { ...before, versions: pkg.versions, positionLpq: null },
    { ...pkg, positionLpq: null },
    options,
  );
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
  const user = authorize(policies.firmRequests, actor);
  const { id: requestId, status } = input;
  return ctx.db.transaction(async (tx) => {
    const request = await findOwnRequest(tx, user, requestId);
    const now = new Date();
    const row = await transitionRequest(tx, {
      requestId: request.id,
      to: status,
      scope: firmRequestScope(user),
      set: status === 'reviewed' ? { reviewedAt: now } : { completedAt: now },
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
