import { COUNT_CAP, countLabel } from '@shared/firm-pipeline';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildAttorney } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { addFirmMember } from '../../team/team.factories';

/**
 * Issue 64 item 6: the list's result count (X-Total-Count) and the dashboard's pipeline cards count at most
 * COUNT_CAP rows, so their cost stops growing with the matches; beyond it the count is COUNT_CAP and says so
 * (`X-Total-Capped: true`, `capped`), never a made-up total. With COUNT_CAP + 1 real rows, on both databases.
 */
describe('countLabel', () => {
  it('reads a count, and a capped one as 1,000+', () => {
    expect(countLabel(3)).toBe('3');
    expect(countLabel(1000)).toBe('1,000');
    expect(countLabel(COUNT_CAP, true)).toBe('1,000+');
  });
});

describeEachDb('the pipeline’s capped counts', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const get = (cookie: string | null, url: string) =>
    inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /**
   * `n` of the firm's requests in one statement: shared (new since the firm last opened them: never opened),
   * conflicts pending, assigned to `assignee`, the even ones overdue pending invitations instead when `pending`.
   */
  async function addRequests(firm: { firmId: string; user: { id: string } }, n: number, assignee: string) {
    const db = t().db;
    await db.execute(sql`
      insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, position_title, practice_area,
                                status, sent_at, shared_at, current_version, attention_at, conflicts_status,
                                conflicts_waiting)
      select ${firm.firmId}::uuid, ${firm.user.id}::uuid, 'Capped LLP', 'capped-' || k || '@example.com',
             'Position ' || k, 'Tax', 'accepted', now() - k * interval '1 minute', now(), 1, now(), 'pending', 1
      from generate_series(1, ${n}::int) k`);
    await db.execute(sql`
      insert into request_reviewers (request_id, user_id)
      select id, ${assignee}::uuid from lpq_requests where firm_id = ${firm.firmId}::uuid`);
  }

  it('the list counts up to 1,000 and says when more match; a narrower filter counts exactly', async () => {
    const firm = await buildFirm(t().app);
    const reviewer = await addFirmMember(t().app, firm.firmId, ['reviewer']);
    await addRequests(firm, COUNT_CAP + 1, reviewer.user.id);

    const all = await get(firm.cookie, '/api/firm/lpq-requests?limit=1');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(COUNT_CAP));
    expect(all.headers['x-total-capped']).toBe('true');
    // The search (by the sort's index) and a filter with its own index, capped alike.
    for (const qs of ['?q=position&limit=1', '?conflicts=pending&limit=1', '?reviewer=me&limit=1']) {
      const res = await get(
        qs.includes('reviewer') ? reviewer.cookie : firm.cookie,
        `/api/firm/lpq-requests${qs}`,
      );
      expect(res.statusCode, qs).toBe(200);
      expect(res.headers['x-total-count'], qs).toBe(String(COUNT_CAP));
      expect(res.headers['x-total-capped'], qs).toBe('true');
    }
    // Fewer than the cap: the exact count, no flag.
    const some = await get(firm.cookie, '/api/firm/lpq-requests?q=position%201000&limit=1');
    expect(some.headers['x-total-count']).toBe('1'); // 'Position 1000'
    expect(some.headers['x-total-capped']).toBeUndefined();
    const none = await get(firm.cookie, '/api/firm/lpq-requests?status=declined');
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.headers['x-total-capped']).toBeUndefined();
  });

  it('exactly 1,000 is counted as 1,000, not capped', async () => {
    const firm = await buildFirm(t().app);
    await addRequests(firm, COUNT_CAP, firm.user.id);
    const res = await get(firm.cookie, '/api/firm/lpq-requests?limit=1');
    expect(res.headers['x-total-count']).toBe(String(COUNT_CAP));
    expect(res.headers['x-total-capped']).toBeUndefined();
  });

  it('the dashboard’s pipeline cards stop at 1,000, each saying so; the status cards stay exact', async () => {
    const firm = await buildFirm(t().app);
    await addRequests(firm, COUNT_CAP + 1, firm.user.id);
    const res = await get(firm.cookie, '/api/firm/dashboard-stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      // Kept by a trigger (firm_request_counts): exact at any size.
      invitationsSent: COUNT_CAP + 1,
      pending: 0,
      shared: COUNT_CAP + 1,
      underReview: 0,
      declined: 0,
      newSinceLastVisit: COUNT_CAP,
      waitingOnMe: COUNT_CAP,
      conflictsWaiting: COUNT_CAP,
      capped: { newSinceLastVisit: true, waitingOnMe: true, conflictsWaiting: true },
    });
    // A reviewer with none assigned: nothing capped.
    const reviewer = await addFirmMember(t().app, firm.firmId, ['reviewer']);
    expect((await get(reviewer.cookie, '/api/firm/dashboard-stats')).json()).toMatchObject({
      newSinceLastVisit: 0,
      waitingOnMe: 0,
      capped: { newSinceLastVisit: false, waitingOnMe: false, conflictsWaiting: false },
    });
  });

  it('is 401 signed out and 403 for an attorney and a diversity officer', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    const diversity = await addFirmMember(t().app, firm.firmId, ['diversity']);
    for (const url of ['/api/firm/lpq-requests', '/api/firm/dashboard-stats']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(attorney.cookie, url)).statusCode).toBe(403);
      expect((await get(diversity.cookie, url)).statusCode).toBe(403);
    }
  });
});
