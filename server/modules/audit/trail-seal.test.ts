import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accessEvents, auditEvents } from '../../db/schema';
import { TRAIL_SEAL_JOB } from '../../jobs/jobs';
import { describeEachDb, type TestApp } from '../../test/harness';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { sealPendingReads } from './trail-seal';

/**
 * PRODUCT.md §11 and the hot read: a package view is recorded in the read's own statement without the chain's
 * lock, and goes into the request's audit trail by the seal (the job, or a trail's download or verify first).
 */
describeEachDb('audit trail: reads sealed after the hot read', (t: () => TestApp, kind) => {
  const { post, get, world } = sharingControlClient(t);
  const readsInChain = async (requestId: string) =>
    (
      await t()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.type, 'read')))
    ).length;

  it('puts every view in the chain, in order, once: by the job and before a trail is verified', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    const views = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, w.requestId));
    expect(views.map((v) => v.inTrail)).toEqual([false, false, false]);
    expect(await readsInChain(w.requestId)).toBe(0);

    const verified = (await get(w.firm, `${w.firmUrl}/audit/verify`)).json();
    expect(verified.intact).toBe(true);
    expect(await readsInChain(w.requestId)).toBe(3);

    expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    await t().app.ctx.scheduler.runJob(TRAIL_SEAL_JOB);
    await t().app.ctx.scheduler.runJob(TRAIL_SEAL_JOB);
    expect(await readsInChain(w.requestId)).toBe(4);
    const attorneySide = (await get(w.attorney, `${w.base}/audit/verify`)).json();
    expect(attorneySide).toMatchObject({ intact: true, brokenAt: null });
    const [last] = await t()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.type, 'read')))
      .orderBy(auditEvents.seq)
      .limit(1);
    expect(last.actorRole).toContain('Admin');
  });

  it('enters the views before an action that followed them: the trail runs in time order', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
    expect(await readsInChain(w.requestId)).toBe(0);
    expect((await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' })).statusCode).toBe(200);

    const chain = await t()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, w.requestId))
      .orderBy(auditEvents.seq);
    const types = chain.map((e) => e.type);
    expect(types.slice(-3)).toEqual(['read', 'read', 'status_changed']);
    const times = chain.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const views = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, w.requestId));
    expect(views.map((v) => v.inTrail)).toEqual([true, true]);
    // Sealed once: the job finds nothing left, and the chain verifies.
    await t().app.ctx.scheduler.runJob(TRAIL_SEAL_JOB);
    expect(await readsInChain(w.requestId)).toBe(2);
    expect((await get(w.attorney, `${w.base}/audit/verify`)).json()).toMatchObject({ intact: true });
  });

  it.runIf(kind === 'postgres')(
    'two seals of the same requests at once, their reads in opposite orders, both finish (no deadlock)',
    async () => {
      const w = await world();
      expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
      const second = await world();
      expect((await post(second.attorney, `${second.base}/share`)).statusCode).toBe(200);
      const [a, b] = [w.requestId, second.requestId];
      const worlds = new Map([
        [a, w],
        [b, second],
      ]);
      // Two batches of the seal's size: the first reads A's then B's, the second B's then A's.
      const run = (id: string) => Array.from({ length: 100 }, () => id);
      const order = [...run(a), ...run(b), ...run(b), ...run(a)];
      await t()
        .db.insert(accessEvents)
        .values(
          order.map((requestId) => {
            const of = worlds.get(requestId)!;
            return {
              requestId,
              attorneyUserId: of.attorney.user.id,
              firmUserId: of.firm.user.id,
              firmId: of.firm.firmId,
              firmName: 'Arden & Vale',
              kind: 'package_view' as const,
              inTrail: false,
            };
          }),
        );
      await Promise.all([sealPendingReads(t().db, [a, b]), sealPendingReads(t().db, [a, b])]);
      expect(await readsInChain(a)).toBe(200);
      expect(await readsInChain(b)).toBe(200);
      for (const who of [w, second])
        expect((await get(who.attorney, `${who.base}/audit/verify`)).json()).toMatchObject({ intact: true });
    },
  );
});
