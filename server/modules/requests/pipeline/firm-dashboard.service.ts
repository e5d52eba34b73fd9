import type { FirmDashboardStats } from '@shared/firm';
import { SHARED_NOT_IN_REVIEW_STATUSES, UNDER_REVIEW_STATUSES } from '@shared/requests';
import { hasRole } from '@shared/team';
import type { AppContext } from '../../../context';
import { type Actor, authorize } from '../../../policies/authorize';
import { firmPolicies as policies } from '../../../policies/firm.policy';
import { requestCountsByStatus, visibleRequestCounts } from '../../firm/firm.repo';
import { pipelineCounts } from './firm-pipeline.repo';

// The firm's dashboard counts live with the requests they count (PRODUCT.md §15's cards read the pipeline's
// own expressions), so the firm module does not import the requests module back.
/**
 * PRODUCT.md §4/§5: Shared = accepted + in_progress + completed; Under Review = reviewed. Admins and recruiters
 * count the firm's requests (kept by a trigger); a reviewer or the conflicts department the requests they see.
 */
export async function firmDashboardStats(ctx: AppContext, actor: Actor): Promise<FirmDashboardStats> {
  const member = authorize(policies.dashboard, actor);
  const rows = hasRole(member.firm.roles, 'admin', 'recruiter')
    ? await requestCountsByStatus(ctx.db, member.firm.id)
    : await visibleRequestCounts(ctx.db, member);
  const counts = await pipelineCounts(ctx.db, member);
  const none = { n: 0, capped: false };
  const news = counts.newSinceLastVisit;
  const waiting = hasRole(member.firm.roles, 'reviewer') ? counts.waitingOnMe : none;
  const conflicts = hasRole(member.firm.roles, 'conflicts') ? counts.conflictsWaiting : none;
  const of = (statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    invitationsSent: rows.reduce((sum, r) => sum + Number(r.n), 0),
    pending: of(['pending']),
    shared: of(SHARED_NOT_IN_REVIEW_STATUSES),
    underReview: of(UNDER_REVIEW_STATUSES),
    declined: of(['declined']),
    // PRODUCT.md §15: the pipeline's cards; each role's own (0 for a role the card is not for), each up to
    // COUNT_CAP, `capped` when more matched (issue 64 item 6).
    newSinceLastVisit: news.n,
    waitingOnMe: waiting.n,
    conflictsWaiting: conflicts.n,
    capped: {
      newSinceLastVisit: news.capped,
      waitingOnMe: waiting.capped,
      conflictsWaiting: conflicts.capped,
    },
  };
}
