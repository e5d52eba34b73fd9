import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { scheduledJobs } from '../db/schema';
import { describeEachDb, testConfig } from '../test/harness';
import { createScheduler } from './scheduler';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Moves a job's next run into the past, as if its period had gone by. */
const makeDue = (db: Database['db'], name: string) =>
  db
    .update(scheduledJobs)
    .set({ nextRunAt: sql`now() - interval '1 second'` })
    .where(eq(scheduledJobs.name, name));

describeEachDb('job scheduler', (t) => {
  it('runs a due job once per period, again once the period has passed, and runs it directly on demand', async () => {
    const db = t().db;
    let runs = 0;
    const scheduler = createScheduler({ db, pollMs: 0 });
    scheduler.register({ name: 'test.once', everyMs: 60 * 60 * 1000, run: async () => void runs++ });
    expect(() => scheduler.register({ name: 'test.once', everyMs: 1, run: async () => {} })).toThrow();

    expect(await scheduler.runDue()).toEqual(['test.once']);
    expect(await scheduler.runDue()).toEqual([]);
    expect(runs).toBe(1);
    const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test.once'));
    expect(row.lockedUntil).toBeNull();
    expect(row.lastFinishedAt).not.toBeNull();
    expect(row.nextRunAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    await makeDue(db, 'test.once');
    expect(await scheduler.runDue()).toEqual(['test.once']);
    expect(runs).toBe(2);

    await scheduler.runJob('test.once');
    expect(runs).toBe(3);
    await expect(scheduler.runJob('test.missing')).rejects.toThrow();
  });

  it('records a failed run, frees the job and waits for the next period', async () => {
    const db = t().db;
    const scheduler = createScheduler({ db, pollMs: 0 });
    scheduler.register({
      name: 'test.fails',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        throw new Error('storage unavailable');
      },
    });
    expect(await scheduler.runDue()).toEqual(['test.fails']);
    const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test.fails'));
    expect(row).toMatchObject({ lockedUntil: null, lastError: 'storage unavailable' });
    expect(await scheduler.runDue()).toEqual([]);
  });

  it('does not start a job whose previous run is still going (its lock holds) even when due', async () => {
    const db = t().db;
    let release = () => {};
    let runs = 0;
    const scheduler = createScheduler({ db, pollMs: 0 });
    const other = createScheduler({ db, pollMs: 0 });
    const job = {
      name: 'test.slow',
      everyMs: 1000,
      run: () =>
        new Promise<void>((resolve) => {
          runs++;
          release = resolve;
        }),
    };
    scheduler.register(job);
    other.register(job);
    const first = scheduler.runDue();
    while (runs === 0) await sleep(5);
    await makeDue(db, 'test.slow');
    expect(await other.runDue()).toEqual([]);
    release();
    expect(await first).toEqual(['test.slow']);
    expect(runs).toBe(1);
  });

  it('polls on its own when pollMs is set, and stops', async () => {
    let runs = 0;
    const scheduler = createScheduler({ db: t().db, pollMs: 10 });
    scheduler.register({ name: 'test.loop', everyMs: 60_000, run: async () => void runs++ });
    scheduler.start();
    for (let i = 0; i < 100 && runs === 0; i++) await sleep(10);
    await scheduler.stop();
    expect(runs).toBe(1);
  });
});

/**
 * Two app processes on one PostgreSQL database (two pools, two apps, two schedulers polling every
 * 5 ms): a job runs exactly once per period. Only on PostgreSQL: PGlite has one connection.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('job scheduler across two apps on one PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  const databases: Database[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url: url.toString() });
      await database.migrate();
      databases.push(database);
    }
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('runs a job once per period however the two processes race for it', async () => {
    const runs: number[] = [];
    const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
    for (const [i, database] of databases.entries()) {
      const app = await buildApp({
        config: testConfig({ jobPollMs: 5 }),
        db: database.db,
        logger: false,
      });
      app.ctx.scheduler.register({
        name: 'test.race',
        everyMs: 60 * 60 * 1000,
        run: async () => {
          runs.push(i);
          await sleep(50);
        },
      });
      apps.push(app);
    }
    try {
      await Promise.all(apps.map((app) => app.ready()));
      // Both loops poll every 5 ms, and each app is also asked directly, many times at once.
      await Promise.all([
        ...Array.from({ length: 20 }, (_, k) => apps[k % 2].ctx.scheduler.runDue()),
        sleep(300),
      ]);
      expect(runs).toHaveLength(1);

      // The next period: again exactly one run between them.
      await makeDue(databases[0].db, 'test.race');
      await Promise.all([
        ...Array.from({ length: 20 }, (_, k) => apps[k % 2].ctx.scheduler.runDue()),
        sleep(300),
      ]);
      expect(runs).toHaveLength(2);
      // The app's own jobs (files sweep, due-date reminders, access expiry, the two sweeps: jobs.ts) are
      // registered by every app and share the same guarantee: one row each.
      const jobs = await databases[1].db.select({ name: scheduledJobs.name }).from(scheduledJobs);
      expect(jobs.map((j) => j.name).sort()).toEqual([
        'access-expiry',
        'due-date-reminders',
        'files.sweep-pending',
        'rate-limits.sweep',
        'sign-in.sweep',
        'test.race',
        'trail.seal-reads',
      ]);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
