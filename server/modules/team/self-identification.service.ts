import { selfIdentificationCounts, selfIdentificationCountsCsvRows } from '@shared/self-identification-view';
import type { AppContext } from '../../context';
import { type Actor, authorize } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { allOf, packageOpenNow, partReachedBy } from '../../policies/request-scope';
import { recordAccess } from '../audit/audit.repo';
import { csvText } from '../requests/record/csv';
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
  const counts = countAnswers(rows);
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

/** How many of the forms gave each answer: question → answer code → count. */
function countAnswers(rows: { form: unknown }[]) {
  const counts: Record<string, Record<string, number>> = {};
  for (const question of COUNTED) counts[question] = {};
  for (const row of rows)
    for (const question of COUNTED) {
      const answer = (row.form as Record<string, unknown> | null)?.[question];
      if (answer === undefined || answer === null || answer === '') continue;
      const key = String(answer);
      counts[question][key] = (counts[question][key] ?? 0) + 1;
    }
  return counts;
}

/**
 * GET /api/firm/self-identification/counts.csv (issue 67): the page's counts as CSV, each count under 5 as
 * 'fewer than 5'. Counts only — no name, position or form — so it is not a read of any one attorney's form
 * and is not recorded in their access log (the page, which lists the forms, is).
 */
export async function selfIdentificationCountsCsv(ctx: AppContext, actor: Actor): Promise<string> {
  const member = authorize(policies.firmSelfIdentification, actor);
  const scope = allOf(partReachedBy(member, 'diversityForm'), packageOpenNow());
  const rows = await sharedSelfIdentifications(ctx.db, scope);
  return csvText(selfIdentificationCountsCsvRows(selfIdentificationCounts(countAnswers(rows))));
}
