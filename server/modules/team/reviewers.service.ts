import { todayUtc } from '@shared/calendar';
import { accessHasEnded } from '@shared/request-status';
import type { Reviewer } from '@shared/requests';
import { TEAM_MESSAGES } from '@shared/team';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { badRequest, conflict } from '../../plugins/errors';
import { type Actor, authorize, type FirmMember } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { scopeFor } from '../../policies/request-scope';
import { findFirmRequest, fullName } from '../requests/firm/firm-requests.repo';
import { reviewerAssignedMail } from './team.mails';
import { actorName } from './team.presenter';
import { assignableReviewers, firmName, replaceReviewers, reviewersOf } from './team.repo';

/** A request of the member's firm whose reviewers they may assign (policy request.firmAssigns); else 404. */
async function assignableRequest(tx: Tx, member: FirmMember, requestId: string, lock = false) {
  const scope = scopeFor(policies.firmAssigns, member);
  const row = isUuid(requestId) ? await findFirmRequest(tx, member, requestId, scope, { lock }) : undefined;
  authorize(policies.firmAssigns, member, row?.request);
  return row!;
}

/** GET /api/firm/lpq-requests/{id}/reviewers (admins and recruiters). */
export async function getReviewers(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<Reviewer[]> {
  const member = authorize(policies.firmAssigns, actor);
  const row = await assignableRequest(ctx.db, member, input.id);
  return reviewersOf(ctx.db, row.request.id);
}

/**
 * PUT /api/firm/lpq-requests/{id}/reviewers (PRODUCT.md §9): the request's reviewers become exactly these
 * members of the firm holding the reviewer role (anyone else is a 400); the newly assigned are mailed. A
 * reviewer taken off the list loses the request at once, its document links included.
 */
export async function setReviewers(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; userIds: string[] },
): Promise<Reviewer[]> {
  const member = authorize(policies.firmAssigns, actor);
  return assignReviewers(ctx, member, input.id, () => input.userIds);
}

/**
 * PRODUCT.md §15, the bulk 'assign': this reviewer joins the request's reviewers (those assigned stay), with
 * the same rules, mail and transaction as the PUT.
 */
export async function addReviewer(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; userId: string },
): Promise<Reviewer[]> {
  const member = authorize(policies.firmAssigns, actor);
  return assignReviewers(ctx, member, input.id, (current) => [...current.map((r) => r.userId), input.userId]);
}

/** One transaction: the request locked, its reviewers become `next(current)`, the newly assigned mailed. */
async function assignReviewers(
  ctx: AppContext,
  member: FirmMember,
  requestId: string,
  next: (current: Reviewer[]) => string[],
): Promise<Reviewer[]> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await assignableRequest(tx, member, requestId, true);
    // Issue 67 item 16: once the firm's access has ended, assigning would grant nothing (the page hides it).
    if (accessHasEnded(row.request, todayUtc())) throw conflict(TEAM_MESSAGES.accessEnded);
    const wanted = [...new Set(next(await reviewersOf(tx, row.request.id)).map((id) => id.toLowerCase()))];
    const reviewers = await assignableReviewers(tx, member.firm.id, wanted);
    if (reviewers.length !== wanted.length)
      throw badRequest(TEAM_MESSAGES.notAssignable, { userIds: TEAM_MESSAGES.notAssignable });
    const added = await replaceReviewers(tx, row.request.id, wanted, member.id);
    const firm = (await firmName(tx, member.firm.id)) ?? row.request.firmName;
    for (const reviewer of reviewers.filter((r) => added.includes(r.userId)))
      await enqueueMail(tx, {
        kind: 'reviewer_assigned',
        to: reviewer.email,
        ...reviewerAssignedMail({
          firstName: reviewer.firstName,
          firmName: firm,
          positionTitle: row.request.positionTitle,
          attorneyName: fullName(row),
          assignedByName: actorName(member),
          url: `${ctx.publicUrl}/firm/requests/${row.request.id}`,
        }),
      });
    return reviewersOf(tx, row.request.id);
  });
  ctx.onMailQueued();
  return result;
}
