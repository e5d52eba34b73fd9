import {
  type ActivityItem,
  ATTORNEY_ACTIVITY,
  type AttorneyDashboardStats,
  type AttorneyProfile,
  type AttorneyProfileBody,
  type OnboardingStatus,
  PROFILE_COMPLETION_FIELDS,
} from '@shared/attorney';
import { isFilled } from '@shared/form-fields';
import { masterLpqCompletion } from '@shared/master-lpq';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { attorneyRecordPolicies as policies } from '../../policies/attorney-records.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { listActivity, recordFormActivity } from './activity';
import { dashboardFacts, readAttorneyProfile, writeAttorneyProfile } from './attorney.repo';
import { firstOnboardingCompletion, recordOnboardingCompletion } from './onboarding';

export async function getAttorneyProfile(ctx: AppContext, actor: Actor): Promise<AttorneyProfile> {
  const attorney = authorize(policies.ownRecords, actor);
  const profile = await readAttorneyProfile(ctx.db, attorney.id);
  if (!profile) throw notFound();
  return profile;
}

/** mode 'create' refuses an existing profile (POST); 'upsert' creates or updates (PUT). */
export async function saveAttorneyProfile(
  ctx: AppContext,
  actor: Actor,
  input: { body: AttorneyProfileBody; mode: 'create' | 'upsert' },
): Promise<AttorneyProfile> {
  const attorney = authorize(policies.ownRecords, actor);
  return ctx.db.transaction(async (tx) => {
    const profile = await writeAttorneyProfile(tx, attorney.id, input.body, input.mode);
    await recordFormActivity(tx, attorney.id, ATTORNEY_ACTIVITY.profileUpdated);
    return profile;
  });
}

/** PRODUCT.md §5: the four dashboard numbers, computed from what is stored. */
export async function getDashboardStats(ctx: AppContext, actor: Actor): Promise<AttorneyDashboardStats> {
  const attorney = authorize(policies.ownRecords, actor);
  const { profile, lpq, pending, shared, forms } = await dashboardFacts(ctx.db, attorney);
  const profileFilled = profile
    ? PROFILE_COMPLETION_FIELDS.filter((k) => isFilled((profile as Record<string, unknown>)[k])).length
    : 0;
  return {
    lpqCompletion: masterLpqCompletion(lpq?.data ?? null, lpq?.isComplete ?? false),
    pendingRequests: pending,
    sharedDocuments: shared,
    profileCompletion: Math.round((profileFilled / PROFILE_COMPLETION_FIELDS.length) * 100),
    savedForms: forms,
  };
}

/** Recent Activity: the attorney's own events and the firms' reads of what they shared. */
export async function getRecentActivity(ctx: AppContext, actor: Actor): Promise<ActivityItem[]> {
  const attorney = authorize(policies.ownRecords, actor);
  return listActivity(ctx.db, attorney.id);
}

export async function getOnboarding(ctx: AppContext, actor: Actor): Promise<OnboardingStatus> {
  const attorney = authorize(policies.ownRecords, actor);
  const at = await firstOnboardingCompletion(ctx.db, attorney.id);
  return { completedAt: at?.toISOString() ?? null };
}

/** The attorney reached the last step (finished, or skipped to the end): recorded once. */
export async function completeOnboarding(ctx: AppContext, actor: Actor): Promise<OnboardingStatus> {
  const attorney = authorize(policies.ownRecords, actor);
  const at = await ctx.db.transaction((tx) => recordOnboardingCompletion(tx, attorney.id));
  return { completedAt: at.toISOString() };
}
