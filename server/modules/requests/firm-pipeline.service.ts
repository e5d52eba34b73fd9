import type { User } from '@shared/auth';
import {
  FIRM_REQUEST_CSV_COLUMNS,
  type FirmRequestListQuery,
  PIPELINE_MESSAGES,
  type RequestNote,
  statusLabel,
} from '@shared/firm-pipeline';
import { formatDate } from '@shared/format';
import type { FirmRequestItem } from '@shared/requests';
import { isUuid } from '@shared/uuid';

import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import type { requestNotes } from '../../db/schema';
import { conflict, HttpError } from '../../plugins/errors';
import { decodeCursor, encodeCursor } from '../../plugins/paging';
import { type Actor, authorize, type FirmUser } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { firmRequestScope } from '../../policies/request-scope';
import { recordAccess } from '../audit/audit.repo';
import { appendAuditEvent, appendAuditEventToEach, firmActor } from '../audit/audit-chain';
import { csvCell } from './csv';
import {
  endInvitationTokens,
  findFirmRequestRef,
  insertNote,
  lockFirmRequest,
  markResent,
  notesOf,
  pageOfRequests,
  requestsToRecord,
} from './firm-pipeline.repo';
import { toFirmRequestItem } from './firm-request-item';
import { sendInvitationMail } from './invitations';
import { transitionRequest } from './request-state';

/**
 * PRODUCT.md §6: one page of the firm's requests, filtered, searched and sorted, with keyset pagination
 * (server/plugins/paging.ts).
 */
export async function listFirmRequestsPage(
  ctx: AppContext,
  actor: Actor,
  query: FirmRequestListQuery,
): Promise<{ items: FirmRequestItem[]; nextCursor: string | null }> {
  const user = authorize(policies.firmRequests, actor);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await pageOfRequests(ctx.db, user, query, after);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toFirmRequestItem(r.request, nameOf(r))),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.sortKey, last.request.id) : null,
  };
}

const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null;

/** PRODUCT.md §6: every row of the filtered list, all pages, as CSV. */
export async function firmRequestsCsv(
  ctx: AppContext,
  actor: Actor,
  query: Omit<FirmRequestListQuery, 'limit' | 'cursor'>,
): Promise<string> {
  const user = authorize(policies.firmRequests, actor);
  const lines = [FIRM_REQUEST_CSV_COLUMNS.join(',')];
  const named: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listFirmRequestsPage(ctx, user, { ...query, limit: 200, cursor });
    for (const r of page.items) {
      if (r.attorneyName) named.push(r.id);
      lines.push(
        [
          r.attorneyEmail,
          r.attorneyName,
          r.positionTitle,
          r.practiceArea,
          statusLabel(r.status),
          formatDate(r.sentAt),
          r.dueDate ? formatDate(r.dueDate) : '',
          r.sharedAt ? formatDate(r.sharedAt) : '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  await recordCsvRows(ctx.db, user, named);
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * PRODUCT.md §8: a CSV row that names an attorney is a read of their data, recorded for them (one event
 * per row) and in each request's audit trail (PRODUCT.md §11) before the file leaves.
 */
async function recordCsvRows(db: Db, user: User, requestIds: string[]) {
  for (let i = 0; i < requestIds.length; i += 500) {
    await db.transaction(async (tx) => {
      const rows = (await requestsToRecord(tx, user, requestIds.slice(i, i + 500))).filter(
        (r) => r.attorneyUserId,
      );
      await recordAccess(
        tx,
        rows.map((r) => ({
          requestId: r.id,
          attorneyUserId: r.attorneyUserId!,
          firmUserId: user.id,
          firmName: r.firmName,
          kind: 'csv_export' as const,
        })),
      );
      await appendAuditEventToEach(
        tx,
        rows.map((r) => r.id),
        { actor: firmActor(user), type: 'exported', details: { what: 'list' } },
      );
    });
  }
}

/** This firm's request row, locked for the transaction; 404 for anyone else's or unknown ids. */
async function lockOwnRequest(tx: Tx, firm: FirmUser, requestId: string) {
  // Narrowed in SQL and judged on the row: policy request.firmOwns.
  const [row] = isUuid(requestId) ? [await lockFirmRequest(tx, firm, requestId)] : [];
  authorize(policies.firmOwns, firm, row);
  return row!;
}

/** pending → withdrawn; the invitation's sign-up link stops working. 409 once answered. */
export async function withdrawRequest(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.firmRequests, actor);
  const requestId = input.id;
  return ctx.db.transaction(async (tx) => {
    await lockOwnRequest(tx, user, requestId);
    const row = await transitionRequest(tx, {
      requestId,
      to: 'withdrawn',
      from: ['pending'],
      scope: firmRequestScope(user),
      set: { withdrawnAt: new Date() },
      conflictMessage: PIPELINE_MESSAGES.withdrawOnlyPending,
    });
    await appendAuditEvent(tx, {
      requestId,
      actor: firmActor(user),
      type: 'status_changed',
      details: { from: 'pending', to: 'withdrawn' },
    });
    await endInvitationTokens(tx, requestId);
    return toFirmRequestItem(row, null);
  });
}

const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** Mails the invitation again (as a reminder): pending only (409), once per 24 hours (429). */
export async function resendRequest(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.firmRequests, actor);
  const requestId = input.id;
  const item = await ctx.db.transaction(async (tx) => {
    const row = await lockOwnRequest(tx, user, requestId);
    if (row.status !== 'pending') throw conflict(PIPELINE_MESSAGES.resendOnlyPending);
    const lastSent = row.lastResentAt ?? row.sentAt;
    if (Date.now() - lastSent.getTime() < RESEND_AFTER_MS)
      throw new HttpError(429, PIPELINE_MESSAGES.resendTooSoon);
    const updated = await markResent(tx, row.id);
    await sendInvitationMail(tx, ctx, updated, { reminder: true });
    await appendAuditEvent(tx, {
      requestId: row.id,
      actor: firmActor(user),
      type: 'resent',
      details: { to: row.attorneyEmail },
    });
    return toFirmRequestItem(updated, null);
  });
  ctx.onMailQueued();
  return item;
}

async function ownRequestId(tx: Tx, firm: FirmUser, requestId: string) {
  // Narrowed in SQL and judged on the row: policy request.firmOwns.
  const [row] = isUuid(requestId) ? [await findFirmRequestRef(tx, firm, requestId)] : [];
  authorize(policies.firmOwns, firm, row);
  return row!.id;
}

const toNote = (n: typeof requestNotes.$inferSelect): RequestNote => ({
  id: n.id,
  body: n.body,
  authorName: n.authorName,
  createdAt: n.createdAt.toISOString(),
});

/** The firm's notes on its request, oldest first. */
export async function listNotes(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<RequestNote[]> {
  const user = authorize(policies.firmRequests, actor);
  const id = await ownRequestId(ctx.db, user, input.id);
  const rows = await notesOf(ctx.db, id);
  return rows.map(toNote);
}

export async function addNote(ctx: AppContext, actor: Actor, input: { id: string; body: string }) {
  const user = authorize(policies.firmRequests, actor);
  const { body } = input;
  const id = await ownRequestId(ctx.db, user, input.id);
  const row = await insertNote(ctx.db, {
    requestId: id,
    authorUserId: user.id,
    authorName: `${user.firstName} ${user.lastName}`.trim(),
    body,
  });
  return toNote(row);
}
