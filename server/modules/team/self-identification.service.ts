import type { AppContext } from '../../context';
import { type Actor, authorize } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { allOf, packageOpenNow, partReachedBy } from '../../policies/request-scope';
import { recordAccess } from '../audit/audit.repo';
import { sharedSelfIdentifications } from './review-roles.repo';

/** The questions counted on the page, by the form's field names (shared/diversity.ts). */
const COUNTED = ['gender', 'raceEthnicity', 'isMENA', 'lgbtqia', 'veteranStatus', 'disability'] as const;

/**
 * GET /api/firm/self-identification (the diversity role, PRODUCT.md §9): the forms attorneys chose to share
 * with the firm, with the attorney's name and the position, and how many gave each answer — nothing else of a
 * package, and no link into one. Each form listed is a read, recorded for its attorney.
 */
export async function listSelfIdentification(ctx: AppContext, actor: Actor) {
  const member = authorize(policies.firmSelfIdentification, actor);
  const scope = allOf(partReachedBy(member, 'diversityForm'), packageOpenNow());
  const rows = await sharedSelfIdentifications(ctx.db, scope);
  await recordAccess(
    ctx.db,
    rows
      .filter((r) => r.attorneyUserId)
      .map((r) => ({
        requestId: r.requestId,
        attorneyUserId: r.attorneyUserId!,
        firmUserId: member.id,
        firmId: r.firmId,
        firmName: r.firmName,
        kind: 'self_identification_view' as const,
        readerRoles: [...member.firm.roles],
        parts: ['diversityForm' as const],
        inTrail: false,
      })),
  );
  const counts: Record<string, Record<string, number>> = {};
  for (const question of COUNTED) counts[question] = {};
  for (const row of rows)
    for (const question of COUNTED) {
      const answer = (row.form as Record<string, unknown> | null)?.[question];
      if (answer === undefined || answer === null || answer === '') continue;
      const key = String(answer);
      counts[question][key] = (counts[question][key] ?? 0) + 1;
    }
  return {
    forms: rows.map((r) => ({
      requestId: r.requestId,
      attorneyName: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(),
      positionTitle: r.positionTitle,
      sharedAt: r.sharedAt.toISOString(),
      form: (r.form ?? {}) as Record<string, unknown>,
    })),
    counts,
  };
}
