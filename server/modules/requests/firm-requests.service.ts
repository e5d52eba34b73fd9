import type { User } from '@shared/auth';
import { type FileRef, objectUrlFor } from '@shared/files';
import { TOKEN_TTL } from '@shared/limits';
import {
  type createLpqRequestSchema,
  type FIRM_REVIEW_STATUSES,
  type FirmRequestDetail,
  type FirmRequestItem,
  type FirmSpecificQuestions,
  REQUEST_MESSAGES,
  type SharedPackage,
} from '@shared/requests';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { lpqRequests, positionLpqs, sharedPackages, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { conflict, notFound } from '../../plugins/errors';
import { recordAccess, recordActivity } from '../audit/audit.service';
import { createEmailToken } from '../auth/tokens';
import { findFirmProfile } from '../firm/firm.service';
import { firmRequestScope, sentByFirm } from './request-scope';
import { transitionRequest } from './request-state';
import { lpqInvitationMail } from './requests.mails';
import { isUuid } from './uuid';

type RequestRow = typeof lpqRequests.$inferSelect;
type PackageRow = typeof sharedPackages.$inferSelect;
type PositionLpqRow = typeof positionLpqs.$inferSelect;
type FirmContext = { db: Tx; publicUrl: string; onMailQueued: () => void };
type NewRequest = z.output<typeof createLpqRequestSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toFirmRequestItem(row: RequestRow, attorneyName: string | null): FirmRequestItem {
  return {
    id: row.id,
    attorneyEmail: row.attorneyEmail,
    attorneyName,
    firmName: row.firmName,
    positionTitle: row.positionTitle,
    practiceArea: row.practiceArea,
    status: row.status,
    sentAt: row.sentAt.toISOString(),
    dueDate: row.dueDate,
    sharedAt: iso(row.sharedAt),
    declineReason: row.declineReason,
    declinedAt: iso(row.declinedAt),
    reviewedAt: iso(row.reviewedAt),
    completedAt: iso(row.completedAt),
    contactPersonName: row.contactPersonName,
    contactPersonTitle: row.contactPersonTitle,
    contactPhone: row.contactPhone,
    additionalMessage: row.additionalMessage,
    firmSpecificQuestions: (row.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
  };
}

/**
 * Joins the attorney whose name the firm sees: the attorney who answered, else the attorney account
 * registered with the invited address (addresses are stored lower-cased). Joined on one id so both cases
 * use an index: an OR in the join condition scanned every user for each request (bench/load.ts).
 */
const requestAttorney = sql`${users.userType} = 'attorney' and ${users.id} = coalesce(${lpqRequests.attorneyUserId}, (select invited.id from ${users} invited where lower(invited.email) = lower(${lpqRequests.attorneyEmail})))`;

/** The firm's requests with the attorney's name. */
function selectFirmRequests(tx: Tx, user: User) {
  return tx
    .select({ request: lpqRequests, firstName: users.firstName, lastName: users.lastName })
    .from(lpqRequests)
    .leftJoin(users, requestAttorney)
    .where(firmRequestScope(user))
    .$dynamic();
}

const fullName = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null;

export async function listFirmRequests(ctx: { db: Tx }, user: User): Promise<FirmRequestItem[]> {
  const rows = await selectFirmRequests(ctx.db, user).orderBy(desc(lpqRequests.sentAt), desc(lpqRequests.id));
  return rows.map((r) => toFirmRequestItem(r.request, fullName(r)));
}

/** One of this firm's requests; anything else (another firm's, unknown, malformed id) is 404. */
async function findOwnRequest(tx: Tx, user: User, requestId: string) {
  if (!isUuid(requestId)) throw notFound();
  const [row] = await selectFirmRequests(tx, user).where(
    and(firmRequestScope(user), eq(lpqRequests.id, requestId)),
  );
  if (!row) throw notFound();
  return toFirmRequestItem(row.request, fullName(row));
}

/**
 * PRODUCT.md §6: needs a firm profile (its name goes on the request, its contact details are the
 * defaults). The invitation mail is written in the same transaction.
 */
export async function createLpqRequest(
  ctx: FirmContext,
  user: User,
  input: NewRequest,
): Promise<FirmRequestItem> {
  const requestId = await ctx.db.transaction(async (tx) => {
    const profile = await findFirmProfile(tx, user.id);
    if (!profile) throw conflict(REQUEST_MESSAGES.firmProfileRequired);
    const questions = input.firmSpecificQuestions?.sections.length ? input.firmSpecificQuestions : null;
    const [row] = await tx
      .insert(lpqRequests)
      .values({
        firmUserId: user.id,
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
      })
      .returning();
    await sendInvitationMail(tx, ctx, row);
    return row.id;
  });
  ctx.onMailQueued();
  return findOwnRequest(ctx.db, user, requestId);
}

async function sendInvitationMail(tx: Tx, ctx: FirmContext, request: RequestRow) {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, request.attorneyEmail))
    .limit(1);
  let url = `${ctx.publicUrl}/attorney/lpq-requests`;
  if (!account) {
    const token = await createEmailToken(tx, {
      purpose: 'invitation',
      email: request.attorneyEmail,
      requestId: request.id,
      ttlMs: TOKEN_TTL.invitationMs,
    });
    url = `${ctx.publicUrl}/register/attorney?token=${encodeURIComponent(token)}&email=${encodeURIComponent(request.attorneyEmail)}`;
  }
  await enqueueMail(tx, {
    kind: 'lpq_invitation',
    to: request.attorneyEmail,
    ...lpqInvitationMail({ ...request, url, hasAccount: !!account }),
  });
}

/** The position LPQ's progress as the firm sees it. */
function positionLpqStatus(row: PositionLpqRow) {
  if (row.submittedAt) return 'submitted';
  return row.updatedAt.getTime() > row.createdAt.getTime() ? 'in_progress' : 'not_started';
}

function toDocuments(stored: unknown[]): FileRef[] {
  return (stored as Partial<FileRef>[])
    .filter((d): d is FileRef => typeof d?.id === 'string')
    .map((d) => ({
      id: d.id,
      name: d.name ?? 'Document',
      contentType: d.contentType ?? 'application/octet-stream',
      size: Number(d.size ?? 0),
      url: objectUrlFor(d.id),
    }));
}

function toSharedPackage(row: PackageRow, lpq: PositionLpqRow | null): SharedPackage {
  return {
    sharedAt: row.sharedAt.toISOString(),
    attorney: row.attorney as SharedPackage['attorney'],
    profile: row.profile ?? null,
    masterLpq: row.masterLpq,
    conflictsForm: row.conflictsForm ?? null,
    diversityForm: row.diversityForm ?? null,
    businessPlan: row.businessPlan ?? null,
    documents: toDocuments(row.documents),
    positionLpq: lpq
      ? { status: positionLpqStatus(lpq), formData: lpq.formData, firmAnswers: lpq.firmAnswers }
      : null,
  };
}

/**
 * One of the firm's requests with its package and position LPQ, in one statement (one snapshot). Firms
 * open it all day, so it is a prepared statement.
 */
const requestWithPackage = (db: Db) =>
  preparedStatement(db, 'firm_request_with_package', (db, name) =>
    db
      .select({
        request: lpqRequests,
        firstName: users.firstName,
        lastName: users.lastName,
        pkg: sharedPackages,
        lpq: positionLpqs,
      })
      .from(lpqRequests)
      .leftJoin(users, requestAttorney)
      .leftJoin(sharedPackages, eq(sharedPackages.requestId, lpqRequests.id))
      .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
      .where(and(sentByFirm(sql.placeholder('firmUserId')), eq(lpqRequests.id, sql.placeholder('requestId'))))
      .prepare(name),
  );

/**
 * PRODUCT.md §8: every firm read of a shared package is recorded for the attorney to see. The read comes
 * first and the package leaves only once its access event is stored: if that write fails, the firm gets
 * an error and no data. 404 for another firm's request, an unknown or a malformed id.
 */
async function readOwnPackage(
  db: Db,
  user: User,
  requestId: string,
  kind: 'package_view' | 'pdf_download',
): Promise<{ request: FirmRequestItem; pkg: SharedPackage | null }> {
  if (!isUuid(requestId)) throw notFound();
  const [row] = await requestWithPackage(db).execute({ firmUserId: user.id, requestId });
  if (!row) throw notFound();
  const request = toFirmRequestItem(row.request, fullName(row));
  if (!row.pkg) return { request, pkg: null };
  await recordAccess(db, {
    requestId: request.id,
    attorneyUserId: row.pkg.attorneyUserId,
    firmUserId: user.id,
    firmName: request.firmName,
    kind,
  });
  return { request, pkg: toSharedPackage(row.pkg, row.lpq) };
}

export async function getFirmRequest(
  ctx: { db: Db },
  user: User,
  requestId: string,
): Promise<FirmRequestDetail> {
  const { request, pkg } = await readOwnPackage(ctx.db, user, requestId, 'package_view');
  return { ...request, package: pkg };
}

/** The package for the PDF: 404 until it is shared; the download is recorded. */
export async function readPackageForPdf(ctx: { db: Db }, user: User, requestId: string) {
  const { request, pkg } = await readOwnPackage(ctx.db, user, requestId, 'pdf_download');
  if (!pkg) throw notFound();
  return { request, pkg };
}

const REVIEW_ACTIVITY = {
  reviewed: (r: FirmRequestItem) => `${r.firmName} is reviewing your LPQ for ${r.positionTitle}`,
  completed: (r: FirmRequestItem) => `${r.firmName} completed the review of your LPQ for ${r.positionTitle}`,
};

/** Mark Under Review / Mark Review Complete, through the one guarded state machine (409 otherwise). */
export async function setFirmRequestStatus(
  ctx: { db: Tx },
  user: User,
  requestId: string,
  status: (typeof FIRM_REVIEW_STATUSES)[number],
): Promise<FirmRequestItem> {
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
