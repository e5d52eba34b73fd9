import { PRECHECK_MESSAGES, precheckRowsOf } from '@shared/conflicts';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { enqueueMail } from '../../../mail/outbox';
import { conflict, notFound } from '../../../plugins/errors';
import { type Actor, type AttorneyUser, authorize } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { enqueueWebhookEvent } from '../../../webhooks/outbox';
import { recordActivity } from '../../audit/audit.repo';
import { attorneyActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { readConflictsForm } from '../../master-lpq/master-lpq.repo';
import { attorneyConflicts } from '../attorney/attorney-request-views.service';
import { loadAttorneyRequest } from '../lifecycle/load-request';
import { conflictsPrecheckMail, conflictsPrecheckWithdrawnMail } from '../sharing/sharing.mails';
import { conflictsMembers, lockRequest, sendPrecheckRows, withdrawPrecheckRows } from './conflicts-rows.repo';
import { queueUrl } from './precheck-close';

/**
 * PRODUCT.md §13, the pre-check before sharing. Only the firm's conflicts members see its rows (names, party
 * roles, current or former, dates) with the request's position; the request stays pending, and nobody else at
 * the firm learns of it before the share: its events name the conflicts form as their part, so a firm trail
 * of a reader without the conflicts role leaves them out (record-files.ts trailSeenBy).
 */

/** The pending request, locked: a share, a decline or a withdrawal waits for the pre-check, or it for them. */
async function lockedPending(tx: Tx, user: AttorneyUser, requestId: string) {
  const row = await loadAttorneyRequest(tx, user, requestId);
  const locked = await lockRequest(tx, row.id);
  if (!locked) throw notFound();
  if (locked.status !== 'pending') throw conflict(PRECHECK_MESSAGES.notPending);
  return row;
}

/** POST /api/attorney/lpq-requests/{id}/conflicts-precheck: sent (again: rows sent before keep their answers). */
export async function sendConflictsPrecheck(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.attorneyRequests, actor);
  await ctx.db.transaction(async (tx) => {
    const row = await lockedPending(tx, user, input.id);
    const rows = precheckRowsOf(await readConflictsForm(tx, user.id));
    if (!rows.length) throw conflict(PRECHECK_MESSAGES.noForm);
    const members = await conflictsMembers(tx, row.firmId);
    if (!members.length) throw conflict(PRECHECK_MESSAGES.noConflictsTeam);
    await sendPrecheckRows(tx, row.id, rows);
    // PRODUCT.md §14: the firm's webhooks hear of it in this transaction (ids, a status and a time: never a party).
    await enqueueWebhookEvent(tx, {
      firmId: row.firmId,
      type: 'conflicts.precheck',
      data: { requestId: row.id, status: 'pending', at: new Date().toISOString() },
    });
    await appendAuditEvent(tx, {
      requestId: row.id,
      actor: attorneyActor(user),
      type: 'conflicts_prechecked',
      details: { parts: ['conflictsForm'], rows: rows.length },
    });
    await recordActivity(tx, {
      userId: user.id,
      kind: 'conflicts_prechecked',
      title: `Sent ${row.firmName}'s conflicts team a pre-check for ${row.positionTitle}`,
      detail: { requestId: row.id },
    });
    const mail = conflictsPrecheckMail({
      firmName: row.firmName,
      positionTitle: row.positionTitle,
      rows: rows.length,
      url: `${queueUrl(ctx)}/${row.id}`,
    });
    for (const m of members) await enqueueMail(tx, { kind: 'conflicts_precheck', to: m.email, ...mail });
  });
  ctx.onMailQueued();
  return attorneyConflicts(ctx, actor, input);
}

/** DELETE /api/attorney/lpq-requests/{id}/conflicts-precheck: withdrawn while the request is pending. */
export async function withdrawConflictsPrecheck(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.attorneyRequests, actor);
  await ctx.db.transaction(async (tx) => {
    const row = await lockedPending(tx, user, input.id);
    if (!(await withdrawPrecheckRows(tx, row.id))) throw conflict(PRECHECK_MESSAGES.notSent);
    await appendAuditEvent(tx, {
      requestId: row.id,
      actor: attorneyActor(user),
      type: 'conflicts_precheck_withdrawn',
      details: { parts: ['conflictsForm'] },
    });
    await recordActivity(tx, {
      userId: user.id,
      kind: 'conflicts_precheck_withdrawn',
      title: `Withdrew the conflicts pre-check sent to ${row.firmName} for ${row.positionTitle}`,
      detail: { requestId: row.id },
    });
    const mail = conflictsPrecheckWithdrawnMail({
      firmName: row.firmName,
      positionTitle: row.positionTitle,
      url: queueUrl(ctx),
    });
    for (const m of await conflictsMembers(tx, row.firmId))
      await enqueueMail(tx, { kind: 'conflicts_precheck_withdrawn', to: m.email, ...mail });
  });
  ctx.onMailQueued();
  return attorneyConflicts(ctx, actor, input);
}
