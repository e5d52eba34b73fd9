import type { User } from '@shared/auth';
import type { AttorneyRequestItem } from '@shared/lpq';
import { type FirmSpecificQuestions, REQUEST_MESSAGES } from '@shared/requests';
import type { PackageParts } from '@shared/sharing';
import { isUuid } from '@shared/uuid';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { lpqRequests, positionLpqs, sharedPackages, users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { notFound } from '../../plugins/errors';
import { attorneyRequestScope, mayActOnRequests, sentToAddress } from '../../policies/request-scope';
import { recordActivity } from '../audit/audit.service';
import { transitionRequest } from './request-state';
import { requestDeclinedMail } from './sharing.mails';

type RequestRow = typeof lpqRequests.$inferSelect;

export function toAttorneyItem(
  row: RequestRow,
  lpqId: string | null,
  include: PackageParts | null = null,
): AttorneyRequestItem {
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
    sharedAt: row.sharedAt?.toISOString() ?? null,
    version: row.currentVersion,
    include,
    accessUntil: row.accessUntil,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const requestColumns = getTableColumns(lpqRequests);

/** Every attorney opens this list, so it is a prepared statement. */
const requestsSentTo = (db: Db) =>
  preparedStatement(db, 'attorney_requests', (db, name) =>
    db
      .select({ ...requestColumns, lpqId: positionLpqs.id, include: sharedPackages.include })
      .from(lpqRequests)
      .leftJoin(positionLpqs, eq(positionLpqs.requestId, lpqRequests.id))
      .leftJoin(
        sharedPackages,
        and(
          eq(sharedPackages.requestId, lpqRequests.id),
          eq(sharedPackages.version, lpqRequests.currentVersion),
        ),
      )
      .where(sentToAddress(sql.placeholder('email')))
      .orderBy(desc(lpqRequests.sentAt))
      .prepare(name),
  );

/** GET /api/attorney/lpq-requests: requests sent to the attorney's verified address, newest first. */
export async function listAttorneyRequests(db: Db, user: User): Promise<AttorneyRequestItem[]> {
  if (!mayActOnRequests(user)) return [];
  const rows = await requestsSentTo(db).execute({ email: user.email.toLowerCase() });
  return rows.map(({ lpqId, include, ...row }) => toAttorneyItem(row, lpqId, include));
}

/** The request if it is this attorney's; 404 otherwise (never reveal another's request exists). */
export async function findAttorneyRequest(tx: Tx, user: User, requestId: string): Promise<RequestRow> {
  if (!isUuid(requestId)) throw notFound();
  const [row] = await tx
    .select()
    .from(lpqRequests)
    .where(and(eq(lpqRequests.id, requestId), attorneyRequestScope(user)));
  if (!row) throw notFound();
  return row;
}

export async function firmUserEmail(tx: Tx, firmUserId: string) {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, firmUserId));
  return row?.email ?? null;
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
