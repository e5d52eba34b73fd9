import { POSITION_LABELS, type Position } from '@shared/attorney';
import type { User } from '@shared/auth';
import type { FileRef } from '@shared/files';
import type { AttorneyRequestItem, LpqFormData } from '@shared/lpq';
import { type FirmSpecificQuestions, REQUEST_MESSAGES } from '@shared/requests';
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { files, lpqRequests, masterLpqs, positionLpqs, sharedPackages, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { conflict, HttpError, notFound } from '../../plugins/errors';
import { getAttorneyProfile } from '../attorney/attorney.service';
import { SELF_IDENTIFICATION_PROFILE_KEYS } from '../attorney/self-identification';
import { recordActivity } from '../audit/audit.service';
import { presentFile } from '../files/files.service';
import {
  getBusinessPlan,
  getConflictsForm,
  getDiversityForm,
  getMasterLpq,
} from '../questionnaires/questionnaires.service';
import { attorneyRequestScope, mayActOnRequests, sentToAddress } from './request-scope';
import { transitionRequest } from './request-state';
import { packageSharedAttorneyMail, packageSharedFirmMail, requestDeclinedMail } from './sharing.mails';

type RequestRow = typeof lpqRequests.$inferSelect;
type Json = Record<string, unknown>;

function toAttorneyItem(row: RequestRow, lpqId: string | null): AttorneyRequestItem {
  return {
    id: row.id,
    firmName: row.firmName,
    positionTitle: row.positionTitle,
    practiceArea: row.practiceArea,
    status: row.status,
    sentAt: row.sentAt.toISOString(),
    dueDate: row.dueDate ?? null,
    contactPersonName: row.contactPersonName,
    contactPersonTitle: row.contactPersonTitle,
    contactPhone: row.contactPhone ?? null,
    additionalMessage: row.additionalMessage ?? null,
    firmSpecificQuestions: (row.firmSpecificQuestions as FirmSpecificQuestions | null) ?? null,
    lpqId,
  };
}

const requestColumns = getTableColumns(lpqRequests);

/** Every attorney opens this list, so it is a prepared statement. */
const requestsSentTo = (db: Db) =>
  preparedStatement(db, 'attorney_requests', (db, name) =>
    db
      .select({ ...requestColumns, lpqId: positionLpqs.id })
      .from(lpqRequests)
      .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
      .where(sentToAddress(sql.placeholder('email')))
      .orderBy(desc(lpqRequests.sentAt))
      .prepare(name),
  );

/** GET /api/attorney/lpq-requests: requests sent to the attorney's verified address, newest first. */
export async function listAttorneyRequests(db: Db, user: User): Promise<AttorneyRequestItem[]> {
  if (!mayActOnRequests(user)) return [];
  const rows = await requestsSentTo(db).execute({ email: user.email.toLowerCase() });
  return rows.map(({ lpqId, ...row }) => toAttorneyItem(row, lpqId));
}

/** The request if it is this attorney's; 404 otherwise (never reveal another's request exists). */
async function findAttorneyRequest(tx: Tx, user: User, requestId: string): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(lpqRequests)
    .where(and(eq(lpqRequests.id, requestId), attorneyRequestScope(user)));
  if (!row) throw notFound();
  return row;
}

/** Reads a record through its service; a 404 (nothing saved yet) becomes null. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) return null;
    throw err;
  }
}

const fileIdOf = (url: unknown) =>
  typeof url === 'string' ? (url.match(/\/objects\/([0-9a-f-]{36})$/i)?.[1] ?? null) : null;

/**
 * The frozen copy of what the attorney shares (PRODUCT.md §5): profile without any self-identification
 * field, master LPQ, conflicts form, the diversity form only if submitted, the business plan if saved, and
 * the attorney's ready documents it lists.
 */
async function freezePackage(ctx: AppContext, tx: Tx, user: User) {
  const txCtx = { ...ctx, db: tx as Db };
  const [profileView, masterLpq, conflictsForm, diversityForm, businessPlan] = [
    await orNull(getAttorneyProfile(txCtx, user)),
    await getMasterLpq(txCtx, user),
    await orNull(getConflictsForm(txCtx, user)),
    await orNull(getDiversityForm(txCtx, user)),
    await orNull(getBusinessPlan(txCtx, user)),
  ];
  let profile: Json | null = null;
  if (profileView) {
    profile = { ...(profileView as unknown as Json) };
    // Diversity data is voluntary and kept apart: it travels only as the submitted diversity form.
    for (const key of SELF_IDENTIFICATION_PROFILE_KEYS) delete profile[key];
  }
  const listed = new Set<string>();
  const lpq = masterLpq as unknown as Json;
  for (const doc of (lpq.documents as { id?: string }[] | undefined) ?? []) if (doc?.id) listed.add(doc.id);
  for (const url of [lpq.resumeUrl, profile?.resumeUrl]) {
    const id = fileIdOf(url);
    if (id) listed.add(id);
  }
  const documents: FileRef[] = listed.size
    ? (
        await tx
          .select()
          .from(files)
          .where(and(inArray(files.id, [...listed]), eq(files.ownerId, user.id), eq(files.status, 'ready')))
      ).map(presentFile)
    : [];
  return {
    attorney: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
    profile,
    masterLpq: lpq,
    conflictsForm: (conflictsForm as unknown as Json) ?? null,
    diversityForm: diversityForm?.submittedAt ? (diversityForm as unknown as Json) : null,
    businessPlan: (businessPlan as unknown as Json) ?? null,
    documents,
  };
}

type Frozen = Awaited<ReturnType<typeof freezePackage>>;

/** The position LPQ starts from the attorney's name, e-mail, profile and master LPQ (spec §3). */
function prefillPositionLpq(user: User, pkg: Frozen): LpqFormData {
  const lpq = pkg.masterLpq as {
    generalInfo?: Json;
    currentEmployment?: Json;
    clientsInfo?: Json;
    disclosures?: Json;
  };
  const profile = (pkg.profile ?? {}) as Json;
  const text = (...values: unknown[]) =>
    values.find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  const position = profile.position as Position | undefined;
  return {
    name: text(lpq.generalInfo?.name, `${user.firstName} ${user.lastName}`),
    email: text(lpq.generalInfo?.email, user.email),
    phone: text(profile.phone, lpq.generalInfo?.phone),
    address: text(lpq.generalInfo?.address),
    barAdmissions: text(profile.barAdmissions, lpq.generalInfo?.barAdmissions),
    currentFirm: text(profile.currentFirm, lpq.currentEmployment?.employerName),
    position: text(lpq.currentEmployment?.currentPosition, position ? POSITION_LABELS[position] : undefined),
    yearsExperience: typeof profile.yearsExperience === 'number' ? profile.yearsExperience : undefined,
    practiceAreas: Array.isArray(profile.practiceAreas) ? (profile.practiceAreas as string[]) : undefined,
    portableBusiness: text(lpq.clientsInfo?.clientPortability),
    clientRelationships: text(lpq.clientsInfo?.clientRelationships),
    references: text(lpq.disclosures?.references),
    documents: pkg.documents,
  };
}

async function firmUserEmail(tx: Tx, firmUserId: string) {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, firmUserId));
  return row?.email ?? null;
}

/**
 * Share: ONE transaction that checks the master LPQ is complete, moves pending → accepted with a guarded
 * update (of concurrent shares and declines exactly one wins, the rest get 409), freezes the package,
 * creates the position LPQ and writes the e-mails to the firm and to the attorney.
 */
export async function shareRequest(
  ctx: AppContext,
  user: User,
  requestId: string,
): Promise<AttorneyRequestItem> {
  const result = await ctx.db.transaction(async (tx) => {
    await findAttorneyRequest(tx, user, requestId);
    const [lpq] = await tx
      .select({ isComplete: masterLpqs.isComplete })
      .from(masterLpqs)
      .where(eq(masterLpqs.userId, user.id));
    if (!lpq?.isComplete) throw conflict(REQUEST_MESSAGES.masterLpqIncomplete);

    const sharedAt = new Date();
    const row = await transitionRequest(tx, {
      requestId,
      to: 'accepted',
      from: ['pending'],
      scope: attorneyRequestScope(user),
      set: { sharedAt, attorneyUserId: user.id },
      conflictMessage: REQUEST_MESSAGES.notPending,
    });
    const pkg = await freezePackage(ctx, tx, user);
    await tx.insert(sharedPackages).values({ requestId, attorneyUserId: user.id, sharedAt, ...pkg });
    const [positionLpq] = await tx
      .insert(positionLpqs)
      .values({ requestId, attorneyUserId: user.id, formData: prefillPositionLpq(user, pkg) })
      .returning({ id: positionLpqs.id });

    const attorneyName = `${user.firstName} ${user.lastName}`;
    const facts = { attorneyName, firmName: row.firmName, positionTitle: row.positionTitle };
    const firmEmail = await firmUserEmail(tx, row.firmUserId);
    if (firmEmail)
      await enqueueMail(tx, {
        kind: 'package_shared',
        to: firmEmail,
        ...packageSharedFirmMail({ ...facts, url: `${ctx.publicUrl}/firm/requests/${row.id}` }),
      });
    await enqueueMail(tx, {
      kind: 'package_shared_confirmation',
      to: user.email,
      ...packageSharedAttorneyMail({
        ...facts,
        firstName: user.firstName,
        url: `${ctx.publicUrl}/attorney/lpq-requests`,
      }),
    });
    await recordActivity(tx, {
      userId: user.id,
      kind: 'request_shared',
      title: `Shared your LPQ with ${row.firmName} for ${row.positionTitle}`,
      detail: { requestId: row.id },
    });
    return toAttorneyItem(row, positionLpq.id);
  });
  ctx.onMailQueued();
  return result;
}

/** Decline: pending → declined with an optional reason; the firm user is told by e-mail. */
export async function declineRequest(
  ctx: AppContext,
  user: User,
  requestId: string,
  reason: string | undefined,
): Promise<AttorneyRequestItem> {
  const result = await ctx.db.transaction(async (tx) => {
    await findAttorneyRequest(tx, user, requestId);
    const declineReason = reason?.trim() ? reason.trim() : null;
    const row = await transitionRequest(tx, {
      requestId,
      to: 'declined',
      from: ['pending'],
      scope: attorneyRequestScope(user),
      set: { declinedAt: new Date(), declineReason, attorneyUserId: user.id },
      conflictMessage: REQUEST_MESSAGES.notPending,
    });
    const firmEmail = await firmUserEmail(tx, row.firmUserId);
    if (firmEmail)
      await enqueueMail(tx, {
        kind: 'request_declined',
        to: firmEmail,
        ...requestDeclinedMail({
          attorneyName: `${user.firstName} ${user.lastName}`,
          firmName: row.firmName,
          positionTitle: row.positionTitle,
          reason: declineReason,
          url: `${ctx.publicUrl}/firm/requests/${row.id}`,
        }),
      });
    await recordActivity(tx, {
      userId: user.id,
      kind: 'request_declined',
      title: `Declined the LPQ request from ${row.firmName} for ${row.positionTitle}`,
      detail: { requestId: row.id },
    });
    return toAttorneyItem(row, null);
  });
  ctx.onMailQueued();
  return result;
}
