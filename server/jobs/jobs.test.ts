import { inArray } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { rateLimits } from '../db/schema';
import { SWEEP_PENDING_JOB } from '../modules/files/files.service';
import { ACCESS_EXPIRY_JOB, REMINDER_JOB } from '../modules/requests/request-jobs.service';
import { hitRateLimit } from '../plugins/rate-limit';
import { describeEachDb } from '../test/harness';
import { RATE_LIMIT_SWEEP_JOB } from './jobs';

/** Issue 34, item 4: the app's periodic jobs are listed in server/jobs/jobs.ts, none in a route plugin. */
describeEachDb('the jobs registry', (t) => {
  afterEach(() => vi.restoreAllMocks());

  it('registers every job of the app: each runs by its name', async () => {
    for (const name of [SWEEP_PENDING_JOB, REMINDER_JOB, ACCESS_EXPIRY_JOB, RATE_LIMIT_SWEEP_JOB])
      await expect(t().app.ctx.scheduler.runJob(name)).resolves.not.toThrow();
    // A name that is not in the list is refused: the list above is the whole of it.
    await expect(t().app.ctx.scheduler.runJob('no.such.job')).rejects.toThrow();
  });

  it('the rate-limit sweep drops ended windows and keeps the running ones; a hit never deletes', async () => {
    const db = t().db;
    const keys = ['sweep-test-ended', 'sweep-test-running'];
    await db.insert(rateLimits).values([
      { key: keys[0], count: 3, resetAt: new Date(Date.now() - 60_000) },
      { key: keys[1], count: 3, resetAt: new Date(Date.now() + 60_000) },
    ]);
    // The request path used to delete ended rows when Math.random() < 0.01.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await hitRateLimit(db, 'sweep-test-hit', { max: 10, windowMs: 60_000 });
    const beforeSweep = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(beforeSweep.map((r) => r.key).sort()).toEqual(keys);

    await t().app.ctx.scheduler.runJob(RATE_LIMIT_SWEEP_JOB);
    const afterSweep = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(afterSweep.map((r) => r.key)).toEqual(['sweep-test-running']);
  });
});
