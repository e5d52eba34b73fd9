import type { AppContext } from '../../../context';
import { type Actor, authorize } from '../../../policies/authorize';
import { jobPolicies as policies } from '../../../policies/job.policy';
import { ACCESS_EXPIRY_EVERY_MS, ACCESS_EXPIRY_JOB, expireEndedAccess } from '../sharing/access-expiry';
import { REMINDER_EVERY_MS, REMINDER_JOB, remindDueRequests } from './reminders';

export { ACCESS_EXPIRY_EVERY_MS, ACCESS_EXPIRY_JOB, REMINDER_EVERY_MS, REMINDER_JOB };

/** PRODUCT.md §7: the due-date reminder, once per request; run by the scheduler only. */
export async function sendDueDateReminders(ctx: AppContext, actor: Actor): Promise<number> {
  authorize(policies.run, actor);
  return remindDueRequests(ctx);
}

/** PRODUCT.md §5: shares past their access end date become revoked, and the firm is mailed. */
export async function expireAccess(ctx: AppContext, actor: Actor): Promise<number> {
  authorize(policies.run, actor);
  return expireEndedAccess(ctx);
}
