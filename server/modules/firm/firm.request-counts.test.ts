import { REQUEST_TRANSITIONS, type RequestStatus } from '@shared/requests';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { firmRequestCounts, firms, lpqRequests, users } from '../../db/schema';
import { DEFAULT_PASSWORD } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { transitionRequest } from '../requests/lifecycle/request-state';
import { sendRequest } from '../requests/sharing/sharing.test-support';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { buildFirm } from './firm.factories';

// The counts behind the firm's dashboard (firm_request_counts, kept by a trigger on lpq_requests): after
// every kind of write they equal a count of the requests themselves, so the dashboard can read them instead
// of counting every request.
describeEachDb('firm request counts', (t, kind) => {
  const { post, get, world } = sharingControlClient(t);

  /** Every firm's non-zero counts as the trigger kept them, and as a count of lpq_requests finds them. */
  async function kept() {
    const rows = await t().db.select().from(firmRequestCounts).where(sql`${firmRequestCounts.count} <> 0`);
    return rows.map((r) => `${r.firmId} ${r.status} ${r.count}`).sort();
  }
  async function recounted() {
    const rows = await t()
      .db.select({
        firmId: lpqRequests.firmId,
        status: lpqRequests.status,
        n: sql<number>`count(*)::int`,
      })
      .from(lpqRequests)
      .groupBy(lpqRequests.firmId, lpqRequests.status);
    return rows.map((r) => `${r.firmId} ${r.status} ${r.n}`).sort();
  }
  const expectCountsRight = async () => expect(await kept()).toEqual(await recounted());
  // The status cards (the pipeline's cards of PRODUCT.md §15 are tested in firm-pipeline.actions.test.ts).
  const statsOf = async (firm: { cookie: string }) => {
    const {
      newSinceLastVisit,
      waitingOnMe,
      conflictsWaiting,
      capped: _,
      ...byStatus
    } = (await get(firm, '/api/firm/dashboard-stats')).json();
    expect([newSinceLastVisit, waitingOnMe, conflictsWaiting].every(Number.isInteger)).toBe(true);
    return byStatus;
  };

  /** The kept counts equal a recount, and the firm's status cards show these. */
  const expectCounts = async (firm: { cookie: string }, cards: Record<string, number>) => {
    await expectCountsRight();
    expect(await statsOf(firm)).toEqual(cards);
  };

  it('follows create, share, decline, withdraw, revoke and the deletion of a request', async () => {
    const w = await world();
    await expectCounts(w.firm, { invitationsSent: 1, pending: 1, shared: 0, underReview: 0, declined: 0 });

    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const declined = await sendRequest(t().app, w.firm.cookie, w.attorney.user.email, {
      positionTitle: 'Tax',
    });
    expect((await post(w.attorney, `/api/attorney/lpq-requests/${declined}/decline`, {})).statusCode).toBe(
      200,
    );
    const withdrawn = await sendRequest(t().app, w.firm.cookie, 'someone@example.com');
    expect((await post(w.firm, `/api/firm/lpq-requests/${withdrawn}/withdraw`)).statusCode).toBe(200);
    await sendRequest(t().app, w.firm.cookie, 'other@example.com');
    await expectCounts(w.firm, { invitationsSent: 4, pending: 1, shared: 1, underReview: 0, declined: 1 });

    expect((await post(w.attorney, `${w.base}/revoke`)).statusCode).toBe(200);
    await t().db.delete(lpqRequests).where(eq(lpqRequests.id, withdrawn));
    await expectCounts(w.firm, { invitationsSent: 3, pending: 1, shared: 0, underReview: 0, declined: 1 });
  });

  it('follows every transition of the state machine', async () => {
    const firm = await buildFirm(t().app);
    const edges = (Object.keys(REQUEST_TRANSITIONS) as RequestStatus[]).flatMap((from) =>
      REQUEST_TRANSITIONS[from].map((to) => [from, to] as const),
    );
    for (const [from, to] of edges) {
      const [row] = await t()
        .db.insert(lpqRequests)
        .values({
          firmId: firm.firmId,
          firmName: 'Counts LLP',
          attorneyEmail: `${from}-${to}@example.com`,
          positionTitle: `${from} to ${to}`,
          practiceArea: 'Tax',
          status: from,
        })
        .returning();
      await t().db.transaction((tx) => transitionRequest(tx, { requestId: row.id, to }));
      await expectCountsRight();
    }
    // An update that leaves the status alone changes nothing.
    await t()
      .db.update(lpqRequests)
      .set({ status: sql`${lpqRequests.status}` })
      .where(eq(lpqRequests.firmId, firm.firmId));
    await expectCountsRight();
  });

  it("follows the deletion of an attorney's account (shares revoked), of a member (the firm keeps its rows) and of the firm (its rows go)", async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const res = await post(w.attorney, '/api/attorney/delete-account', {
      password: DEFAULT_PASSWORD,
      confirmation: 'DELETE',
    });
    expect(res.statusCode, res.body).toBe(204);
    await expectCounts(w.firm, { invitationsSent: 1, pending: 0, shared: 0, underReview: 0, declined: 0 });

    // PRODUCT.md §9: the firm owns its requests; the member who sent them may go.
    await t().db.delete(users).where(eq(users.id, w.firm.user.id));
    await expectCountsRight();
    expect((await kept()).filter((k) => k.startsWith(w.firm.firmId))).toEqual([`${w.firm.firmId} revoked 1`]);
    await t().db.delete(firms).where(eq(firms.id, w.firm.firmId));
    await expectCountsRight();
    expect(
      await t().db.select().from(firmRequestCounts).where(eq(firmRequestCounts.firmId, w.firm.firmId)),
    ).toEqual([]);
  });

  describe.runIf(kind === 'postgres')('concurrent writes (real PostgreSQL)', () => {
    it('two transactions moving requests of one firm at once both count', async () => {
      const firm = await buildFirm(t().app);
      for (let round = 0; round < 5; round++) {
        const rows = await t()
          .db.insert(lpqRequests)
          .values(
            [0, 1, 2, 3].map((i) => ({
              firmId: firm.firmId,
              firmName: 'Counts LLP',
              attorneyEmail: `race-${round}-${i}@example.com`,
              positionTitle: 'Partner',
              practiceArea: 'Tax',
              status: 'pending' as const,
            })),
          )
          .returning();
        // Each transaction holds its counter rows until commit; the other waits, then adds to what it finds.
        const moves: RequestStatus[] = ['accepted', 'declined', 'withdrawn', 'accepted'];
        await Promise.all(
          rows.map((row, i) =>
            t().db.transaction(async (tx) => {
              await transitionRequest(tx, { requestId: row.id, to: moves[i] });
              await tx.execute(sql`select pg_sleep(0.05)`);
            }),
          ),
        );
        await expectCountsRight();
      }
      expect(await statsOf(firm)).toEqual({
        invitationsSent: 20,
        pending: 0,
        shared: 10,
        underReview: 0,
        declined: 5,
      });
    });
  });
});
