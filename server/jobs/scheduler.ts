import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { createPollLoop } from './poll-loop';

export type Job = {
  /** The row's key in scheduled_jobs: stable across deploys. */
  name: string;
  /** Runs at most once per period across every process on the database. */
  everyMs: number;
  run: () => Promise<unknown>;
  /**
   * How long a started run keeps others out even when its period has passed; a process that died
   * mid-run frees the job when this expires. Default 15 minutes.
   */
  lockMs?: number;
};

export type SchedulerOptions = {
  db: Db;
  log?: FastifyBaseLogger;
  /** How often to look for due jobs; 0 means no background loop (tests call runDue or runJob). */
  pollMs: number;
};

const DEFAULT_LOCK_MS = 15 * 60 * 1000;
const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Periodic jobs that run once per period however many app processes share the database. A process
 * claims a due job by moving its next_run_at forward in one UPDATE … WHERE next_run_at <= now()
 * RETURNING: PostgreSQL re-checks the condition of a row another transaction has just updated, so of
 * two processes polling at the same moment exactly one gets the row back and runs the job.
 * Hand-written rather than a library: cron-style schedulers run in every process (N processes, N runs),
 * and a PostgreSQL job queue (pg-boss) brings its own schema and workers for four periodic jobs.
 */
export function createScheduler(opts: SchedulerOptions) {
  const jobs = new Map<string, Job>();

  /** True when this process won the job's current period. */
  async function claim(job: Job): Promise<boolean> {
    await opts.db.insert(scheduledJobs).values({ name: job.name }).onConflictDoNothing();
    const now = sql`now()`;
    const claimed = await opts.db
      .update(scheduledJobs)
      .set({
        nextRunAt: sql`now() + ${seconds(job.everyMs)}`,
        lockedUntil: sql`now() + ${seconds(job.lockMs ?? DEFAULT_LOCK_MS)}`,
        lastStartedAt: now,
      })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.lockedUntil), lt(scheduledJobs.lockedUntil, now)),
        ),
      )
      .returning({ name: scheduledJobs.name });
    return claimed.length === 1;
  }

  async function release(job: Job, error?: unknown) {
    const lastError = error ? (error instanceof Error ? error.message : String(error)).slice(0, 500) : null;
    await opts.db
      .update(scheduledJobs)
      .set({ lockedUntil: null, lastFinishedAt: sql`now()`, lastError })
      .where(eq(scheduledJobs.name, job.name));
  }

  /** Claims and runs every due job; answers the names of those this process ran. */
  async function runDueJobs(stopping: () => boolean): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs.values()) {
      if (stopping()) break;
      if (!(await claim(job))) continue;
      ran.push(job.name);
      try {
        await job.run();
        await release(job);
      } catch (err) {
        opts.log?.error({ err, job: job.name }, 'scheduled job failed');
        await release(job, err);
      }
    }
    return ran;
  }

  const loop = createPollLoop({ run: runDueJobs, pollMs: opts.pollMs, log: opts.log, name: 'job' });

  return {
    /** Adds a job; call before the app is ready. */
    register(job: Job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      jobs.set(job.name, job);
    },
    runDue: loop.runOnce,
    /** Runs one job now, outside its schedule and without a claim (tests, maintenance). */
    async runJob(name: string) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job ${name}`);
      return job.run();
    },
    start: loop.start,
    stop: loop.stop,
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
