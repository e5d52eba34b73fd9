import { conflictsRowsOf } from '@shared/conflicts';
import { PIPELINE_MESSAGES } from '@shared/firm-pipeline';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { lpqRequests } from '../../../db/schema';
import { buildAttorney, uniqueEmail } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { conflictsForm } from '../../master-lpq/master-lpq.fixtures';
import { addFirmMember } from '../../team/team.factories';
import { completeMasterLpqFor, sendRequest } from '../sharing/sharing.test-support';

/** The rows the fixture's conflicts form gives (PRODUCT.md §13: one per party and client). */
const ROWS = conflictsRowsOf(conflictsForm()).length;

type Row = {
  id: string;
  status: string;
  attorneyName: string | null;
  reviewers: { userId: string; name: string }[];
  conflictsStatus: string | null;
  conflictsWaiting: number;
  positionLpqStatus: string | null;
  lastActivity: { at: string; text: string };
  isNew: boolean;
  overdue: boolean;
};

/** PRODUCT.md §15: the pipeline's list: its new fields, filters and total, for each role. */
describeEachDb('the recruiter’s pipeline list', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const get = (cookie: string, url: string) => inject({ method: 'GET', url, headers: { cookie } });
  const send = (cookie: string, method: 'POST' | 'PUT', url: string, payload?: unknown) =>
    inject({ method, url, headers: { cookie }, payload: payload as InjectOptions['payload'] });
  const list = async (cookie: string, qs = '') => {
    const res = await get(cookie, `/api/firm/lpq-requests${qs}`);
    expect(res.statusCode, `${qs} ${res.body}`).toBe(200);
    return { rows: res.json() as Row[], total: Number(res.headers['x-total-count']) };
  };
  const ids = async (cookie: string, qs = '') => (await list(cookie, qs)).rows.map((r) => r.id);

  /**
   * A firm (its registrant holds admin, recruiter, reviewer and conflicts), a reviewer, a conflicts member
   * and a diversity officer; four requests: one shared by Imogen Thackeray and assigned to the reviewer, one
   * pending and overdue, one pending due later, one declined.
   */
  async function pipeline() {
    const firm = await buildFirm(t().app);
    const reviewer = await addFirmMember(t().app, firm.firmId, ['reviewer'], {
      firstName: 'Rhea',
      lastName: 'Vance',
    });
    const conflicts = await addFirmMember(t().app, firm.firmId, ['conflicts']);
    const diversity = await addFirmMember(t().app, firm.firmId, ['diversity']);
    const attorney = await buildAttorney(t().app, { firstName: 'Imogen', lastName: 'Thackeray' });
    await completeMasterLpqFor(t().app, attorney.cookie);
    // PRODUCT.md §13: the conflicts form's parties become the rows the conflicts department answers.
    const form = await send(attorney.cookie, 'PUT', '/api/attorney/conflicts-form', conflictsForm());
    expect(form.statusCode, form.body).toBe(200);
    const shared = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Energy Partner',
    });
    const overdue = await sendRequest(t().app, firm.cookie, uniqueEmail('late'), {
      positionTitle: 'Banking Partner',
      dueDate: '2099-01-01',
    });
    // A due date in the past cannot be typed (400); it is the calendar that moved.
    await t().db.update(lpqRequests).set({ dueDate: '2020-01-31' }).where(eq(lpqRequests.id, overdue));
    const later = await sendRequest(t().app, firm.cookie, uniqueEmail('later'), {
      positionTitle: 'Antitrust Counsel',
      dueDate: '2099-06-01',
    });
    const declined = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Tax Partner',
    });
    expect(
      (await send(attorney.cookie, 'POST', `/api/attorney/lpq-requests/${declined}/decline`, {})).statusCode,
    ).toBe(200);
    expect(
      (await send(attorney.cookie, 'POST', `/api/attorney/lpq-requests/${shared}/share`)).statusCode,
    ).toBe(200);
    const assign = await send(firm.cookie, 'PUT', `/api/firm/lpq-requests/${shared}/reviewers`, {
      userIds: [reviewer.user.id],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    return { firm, reviewer, conflicts, diversity, attorney, shared, overdue, later, declined };
  }

  it('401 signed out; 403 for an attorney and for a diversity officer (no pipeline)', async () => {
    const { diversity, attorney } = await pipeline();
    const out = await inject({ method: 'GET', url: '/api/firm/lpq-requests' });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthorized' });
    for (const cookie of [attorney.cookie, diversity.cookie]) {
      const res = await get(cookie, '/api/firm/lpq-requests?overdue=true');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden' });
    }
  });

  it('answers each row with its reviewers, conflicts, position LPQ, last activity, New and overdue', async () => {
    const { firm, shared, overdue, later, declined } = await pipeline();
    const { rows, total } = await list(firm.cookie, '?sort=sent');
    expect(total).toBe(4);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[shared]).toMatchObject({
      status: 'accepted',
      attorneyName: 'Imogen Thackeray',
      reviewers: [{ name: 'Rhea Vance' }],
      // Shared, and the conflicts department has answered no row yet: every row waits.
      conflictsStatus: 'pending',
      conflictsWaiting: ROWS,
      positionLpqStatus: 'not_started',
      lastActivity: { text: 'Shared v1' },
      isNew: true,
      overdue: false,
    });
    expect(byId[overdue]).toMatchObject({
      status: 'pending',
      attorneyName: null,
      reviewers: [],
      conflictsStatus: null,
      conflictsWaiting: 0,
      positionLpqStatus: null,
      lastActivity: { text: 'Invitation sent' },
      isNew: false,
      overdue: true,
    });
    expect(byId[later].overdue).toBe(false);
    expect(byId[declined]).toMatchObject({
      lastActivity: { text: 'Declined by the attorney' },
      conflictsStatus: null,
      overdue: false,
    });
    expect(new Date(byId[declined].lastActivity.at).getTime()).toBeGreaterThan(
      new Date(byId[later].lastActivity.at).getTime(),
    );

    // Opening the request after its share: no longer new, for every member.
    expect((await get(firm.cookie, `/api/firm/lpq-requests/${shared}`)).statusCode).toBe(200);
    expect((await list(firm.cookie, '?new=true')).rows).toEqual([]);
    // The conflicts department clears it: cleared, nothing waiting.
    const view = await get(firm.cookie, `/api/firm/lpq-requests/${shared}/conflicts`);
    expect(view.statusCode, view.body).toBe(200);
    const rowIds = (view.json() as { rows: { rowId: string }[] }).rows.map((r) => r.rowId);
    expect(rowIds).toHaveLength(ROWS);
    for (const rowId of rowIds) {
      const answer = await send(
        firm.cookie,
        'PUT',
        `/api/firm/lpq-requests/${shared}/conflicts/rows/${rowId}`,
        {
          status: 'cleared',
        },
      );
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const after = (await list(firm.cookie, '?conflicts=cleared')).rows;
    expect(after.map((r) => [r.id, r.conflictsStatus, r.conflictsWaiting])).toEqual([[shared, 'cleared', 0]]);
  });

  it('filters by stage, reviewer, conflicts, new and overdue, with q and sort, and counts all pages', async () => {
    const { firm, reviewer, shared, overdue, later } = await pipeline();
    expect(await ids(firm.cookie, '?status=pending&sort=due')).toEqual([overdue, later]);
    expect(await ids(firm.cookie, `?reviewer=${reviewer.user.id}`)).toEqual([shared]);
    // The registrant reviews nothing yet: 'me' is the member asking.
    expect(await ids(firm.cookie, '?reviewer=me')).toEqual([]);
    expect(await ids(firm.cookie, '?conflicts=pending')).toEqual([shared]);
    expect(await ids(firm.cookie, '?conflicts=issues')).toEqual([]);
    expect(await ids(firm.cookie, '?new=true')).toEqual([shared]);
    expect(await ids(firm.cookie, '?overdue=true')).toEqual([overdue]);
    expect(await ids(firm.cookie, '?overdue=true&q=banking')).toEqual([overdue]);
    expect(await ids(firm.cookie, '?overdue=true&q=antitrust')).toEqual([]);
    expect(await ids(firm.cookie, '?new=true&q=thackeray')).toEqual([shared]);
    // Sorted by stage (the lifecycle's order) and by last activity, newest first.
    const byStage = (await list(firm.cookie, '?sort=status')).rows.map((r) => r.status);
    expect(byStage).toEqual(['pending', 'pending', 'accepted', 'declined']);
    expect((await list(firm.cookie, '?sort=-status')).rows.map((r) => r.status)).toEqual([
      'declined',
      'accepted',
      'pending',
      'pending',
    ]);
    expect((await ids(firm.cookie, '?sort=-activity'))[0]).toBe(shared);
    expect((await ids(firm.cookie, '?sort=activity'))[0]).toBe(overdue);
    // The total is every row the filters match, whatever the page's size; the pages still chain.
    const page = await get(firm.cookie, '/api/firm/lpq-requests?sort=-activity&limit=1');
    expect(page.json()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe('4');
    const next = (page.headers.link as string).match(/^<([^>]+)>; rel="next"$/)?.[1];
    expect(next).toContain('sort=-activity');
    const second = await get(firm.cookie, next!);
    expect(second.json()[0].id).not.toBe(page.json()[0].id);
    expect(
      (await get(firm.cookie, '/api/firm/lpq-requests?status=pending&limit=1')).headers['x-total-count'],
    ).toBe('2');
  });

  it('400 with the message for a bad filter, changing nothing; another firm’s reviewer matches nothing', async () => {
    const { firm } = await pipeline();
    const before = await list(firm.cookie);
    const cases: [string, string, string][] = [
      ['?reviewer=bob', 'reviewer', PIPELINE_MESSAGES.unknownReviewer],
      ['?conflicts=lost', 'conflicts', PIPELINE_MESSAGES.unknownConflicts],
      ['?new=yes', 'new', PIPELINE_MESSAGES.onlyTrue],
      ['?overdue=false', 'overdue', PIPELINE_MESSAGES.onlyTrue],
      ['?sort=reviewer', 'sort', PIPELINE_MESSAGES.unknownSort],
    ];
    for (const [qs, field, message] of cases) {
      const res = await get(firm.cookie, `/api/firm/lpq-requests${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().errors?.[field], qs).toBe(message);
    }
    expect(await list(firm.cookie)).toEqual(before);
    // 404's rule for a list: another firm's member, reviewer or rows are never reached.
    const other = await pipeline();
    expect(await ids(firm.cookie, `?reviewer=${other.reviewer.user.id}`)).toEqual([]);
    expect((await list(other.firm.cookie)).rows.map((r) => r.id)).not.toContain(before.rows[0].id);
  });

  it('a reviewer lists only their assignments; a conflicts member the shared ones, without the hiring columns', async () => {
    const { reviewer, conflicts, shared } = await pipeline();
    const mine = await list(reviewer.cookie);
    expect(mine.rows.map((r) => r.id)).toEqual([shared]);
    expect(mine.total).toBe(1);
    expect(mine.rows[0].positionLpqStatus).toBe('not_started');
    expect(await ids(reviewer.cookie, '?reviewer=me')).toEqual([shared]);
    expect(await ids(reviewer.cookie, '?overdue=true')).toEqual([]);
    expect((await list(reviewer.cookie, '?status=pending')).total).toBe(0);

    const seen = await list(conflicts.cookie);
    expect(seen.rows.map((r) => r.id)).toEqual([shared]);
    expect(seen.total).toBe(1);
    expect(seen.rows[0]).toMatchObject({
      conflictsStatus: 'pending',
      conflictsWaiting: ROWS,
      positionLpqStatus: null,
    });
    expect(await ids(conflicts.cookie, '?conflicts=pending')).toEqual([shared]);
  });
});
