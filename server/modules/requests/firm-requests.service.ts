import type { User } from '@shared/auth';
import { TOKEN_TTL } from '@shared/limits';
import { diffPackages } from '@shared/package-changes';
import {
  type createLpqRequestSchema,
  type FIRM_REVIEW_STATUSES,
  type FirmRequestDetail,
  type FirmRequestItem,
  type FirmSpecificQuestions,
  INVITATION_LIMITS,
  REQUEST_MESSAGES,
  SHARED_DOCUMENT_STATUSES,
  type SharedPackage,
} from '@shared/requests';
import type { PackageChange } from '@shared/sharing';
import type { TimelineEvent } from '@shared/timeline';
import { isUuid } from '@shared/uuid';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { preparedStatement } from '../../db/prepared';
import { firmProfiles, lpqRequests, OPEN_INVITATION_INDEX, positionLpqs, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { conflict, notFound, tooManyRequests } from '../../plugins/errors';
import { firmRequestScope, sentByFirm } from '../../policies/request-scope';
import { recordAccess, recordActivity } from '../audit/audit.service';
import { createEmailToken } from '../auth/tokens';
import { findFirmProfile } from '../firm/firm.service';
import { listVersions, loadVersion } from './package-versions';
import { transitionRequest } from './request-state';
import { lpqInvitationMail } from './requests.mails';

type RequestRow = typeof lpqRequests.$inferSelect;
type PositionLpqRow = typeof positionLpqs.$inferSelect;
type FirmContext = { db: Tx; publicUrl: string; onMailQueued: () => void };
type NewRequest = z.output<typeof createLpqRequestSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Today as yyyy-mm-dd (UTC): the access end date is inclusive. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The access end date has passed (the job may not have marked the request yet). */
export const accessEnded = (row: Pick<RequestRow, 'accessUntil'>) =>
  row.accessUntil !== null && row.accessUntil < todayUtc();
const endOfAccess = (row: Pick<RequestRow, 'accessUntil'>) => new Date(`${row.accessUntil}T23:59:59.999Z`);

/** The firm may read the package now: shared, not revoked, and within the access period. */
export const firmMayRead = (row: Pick<RequestRow, 'status' | 'accessUntil'>) =>
  SHARED_DOCUMENT_STATUSES.includes(row.status) && !accessEnded(row);

export function toFirmRequestItem(
  row: RequestRow,
  attorneyName: string | null,
  versions: { version: number; sharedAt: string }[] = [],
): FirmRequestItem {
  // Checked at read time: a request past its access end date is revoked for the firm from that moment on.
  const status = SHARED_DOCUMENT_STATUSES.includes(row.status) && accessEnded(row) ? 'revoked' : row.status;
  return {
    id: row.id,
    attorneyEmail: row.attorneyEmail,
    attorneyName,
    firmName: row.firmName,
    positionTitle: row.positionTitle,
    practiceArea: row.practiceArea,
    status,
    sentAt: row.sentAt.toISOString(),
    dueDate: row.dueDate,
    sharedAt: iso(row.sharedAt),
    declineReason: row.declineReason,
    declinedAt: iso(row.declinedAt),
    reviewedAt: iso(row.reviewedAt),
    completedAt: iso(row.completedAt),
    withdrawnAt: iso(row.withdrawnAt),
    revokedAt: iso(row.revokedAt),
    accessUntil: row.accessUntil,
    version: row.currentVersion,
    contactPersonName: row.contactPersonName,
    contactPersonTitle: row.contactPersonTitle,
    contactPhone: row.contactPhone,
    additionalMessage: row.additionalMessage,
    firmSpecificQuestions: (row.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
    timeline: timelineOf(row, versions),
  };
}

/**
 * PRODUCT.md §6: the request's timeline from the moments stored on it and its versions, oldest first.
 * A request whose access period has ended reads as revoked even before the job marks it.
 */
function timelineOf(row: RequestRow, versions: { version: number; sharedAt: string }[]): TimelineEvent[] {
  const revoked = row.revokedAt ?? (accessEnded(row) ? endOfAccess(row) : null);
  const events: [TimelineEvent['event'], Date | null][] = [
    ...versions
      .filter((v) => v.version > 1)
      .map((v): [TimelineEvent['event'], Date] => ['updated', new Date(v.sharedAt)]),
    [row.revokedBy === 'attorney' || row.revokedBy === 'account_deleted' ? 'revoked' : 'expired', revoked],
    ['sent', row.sentAt],
    ['resent', row.lastResentAt],
    ['reminded', row.reminderSentAt],
    ['declined', row.declinedAt],
    ['shared', row.sharedAt],
    ['reviewed', row.reviewedAt],
    ['completed', row.completedAt],
    ['withdrawn', row.withdrawnAt],
  ];
  return events
    .filter((e): e is [TimelineEvent['event'], Date] => e[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([event, at]) => ({ event, at: at.toISOString() }));
}

/**
 * Joins the attorney whose name the firm sees: only the attorney who shared the request (PRODUCT.md §5).
 * Until then the firm learns nothing beyond the address it typed, not even whether it has an account, so
 * a pending or declined request has no name.
 */
const requestAttorney = and(eq(users.id, lpqRequests.attorneyUserId), isNotNull(lpqRequests.sharedAt));

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

/** One of this firm's requests; anything else (another firm's, unknown, malformed id) is 404. */
async function findOwnRequest(tx: Tx, user: User, requestId: string) {
  if (!isUuid(requestId)) throw notFound();
  const [row] = await selectFirmRequests(tx, user).where(
    and(firmRequestScope(user), eq(lpqRequests.id, requestId)),
  );
  if (!row) throw notFound();
  return toFirmRequestItem(row.request, fullName(row));
}

/** PRODUCT.md §6: at most 50 invitations per firm an hour and 200 a day, counted from the stored rows. */
async function checkInvitationLimits(tx: Tx, firmUserId: string) {
  const [sent] = await tx
    .select({
      lastHour:
        sql<number>`count(*) filter (where ${lpqRequests.sentAt} > now() - interval '1 hour')`.mapWith(
          Number,
        ),
      lastDay: count(),
    })
    .from(lpqRequests)
    .where(
      and(eq(lpqRequests.firmUserId, firmUserId), sql`${lpqRequests.sentAt} > now() - interval '1 day'`),
    );
  if (sent.lastHour >= INVITATION_LIMITS.perHour || sent.lastDay >= INVITATION_LIMITS.perDay)
    throw tooManyRequests(REQUEST_MESSAGES.tooManyInvitations);
}

/** One pending invitation per firm, attorney address and position title, in any letter case. */
async function checkNoOpenInvitation(tx: Tx, firmUserId: string, input: NewRequest) {
  const [open] = await tx
    .select({ id: lpqRequests.id })
    .from(lpqRequests)
    .where(
      and(
        eq(lpqRequests.firmUserId, firmUserId),
        eq(lpqRequests.status, 'pending'),
        sql`lower(${lpqRequests.attorneyEmail}) = lower(${input.attorneyEmail})`,
        sql`lower(${lpqRequests.positionTitle}) = lower(${input.positionTitle})`,
      ),
    )
    .limit(1);
  if (open) throw conflict(REQUEST_MESSAGES.invitationAlreadyOpen);
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
  ctx: FirmContext,
  user: User,
  input: NewRequest,
): Promise<FirmRequestItem> {
  if (!user.emailVerified) throw conflict(REQUEST_MESSAGES.firmEmailUnverified);
  let row: RequestRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ userId: firmProfiles.userId })
        .from(firmProfiles)
        .where(eq(firmProfiles.userId, user.id))
        .for('update');
      const profile = locked ? await findFirmProfile(tx, user.id) : null;
      if (!profile) throw conflict(REQUEST_MESSAGES.firmProfileRequired);
      await checkInvitationLimits(tx, user.id);
      await checkNoOpenInvitation(tx, user.id, input);
      const questions = input.firmSpecificQuestions?.sections.length ? input.firmSpecificQuestions : null;
      const [inserted] = await tx
        .insert(lpqRequests)
        .values({
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
        })
        .returning();
      await sendInvitationMail(tx, ctx, inserted);
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err, OPEN_INVITATION_INDEX)) throw conflict(REQUEST_MESSAGES.invitationAlreadyOpen);
    throw err;
  }
  ctx.onMailQueued();
  // Pending: no attorney name, whoever the address belongs to.
  return toFirmRequestItem(row, null);
}

/**
 * The same statements whether or not the address has an account (a lookup, a sign-up token, the mail), so
 * the firm's response time does not tell them apart. Only the mail's link and wording differ; with an
 * account the token is never sent and simply expires.
 */
export async function sendInvitationMail(
  tx: Tx,
  ctx: Pick<FirmContext, 'publicUrl'>,
  request: RequestRow,
  opts: { reminder?: boolean } = {},
) {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, request.attorneyEmail))
    .limit(1);
  const token = await createEmailToken(tx, {
    purpose: 'invitation',
    email: request.attorneyEmail,
    requestId: request.id,
    ttlMs: TOKEN_TTL.invitationMs,
  });
  const url = account
    ? `${ctx.publicUrl}/attorney/lpq-requests`
    : `${ctx.publicUrl}/register/attorney?token=${encodeURIComponent(token)}&email=${encodeURIComponent(request.attorneyEmail)}`;
  await enqueueMail(tx, {
    kind: opts.reminder ? 'lpq_reminder' : 'lpq_invitation',
    to: request.attorneyEmail,
    ...lpqInvitationMail({ ...request, url, hasAccount: !!account, reminder: opts.reminder }),
  });
}

/** The position LPQ's progress as the firm sees it. */
export function positionLpqStatus(row: PositionLpqRow) {
  return row.status === 'draft' ? 'not_started' : row.status;
}

/**
 * One of the firm's requests with its position LPQ, in one statement. Firms open it all day, so it is a
 * prepared statement.
 */
const requestWithLpq = (db: Db) =>
  preparedStatement(db, 'firm_request_with_lpq', (db, name) =>
    db
      .select({
        request: lpqRequests,
        firstName: users.firstName,
        lastName: users.lastName,
        lpq: positionLpqs,
      })
      .from(lpqRequests)
      .leftJoin(users, requestAttorney)
      .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
      .where(and(sentByFirm(sql.placeholder('firmUserId')), eq(lpqRequests.id, sql.placeholder('requestId'))))
      .prepare(name),
  );

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
  user: User,
  requestId: string,
  kind: AccessKind,
  version?: number,
): Promise<{ request: FirmRequestItem; pkg: SharedPackage | null }> {
  if (!isUuid(requestId)) throw notFound();
  const [row] = await requestWithLpq(db).execute({ firmUserId: user.id, requestId });
  if (!row) throw notFound();
  const readable = firmMayRead(row.request) && row.request.currentVersion !== null;
  // The versions' numbers and dates feed the timeline too, so 'Package updated' stays in the request's
  // history after access ends; only their content is withheld.
  const versions = row.request.currentVersion !== null ? await listVersions(db, requestId) : [];
  const request = toFirmRequestItem(row.request, fullName(row), versions);
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

export async function getFirmRequest(
  ctx: { db: Db },
  user: User,
  requestId: string,
  version?: number,
): Promise<FirmRequestDetail> {
  const { request, pkg } = await readOwnPackage(ctx.db, user, requestId, 'package_view', version);
  return { ...request, package: pkg };
}

/** The package for the PDF: 404 until it is shared and once access has ended; the export is recorded. */
export async function readPackageForPdf(ctx: { db: Db }, user: User, requestId: string, version?: number) {
  const { request, pkg } = await readOwnPackage(ctx.db, user, requestId, 'pdf_download', version);
  if (!pkg) throw notFound();
  return { request, pkg };
}

/**
 * PRODUCT.md §6: what changed between two versions, field by field, with the labels the review screen
 * shows. Reading it is a view of both versions, recorded as one. 404 while the firm may not read.
 */
export async function getPackageChanges(
  ctx: { db: Db },
  user: User,
  requestId: string,
  range: { from: number; to: number },
): Promise<PackageChange[]> {
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
