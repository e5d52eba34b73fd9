import { inArray } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { pendingLogins, rateLimits, sessions, webauthnChallenges } from '../db/schema';
import { SWEEP_PENDING_JOB } from '../modules/files/files.service';
import { ACCESS_EXPIRY_JOB, REMINDER_JOB } from '../modules/requests/lifecycle/request-jobs.service';
import { hitRateLimit } from '../plugins/rate-limit';
import { buildAttorney } from '../test/factories';
import { describeEachDb } from '../test/harness';
import { RATE_LIMIT_SWEEP_JOB, SIGN_IN_SWEEP_JOB, TRAIL_SEAL_JOB } from './jobs';

/** The app's periodic jobs are listed in one place, server/jobs/jobs.ts, none in a route plugin. */
describeEachDb('the jobs registry', (t) => {
  afterEach(() => vi.restoreAllMocks());

  it('registers every job of the app: each runs by its name', async () => {
    for (const name of [
      SWEEP_PENDING_JOB,
      REMINDER_JOB,
      ACCESS_EXPIRY_JOB,
      RATE_LIMIT_SWEEP_JOB,
      SIGN_IN_SWEEP_JOB,
      TRAIL_SEAL_JOB,
    ])
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
    // Math.random() at 0: a request path that deleted ended rows by chance would do it now.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await hitRateLimit(db, 'sweep-test-hit', { max: 10, windowMs: 60_000 });
    const beforeSweep = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(beforeSweep.map((r) => r.key).sort()).toEqual(keys);

    await t().app.ctx.scheduler.runJob(RATE_LIMIT_SWEEP_JOB);
    const afterSweep = await db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(afterSweep.map((r) => r.key)).toEqual(['sweep-test-running']);
  });
});

describeEachDb('the sign-in sweep', (t) => {
  it('removes dead sessions, pending second steps and passkey challenges, never live ones', async () => {
    const db = t().db;
    const user = await buildAttorney(t().app);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 600_000);
    await db.insert(pendingLogins).values([
      { id: 'sweep-dead', userId: user.user.id, expiresAt: past },
      { id: 'sweep-live', userId: user.user.id, expiresAt: future },
    ]);
    await db.insert(webauthnChallenges).values([
      { challenge: 'sweep-dead', purpose: 'register', expiresAt: past },
      { challenge: 'sweep-live', purpose: 'register', expiresAt: future },
    ]);
    await db.insert(sessions).values({ id: 'sweep-dead-session', userId: user.user.id, expiresAt: past });
    await t().app.ctx.scheduler.runJob(SIGN_IN_SWEEP_JOB);
    expect((await db.select().from(pendingLogins)).map((r) => r.id)).toEqual(['sweep-live']);
    expect((await db.select().from(webauthnChallenges)).map((r) => r.challenge)).toEqual(['sweep-live']);
    const left = await db
      .select()
      .from(sessions)
      .where(inArray(sessions.id, ['sweep-dead-session']));
    expect(left).toEqual([]);
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/user', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});
