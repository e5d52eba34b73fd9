import type {
  FirmDashboardStats,
  FirmProfile,
  FirmProfileValues,
  firmRegistrationSchema,
} from '@shared/firm';
import { SHARED_NOT_IN_REVIEW_STATUSES, UNDER_REVIEW_STATUSES } from '@shared/requests';
import { hasRole } from '@shared/team';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { accountPolicies } from '../../policies/account.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { firmPolicies as policies } from '../../policies/firm.policy';
import { createUser } from '../auth/accounts';
import { createSession } from '../auth/sessions';
import { pipelineCounts } from '../requests/firm-pipeline.repo';
import { findFirmProfile, requestCountsByStatus, visibleRequestCounts, writeFirmProfile } from './firm.repo';

type FirmRegistration = z.output<typeof firmRegistrationSchema>;

export async function getFirmProfile(ctx: AppContext, actor: Actor): Promise<FirmProfile> {
  const member = authorize(policies.readProfile, actor);
  const profile = await findFirmProfile(ctx.db, member.firm.id);
  if (!profile) throw notFound();
  return profile;
}

/** POST: creates (409 when one exists). PUT: creates or replaces. Offices in the same transaction. */
export async function saveFirmProfile(
  ctx: AppContext,
  actor: Actor,
  input: { profile: FirmProfileValues; mode: 'create' | 'replace' },
): Promise<FirmProfile> {
  const admin = authorize(policies.manageFirm, actor);
  return ctx.db.transaction(async (tx) => {
    await writeFirmProfile(tx, admin.firm.id, input.profile, input.mode === 'create');
    return (await findFirmProfile(tx, admin.firm.id))!;
  });
}

/** "Jordan Lee Avery" → first name "Jordan", last name "Lee Avery": the account carries the contact's name. */
function splitPersonName(name: string) {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Spec 2.7 / PRODUCT.md §2: one transaction for the account, the firm profile, its offices, the
 * verification mail and the session.
 */
export async function registerFirm(ctx: AppContext, actor: Actor, input: FirmRegistration) {
  authorize(accountPolicies.register, actor);
  const { email, password, agreeToTerms: _, invitationToken, ...profile } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, ctx, {
      email,
      password,
      ...splitPersonName(profile.contactPersonName),
      userType: 'firm',
      invitationToken,
    });
    await writeFirmProfile(tx, user.firm!.id, { ...profile, email }, true);
    const session = await createSession(tx, user.id);
    return { user, session };
  });
  ctx.onMailQueued();
  return result;
}

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
  const of = (statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    invitationsSent: rows.reduce((sum, r) => sum + Number(r.n), 0),
    pending: of(['pending']),
    shared: of(SHARED_NOT_IN_REVIEW_STATUSES),
    underReview: of(UNDER_REVIEW_STATUSES),
    declined: of(['declined']),
    // PRODUCT.md §15: the pipeline's cards; each role's own (0 for a role the card is not for).
    newSinceLastVisit: counts.newSinceLastVisit,
    waitingOnMe: hasRole(member.firm.roles, 'reviewer') ? counts.waitingOnMe : 0,
    conflictsWaiting: hasRole(member.firm.roles, 'conflicts') ? counts.conflictsWaiting : 0,
  };
}
