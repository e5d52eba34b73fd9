import type { AppContext } from '../context';
import { sealPendingReads } from '../modules/audit/trail-seal';
import { deleteExpiredSignInRows } from '../modules/auth/second-factors';
import { SWEEP_PENDING_EVERY_MS, SWEEP_PENDING_JOB, sweepPendingFiles } from '../modules/files/files.service';
import {
  ACCESS_EXPIRY_EVERY_MS,
  ACCESS_EXPIRY_JOB,
  expireAccess,
  REMINDER_EVERY_MS,
  REMINDER_JOB,
  sendDueDateReminders,
} from '../modules/requests/lifecycle/request-jobs.service';
import { deleteExpiredRateLimits } from '../plugins/rate-limit';
import { systemJob } from '../policies/authorize';

export const RATE_LIMIT_SWEEP_JOB = 'rate-limits.sweep';
const RATE_LIMIT_SWEEP_EVERY_MS = 10 * 60 * 1000;
export const TRAIL_SEAL_JOB = 'trail.seal-reads';
const TRAIL_SEAL_EVERY_MS = 60 * 1000;
export const SIGN_IN_SWEEP_JOB = 'sign-in.sweep';
const SIGN_IN_SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Every periodic job the app runs, in one list (app.ts registers it before the app is ready). The scheduler
 * (scheduler.ts) runs each once per period across every process on the database; each job's work stays in
 * its module.
 */
export function registerJobs(ctx: AppContext) {
  // Unconfirmed uploads go after a day.
  ctx.scheduler.register({
    name: SWEEP_PENDING_JOB,
    everyMs: SWEEP_PENDING_EVERY_MS,
    run: () => sweepPendingFiles(ctx, systemJob(SWEEP_PENDING_JOB)),
  });
  // PRODUCT.md §7: the due-date reminder, once per request.
  ctx.scheduler.register({
    name: REMINDER_JOB,
    everyMs: REMINDER_EVERY_MS,
    run: () => sendDueDateReminders(ctx, systemJob(REMINDER_JOB)),
  });
  // PRODUCT.md §5: shares past their access end date become revoked, and the firm is mailed.
  ctx.scheduler.register({
    name: ACCESS_EXPIRY_JOB,
    everyMs: ACCESS_EXPIRY_EVERY_MS,
    run: () => expireAccess(ctx, systemJob(ACCESS_EXPIRY_JOB)),
  });
  // Rate-limit rows whose window has ended count for nothing; this keeps the table as small as the active
  // windows, and a request that hits a limit never pays for the cleaning.
  ctx.scheduler.register({
    name: RATE_LIMIT_SWEEP_JOB,
    everyMs: RATE_LIMIT_SWEEP_EVERY_MS,
    run: () => deleteExpiredRateLimits(ctx.db),
  });
  // PRODUCT.md §11: the reads recorded without the chain's lock go into their requests' audit trails.
  ctx.scheduler.register({
    name: TRAIL_SEAL_JOB,
    everyMs: TRAIL_SEAL_EVERY_MS,
    run: () => sealPendingReads(ctx.db),
  });
  // Dead sessions, pending second steps and passkey challenges (refused on read already) are removed here.
  ctx.scheduler.register({
    name: SIGN_IN_SWEEP_JOB,
    everyMs: SIGN_IN_SWEEP_EVERY_MS,
    run: () => deleteExpiredSignInRows(ctx.db),
  });
}
