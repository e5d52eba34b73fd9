import { BULK_MESSAGES, type BulkActionInput, type BulkResult } from '@shared/firm-pipeline';
import { TEAM_MESSAGES } from '@shared/team';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { resendRequest, withdrawRequest } from '../requests/pipeline/firm-pipeline.service';
import { addReviewer } from './reviewers.service';
import { assignableReviewers } from './team.repo';

// PRODUCT.md §15's bulk actions live with the team (an assignment is the team's), so the requests module does
// not import the team module back.
/**
 * PRODUCT.md §15: a bulk action on a selection of the list. Each request is handled on its own by the single
 * action (its own transaction, rules and limits: a resend within 24 hours is refused with its message), so
 * one refusal never undoes another request's change. The role is checked once for the whole call (403).
 */
export async function bulkAction(ctx: AppContext, actor: Actor, input: BulkActionInput): Promise<BulkResult> {
  // Any member of the pipeline may ask; each action then takes its own role (assign: admins and recruiters).
  const caller = authorize(policies.firmSees, actor);
  const member = authorize(input.action === 'assign' ? policies.firmAssigns : policies.firmPipeline, caller);
  const reviewerId = input.reviewerId;
  if (input.action === 'assign') {
    // A reviewer who cannot be assigned is the call's mistake, not each request's (400, nothing changed).
    const [reviewer] = await assignableReviewers(ctx.db, member.firm.id, [reviewerId!.toLowerCase()]);
    if (!reviewer) throw badRequest(TEAM_MESSAGES.notAssignable, { reviewerId: TEAM_MESSAGES.notAssignable });
  }
  const one = (id: string): Promise<unknown> => {
    if (input.action === 'resend') return resendRequest(ctx, member, { id });
    if (input.action === 'withdraw') return withdrawRequest(ctx, member, { id });
    return addReviewer(ctx, member, { id, userId: reviewerId! });
  };
  const result: BulkResult = { done: [], refused: [] };
  for (const id of [...new Set(input.ids.map((i) => i.toLowerCase()))]) {
    try {
      await one(id);
      result.done.push(id);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      result.refused.push({ id, message: err.statusCode === 404 ? BULK_MESSAGES.notFound : err.message });
    }
  }
  return result;
}
