import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job (server/jobs/scheduler.ts). A process runs a job only after it moved
 * next_run_at forward in one UPDATE, so with several processes on one database a job runs once per
 * period. locked_until covers a run in progress; a crashed run's lock simply expires.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});
