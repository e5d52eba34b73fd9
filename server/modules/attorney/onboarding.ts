import { ATTORNEY_ACTIVITY } from '@shared/attorney';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activityEvents } from '../../db/schema';
import { recordActivity } from '../audit/audit.repo';

const { kind } = ATTORNEY_ACTIVITY.onboardingCompleted;

// The end of onboarding is an event of the attorney's own history (it shows in Recent Activity too):
// the first one is when onboarding was finished.
export async function firstOnboardingCompletion(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ createdAt: activityEvents.createdAt })
    .from(activityEvents)
    .where(and(eq(activityEvents.userId, userId), eq(activityEvents.kind, kind)))
    .orderBy(asc(activityEvents.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Records the end of onboarding once; the time it was first recorded. */
export async function recordOnboardingCompletion(tx: Tx, userId: string): Promise<Date> {
  const existing = await firstOnboardingCompletion(tx, userId);
  if (existing) return existing;
  await recordActivity(tx, { userId, ...ATTORNEY_ACTIVITY.onboardingCompleted });
  return (await firstOnboardingCompletion(tx, userId)) ?? new Date();
}
