import type { AttorneyRequestItem, AttorneyRequestSummary } from '@shared/position-lpq';
import { REQUEST_MESSAGES } from '@shared/requests';
import { defaultParts } from '@shared/sharing';
import type { AppContext } from '../../../context';
import { type Actor, authorize } from '../../../policies/authorize';
import { requestPolicies as policies } from '../../../policies/request.policy';
import { attorneyRequestScope } from '../../../policies/request-scope';
import { recordActivity } from '../../audit/audit.repo';
import { attorneyActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { closePrecheckOnEnd } from '../conflicts/precheck-close';
import { diversityRefusal, partAudiences } from '../firm/firm-audience';
import { mailFirm } from '../firm/firm-recipients';
import { loadAttorneyRequest } from '../lifecycle/load-request';
import { transitionRequest } from '../lifecycle/request-state';
import { readCurrentData } from '../sharing/package-versions';
import { requestDeclinedMail } from '../sharing/sharing.mails';
import { toAttorneyItem } from './attorney-item';
import { requestSummary } from './attorney-requests.repo';

/**
 * GET /api/attorney/lpq-requests/summary: the counts of every request sent to the verified address, and
 * the parts a share would send now by default (PRODUCT.md §5), which a pending request's card lists.
 */
export async function attorneyRequestSummary(ctx: AppContext, actor: Actor): Promise<AttorneyRequestSummary> {
  const attorney = authorize(policies.attorneyRequests, actor);
  const counts = await requestSummary(ctx.db, attorney);
  const data = await ctx.db.transaction((tx) => readCurrentData(tx, attorney));
  return { ...counts, shareDefaults: defaultParts(data.available) };
}

/** Decline: pending → declined with an optional reason; the firm user is told by e-mail. */
export async function declineRequest(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; reason?: string },
): Promise<AttorneyRequestItem> {
  const user = authorize(policies.attorneyRequests, actor);
  const { id: requestId, reason } = input;
  const result = await ctx.db.transaction(async (tx) => {
    await loadAttorneyRequest(tx, user, requestId);
    const declineReason = reason?.trim() ? reason.trim() : null;
    const row = await transitionRequest(tx, {
      requestId,
      to: 'declined',
      from: ['pending'],
      scope: attorneyRequestScope(user),
      set: { declinedAt: new Date(), declineReason, attorneyUserId: user.id },
      conflictMessage: REQUEST_MESSAGES.notPending,
    });
    await appendAuditEvent(tx, {
      requestId,
      actor: attorneyActor(user),
      type: 'status_changed',
      details: { from: 'pending', to: 'declined' },
    });
    await closePrecheckOnEnd(ctx, tx, row, attorneyActor(user), 'declined');
    await mailFirm(
      tx,
      row,
      'request_declined',
      requestDeclinedMail({
        attorneyName: `${user.firstName} ${user.lastName}`,
        firmName: row.firmName,
        positionTitle: row.positionTitle,
        reason: declineReason,
        url: `${ctx.publicUrl}/firm/requests/${row.id}`,
      }),
    );
    await recordActivity(tx, {
      userId: user.id,
      kind: 'request_declined',
      title: `Declined the LPQ request from ${row.firmName} for ${row.positionTitle}`,
      detail: { requestId: row.id },
    });
    return toAttorneyItem(row);
  });
  ctx.onMailQueued();
  return result;
}

/**
 * GET /api/attorney/lpq-requests/{id}/audience (PRODUCT.md §9): before sharing, who at the firm can read each
 * part, by role and name, and whether the firm can receive the diversity form (and why not).
 */
export async function requestAudience(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.attorneyRequests, actor);
  const row = await loadAttorneyRequest(ctx.db, user, input.id);
  const refusal = await diversityRefusal(ctx.db, row.firmId);
  return {
    parts: await partAudiences(ctx.db, row.firmId, row.id),
    diversityAccepted: refusal === null,
    diversityRefusal: refusal,
  };
}
