import {
  FIRM_REQUEST_CSV_COLUMNS,
  type FirmRequestListQuery,
  PIPELINE_MESSAGES,
  type RequestNote,
  statusLabel,
} from '@shared/firm-pipeline';
import { formatDate } from '@shared/format';
import { nextResendAt } from '@shared/request-status';
import type { FirmRequestListItem } from '@shared/requests';
import { isUuid } from '@shared/uuid';

import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import type { requestNotes } from '../../../db/schema';
import { conflict, HttpError } from '../../../plugins/errors';
import { decodeCursor, encodeCursor } from '../../../plugins/paging';
import { type Actor, authorize, type FirmMember } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { scopeFor } from '../../../policies/request-scope';
import { memberActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { closePrecheckOnEnd } from '../conflicts/precheck-close';
import { toFirmRequestItem, toFirmRequestListItem } from '../firm/firm-request-item';
import { factsOf, findFirmRequest } from '../firm/firm-requests.repo';
import { sendInvitationMail } from '../firm/invitations';
import { transitionRequest } from '../lifecycle/request-state';
import { csvCell } from '../record/csv';
import {
  type CappedCount,
  countOfRequests,
  endInvitationTokens,
  insertNote,
  markResent,
  notesOf,
  pageOfRequests,
} from './firm-pipeline.repo';

/**
 * PRODUCT.md §6, §9: one page of the requests the member sees (all of the firm's for admins and recruiters, the
 * assigned ones for a reviewer), filtered, searched and sorted, with keyset pagination (server/plugins/paging.ts).
 */
export async function listFirmRequestsPage(
  ctx: AppContext,
  actor: Actor,
  // `withTotal`: the list's X-Total-Count (PRODUCT.md §15); the CSV's pages go without it.
  query: FirmRequestListQuery & { withTotal?: boolean },
): Promise<{
  items: FirmRequestListItem[];
  nextCursor: string | null;
  total: CappedCount | null;
}> {
  const member = authorize(policies.firmSees, actor);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await pageOfRequests(ctx.db, member, query, after);
  // PRODUCT.md §15: the total the filters match (X-Total-Count), one count beside the page's one statement,
  // up to COUNT_CAP (issue 64 item 6).
  const total = query.withTotal ? await countOfRequests(ctx.db, member, query) : null;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) =>
      toFirmRequestListItem(r.request, nameOf(r), {
        reviewers: r.reviewers,
        conflictsStatus: r.conflictsStatus,
        conflictsWaiting: r.conflictsWaiting,
        positionLpqStatus: r.positionLpqStatus,
        lpqSubmittedAt: r.lpqSubmittedAt,
        changeCount: r.changeCount,
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.sortKey, last.request.id) : null,
    total,
  };
}

const nameOf = (r: { firstName: string | null; lastName: string | null }) =>
  r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null;

/**
 * PRODUCT.md §6: every row of the filtered list, all pages, as CSV (recruiters). The attorney's name in it is
 * what the firm received when they shared; like the list on screen, it is not a read of the package (§8).
 */
export async function firmRequestsCsv(
  ctx: AppContext,
  actor: Actor,
  query: Omit<FirmRequestListQuery, 'limit' | 'cursor'>,
): Promise<string> {
  const member = authorize(policies.firmPipeline, actor);
  const lines = [FIRM_REQUEST_CSV_COLUMNS.join(',')];
  let cursor: string | undefined;
  for (;;) {
    const page = await listFirmRequestsPage(ctx, member, { ...query, limit: 200, cursor });
    for (const r of page.items) {
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
  return `${lines.join('\r\n')}\r\n`;
}

/** One of the firm's requests for the pipeline's writes (policy request.firmPipeline), locked; 404 otherwise. */
async function lockPipelineRequest(tx: Tx, member: FirmMember, requestId: string) {
  const scope = scopeFor(policies.firmPipeline, member);
  const row = isUuid(requestId)
    ? await findFirmRequest(tx, member, requestId, scope, { lock: true })
    : undefined;
  authorize(policies.firmPipeline, member, row?.request);
  return row!.request;
}

/** pending → withdrawn; the invitation's sign-up link stops working. 409 once answered. */
export async function withdrawRequest(ctx: AppContext, actor: Actor, input: { id: string }) {
  const member = authorize(policies.firmPipeline, actor);
  const requestId = input.id;
  const result = await ctx.db.transaction(async (tx) => {
    await lockPipelineRequest(tx, member, requestId);
    const row = await transitionRequest(tx, {
      requestId,
      to: 'withdrawn',
      from: ['pending'],
      scope: scopeFor(policies.firmPipeline, member),
      set: { withdrawnAt: new Date() },
      conflictMessage: PIPELINE_MESSAGES.withdrawOnlyPending,
    });
    await appendAuditEvent(tx, {
      requestId,
      actor: memberActor(member),
      type: 'status_changed',
      details: { from: 'pending', to: 'withdrawn' },
    });
    await endInvitationTokens(tx, requestId);
    const closed = await closePrecheckOnEnd(ctx, tx, row, memberActor(member), 'withdrawn');
    return { item: toFirmRequestItem(row, null), closed };
  });
  if (result.closed) ctx.onMailQueued();
  return result.item;
}

/** Mails the invitation again (as a reminder): pending only (409), once per 24 hours (429). */
export async function resendRequest(ctx: AppContext, actor: Actor, input: { id: string }) {
  const member = authorize(policies.firmPipeline, actor);
  const requestId = input.id;
  const item = await ctx.db.transaction(async (tx) => {
    const row = await lockPipelineRequest(tx, member, requestId);
    if (row.status !== 'pending') throw conflict(PIPELINE_MESSAGES.resendOnlyPending);
    if (Date.now() < nextResendAt(row.lastResentAt ?? row.sentAt).getTime())
      throw new HttpError(429, PIPELINE_MESSAGES.resendTooSoon);
    const updated = await markResent(tx, row.id);
    await sendInvitationMail(tx, ctx, updated, { reminder: true });
    await appendAuditEvent(tx, {
      requestId: row.id,
      actor: memberActor(member),
      type: 'resent',
      details: { to: row.attorneyEmail },
    });
    return toFirmRequestItem(updated, null);
  });
  ctx.onMailQueued();
  return item;
}

/** A request whose notes the member may read and write (policy request.firmNotes); 404 otherwise. */
async function noteableRequestId(tx: Tx, member: FirmMember, requestId: string) {
  const scope = scopeFor(policies.firmNotes, member);
  const row = isUuid(requestId) ? await findFirmRequest(tx, member, requestId, scope) : undefined;
  authorize(policies.firmNotes, member, row && factsOf(row));
  return row!.request.id;
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
  const member = authorize(policies.firmNotes, actor);
  const id = await noteableRequestId(ctx.db, member, input.id);
  const rows = await notesOf(ctx.db, id);
  return rows.map(toNote);
}

export async function addNote(ctx: AppContext, actor: Actor, input: { id: string; body: string }) {
  const member = authorize(policies.firmNotes, actor);
  const { body } = input;
  const id = await noteableRequestId(ctx.db, member, input.id);
  const row = await insertNote(ctx.db, {
    requestId: id,
    authorUserId: member.id,
    authorName: `${member.firstName} ${member.lastName}`.trim(),
    body,
  });
  return toNote(row);
}
