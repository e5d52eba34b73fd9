import { ATTORNEY_ACTIVITY, type OnboardingStatus } from '@shared/attorney';
import type { User } from '@shared/auth';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { activityEvents } from '../../db/schema';
import { recordActivity } from '../audit/audit.service';

const { kind } = ATTORNEY_ACTIVITY.onboardingCompleted;

// The end of onboarding is an event of the attorney's own history (it shows in Recent Activity too):
// the first one is when onboarding was finished.
async function firstCompletion(db: Tx, userId: string) {
  const [row] = await db
    .select({ createdAt: activityEvents.createdAt })
    .from(activityEvents)
    .where(and(eq(activityEvents.userId, userId), eq(activityEvents.kind, kind)))
    .orderBy(asc(activityEvents.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function getOnboarding(ctx: AppContext, user: User): Promise<OnboardingStatus> {
  const at = await firstCompletion(ctx.db, user.id);
  return { completedAt: at?.toISOString() ?? null };
}

/** The attorney reached the last step (finished, or skipped to the end): recorded once. */
export async function completeOnboarding(ctx: AppContext, user: User): Promise<OnboardingStatus> {
  return ctx.db.transaction(async (tx) => {
    const existing = await firstCompletion(tx, user.id);
    if (existing) return { completedAt: existing.toISOString() };
    await recordActivity(tx, { userId: user.id, ...ATTORNEY_ACTIVITY.onboardingCompleted });
    const at = await firstCompletion(tx, user.id);
    return { completedAt: (at ?? new Date()).toISOString() };
  });
}
