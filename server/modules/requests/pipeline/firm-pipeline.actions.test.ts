import { BULK_MESSAGES, PIPELINE_MESSAGES, VIEW_MESSAGES } from '@shared/firm-pipeline';
import { TEAM_MESSAGES } from '@shared/team';
import { count, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { firmSavedViews, lpqRequests, outbox, requestReviewers } from '../../../db/schema';
import { buildAttorney, uniqueEmail } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { conflictsForm } from '../../master-lpq/master-lpq.fixtures';
import { addFirmMember } from '../../team/team.factories';
import { completeMasterLpqFor, sendRequest } from '../sharing/sharing.test-support';

/** PRODUCT.md §15: saved views, bulk actions and the dashboard's pipeline cards, for each role. */
describeEachDb('the recruiter’s pipeline: views, bulk actions, dashboard', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const call = (cookie: string | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
    inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      payload: payload as InjectOptions['payload'],
    });
  const DAY = 24 * 60 * 60 * 1000;

  async function team() {
    const firm = await buildFirm(t().app);
    const recruiter = await addFirmMember(t().app, firm.firmId, ['recruiter']);
    const reviewer = await addFirmMember(t().app, firm.firmId, ['reviewer'], {
      firstName: 'Rhea',
      lastName: 'Vance',
    });
    const conflicts = await addFirmMember(t().app, firm.firmId, ['conflicts']);
    const diversity = await addFirmMember(t().app, firm.firmId, ['diversity']);
    return { firm, recruiter, reviewer, conflicts, diversity };
  }

  describe('saved views', () => {
    it('401, 403 for an attorney and a diversity officer; each member keeps and deletes only their own', async () => {
      const { firm, reviewer, diversity } = await team();
      const attorney = await buildAttorney(t().app);
      expect((await call(null, 'GET', '/api/firm/views')).statusCode).toBe(401);
      expect((await call(null, 'POST', '/api/firm/views', { name: 'x', query: '' })).statusCode).toBe(401);
      for (const cookie of [attorney.cookie, diversity.cookie]) {
        expect((await call(cookie, 'GET', '/api/firm/views')).statusCode).toBe(403);
        expect((await call(cookie, 'POST', '/api/firm/views', { name: 'x', query: '' })).statusCode).toBe(
          403,
        );
      }
      const saved = await call(firm.cookie, 'POST', '/api/firm/views', {
        name: ' Overdue ',
        // Any order, the default sort: kept in the list URL's one form.
        query: '?sort=-sent&overdue=true&status=pending',
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json()).toMatchObject({ name: 'Overdue', query: 'status=pending&overdue=true' });
      const id = saved.json().id as string;
      expect((await call(firm.cookie, 'GET', '/api/firm/views')).json()).toEqual([saved.json()]);
      // Another member sees none of it and cannot delete it (404); the owner can, once.
      expect((await call(reviewer.cookie, 'GET', '/api/firm/views')).json()).toEqual([]);
      expect((await call(reviewer.cookie, 'DELETE', `/api/firm/views/${id}`)).statusCode).toBe(404);
      const other = await buildFirm(t().app);
      expect((await call(other.cookie, 'DELETE', `/api/firm/views/${id}`)).statusCode).toBe(404);
      expect((await call(firm.cookie, 'DELETE', '/api/firm/views/not-an-id')).statusCode).toBe(404);
      expect((await call(firm.cookie, 'DELETE', `/api/firm/views/${id}`)).statusCode).toBe(204);
      expect((await call(firm.cookie, 'DELETE', `/api/firm/views/${id}`)).statusCode).toBe(404);
      expect((await call(firm.cookie, 'GET', '/api/firm/views')).json()).toEqual([]);
      // A reviewer keeps views of their own list.
      expect(
        (await call(reviewer.cookie, 'POST', '/api/firm/views', { name: 'Mine', query: 'reviewer=me' }))
          .statusCode,
      ).toBe(201);
    });

    it('400 with the message for a bad name or query (nothing saved); 409 for a second view of one name', async () => {
      const { firm } = await team();
      const cases: [unknown, string, string][] = [
        [{ name: '', query: '' }, 'name', VIEW_MESSAGES.nameRequired],
        [{ query: '' }, 'name', VIEW_MESSAGES.nameRequired],
        [{ name: 'x'.repeat(300), query: '' }, 'name', VIEW_MESSAGES.nameTooLong],
        [{ name: 'A', query: 'status=lost' }, 'query', VIEW_MESSAGES.badQuery],
        [{ name: 'A', query: 'limit=5' }, 'query', VIEW_MESSAGES.badQuery],
        [{ name: 'A', query: 'status=pending&status=declined' }, 'query', VIEW_MESSAGES.badQuery],
        [{ name: 'A' }, 'query', VIEW_MESSAGES.badQuery],
      ];
      for (const [body, field, message] of cases) {
        const res = await call(firm.cookie, 'POST', '/api/firm/views', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errors?.[field], JSON.stringify(body)).toBe(message);
      }
      const mine = await t()
        .db.select({ n: count() })
        .from(firmSavedViews)
        .where(eq(firmSavedViews.userId, firm.user.id));
      expect(mine[0].n).toBe(0);
      expect(
        (await call(firm.cookie, 'POST', '/api/firm/views', { name: 'Mine', query: 'new=true' })).statusCode,
      ).toBe(201);
      const again = await call(firm.cookie, 'POST', '/api/firm/views', { name: 'MINE', query: '' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(VIEW_MESSAGES.duplicate);
    });
  });

  describe('POST /api/firm/lpq-requests/bulk', () => {
    it('401; 403 for roles that may not (nothing changes); 400 for a bad body', async () => {
      const { firm, reviewer, conflicts, diversity } = await team();
      const id = await sendRequest(t().app, firm.cookie, uniqueEmail('a'));
      const body = { action: 'withdraw', ids: [id] };
      expect((await call(null, 'POST', '/api/firm/lpq-requests/bulk', body)).statusCode).toBe(401);
      for (const cookie of [reviewer.cookie, conflicts.cookie, diversity.cookie]) {
        const res = await call(cookie, 'POST', '/api/firm/lpq-requests/bulk', body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Forbidden' });
      }
      const tooMany = Array.from({ length: 101 }, () => id);
      const cases: [unknown, string, string][] = [
        [{ action: 'delete', ids: [id] }, 'action', BULK_MESSAGES.unknownAction],
        [{ action: 'resend', ids: [] }, 'ids', BULK_MESSAGES.noIds],
        [{ action: 'resend' }, 'ids', BULK_MESSAGES.noIds],
        [{ action: 'resend', ids: tooMany }, 'ids', BULK_MESSAGES.tooMany],
        [{ action: 'resend', ids: ['nope'] }, 'ids.0', BULK_MESSAGES.badId],
        [{ action: 'assign', ids: [id] }, 'reviewerId', BULK_MESSAGES.reviewerRequired],
      ];
      for (const [payload, field, message] of cases) {
        const res = await call(firm.cookie, 'POST', '/api/firm/lpq-requests/bulk', payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json().errors?.[field], field).toBe(message);
      }
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, id));
      expect(row.status).toBe('pending');
    });

    it('resends each pending one on its own: the once-a-day limit, answered and other firms’ requests refused with why', async () => {
      const { firm, recruiter } = await team();
      const attorney = await buildAttorney(t().app);
      await completeMasterLpqFor(t().app, attorney.cookie);
      const old = await sendRequest(t().app, firm.cookie, uniqueEmail('old'), { positionTitle: 'Old' });
      const fresh = await sendRequest(t().app, firm.cookie, uniqueEmail('fresh'), { positionTitle: 'Fresh' });
      const shared = await sendRequest(t().app, firm.cookie, attorney.user.email, {
        positionTitle: 'Shared',
      });
      expect(
        (await call(attorney.cookie, 'POST', `/api/attorney/lpq-requests/${shared}/share`)).statusCode,
      ).toBe(200);
      const other = await buildFirm(t().app);
      const theirs = await sendRequest(t().app, other.cookie, uniqueEmail('theirs'));
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 2 * DAY) })
        .where(inArray(lpqRequests.id, [old, theirs]));
      const reminders = async () =>
        (await t().db.select({ to: outbox.to }).from(outbox).where(eq(outbox.kind, 'lpq_reminder'))).map(
          (m) => m.to,
        );
      const before = await reminders();
      const res = await call(recruiter.cookie, 'POST', '/api/firm/lpq-requests/bulk', {
        action: 'resend',
        ids: [old, fresh, shared, theirs],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        done: [old],
        refused: [
          { id: fresh, message: PIPELINE_MESSAGES.resendTooSoon },
          { id: shared, message: PIPELINE_MESSAGES.resendOnlyPending },
          { id: theirs, message: BULK_MESSAGES.notFound },
        ],
      });
      const rows = await t()
        .db.select()
        .from(lpqRequests)
        .where(inArray(lpqRequests.id, [old, fresh, theirs]));
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(byId[old].lastResentAt).not.toBeNull();
      expect(byId[fresh].lastResentAt).toBeNull();
      expect(byId[theirs].lastResentAt).toBeNull();
      // One reminder mailed, to the one resent.
      const after = await reminders();
      expect(after).toHaveLength(before.length + 1);
      expect(after.filter((to) => !before.includes(to))).toEqual([byId[old].attorneyEmail]);
      // The same again: now the limit refuses the one that was resent.
      const again = await call(recruiter.cookie, 'POST', '/api/firm/lpq-requests/bulk', {
        action: 'resend',
        ids: [old],
      });
      expect(again.json()).toEqual({
        done: [],
        refused: [{ id: old, message: PIPELINE_MESSAGES.resendTooSoon }],
      });
    });

    it('withdraws the pending ones and assigns a reviewer, keeping those assigned; a non-reviewer is a 400', async () => {
      const { firm, recruiter, reviewer, conflicts } = await team();
      const a = await sendRequest(t().app, firm.cookie, uniqueEmail('a'), { positionTitle: 'A' });
      const b = await sendRequest(t().app, firm.cookie, uniqueEmail('b'), { positionTitle: 'B' });
      const withdrawn = await call(recruiter.cookie, 'POST', '/api/firm/lpq-requests/bulk', {
        action: 'withdraw',
        ids: [a, a.toUpperCase()],
      });
      expect(withdrawn.json()).toEqual({ done: [a], refused: [] });
      const twice = await call(recruiter.cookie, 'POST', '/api/firm/lpq-requests/bulk', {
        action: 'withdraw',
        ids: [a, b],
      });
      expect(twice.json()).toEqual({
        done: [b],
        refused: [{ id: a, message: PIPELINE_MESSAGES.withdrawOnlyPending }],
      });

      const c = await sendRequest(t().app, firm.cookie, uniqueEmail('c'), { positionTitle: 'C' });
      const second = await addFirmMember(t().app, firm.firmId, ['reviewer']);
      expect(
        (
          await call(firm.cookie, 'PUT', `/api/firm/lpq-requests/${c}/reviewers`, {
            userIds: [second.user.id],
          })
        ).statusCode,
      ).toBe(200);
      const notReviewer = await call(firm.cookie, 'POST', '/api/firm/lpq-requests/bulk', {
        action: 'assign',
        ids: [c],
        reviewerId: conflicts.user.id,
      });
      expect(notReviewer.statusCode).toBe(400);
      expect(notReviewer.json().errors.reviewerId).toBe(TEAM_MESSAGES.notAssignable);
      const assigned = await call(firm.cookie, 'POST', '/api/firm/lpq-requests/bulk', {
        action: 'assign',
        ids: [c, b],
        reviewerId: reviewer.user.id,
      });
      // B was withdrawn: its access has ended, so there is no one to assign (issue 67 item 16, as the PUT).
      expect(assigned.json()).toEqual({
        done: [c],
        refused: [{ id: b, message: TEAM_MESSAGES.accessEnded }],
      });
      const onC = await t().db.select().from(requestReviewers).where(eq(requestReviewers.requestId, c));
      expect(onC.map((r) => r.userId).sort()).toEqual([reviewer.user.id, second.user.id].sort());
      // The reviewer's list now holds C.
      const list = await call(reviewer.cookie, 'GET', '/api/firm/lpq-requests?reviewer=me');
      expect((list.json() as { id: string }[]).map((r) => r.id)).toEqual([c]);
    });
  });

  describe('GET /api/firm/dashboard-stats: the pipeline cards', () => {
    it('counts new, waiting on me and conflicts waiting, each the count of its filtered list', async () => {
      const { firm, reviewer, conflicts, diversity } = await team();
      const attorney = await buildAttorney(t().app);
      await completeMasterLpqFor(t().app, attorney.cookie);
      // PRODUCT.md §13: the conflicts form's parties are the rows the conflicts department answers.
      expect(
        (await call(attorney.cookie, 'PUT', '/api/attorney/conflicts-form', conflictsForm())).statusCode,
      ).toBe(200);
      const one = await sendRequest(t().app, firm.cookie, attorney.user.email, { positionTitle: 'One' });
      const two = await sendRequest(t().app, firm.cookie, attorney.user.email, { positionTitle: 'Two' });
      await sendRequest(t().app, firm.cookie, uniqueEmail('p'), { positionTitle: 'Pending' });
      for (const id of [one, two])
        expect(
          (await call(attorney.cookie, 'POST', `/api/attorney/lpq-requests/${id}/share`)).statusCode,
        ).toBe(200);
      for (const id of [one, two])
        await call(firm.cookie, 'PUT', `/api/firm/lpq-requests/${id}/reviewers`, {
          userIds: [reviewer.user.id],
        });
      // The reviewer marks one Under Review: it no longer waits on them; and opening it clears its New.
      expect(
        (await call(reviewer.cookie, 'POST', `/api/firm/lpq-requests/${two}/status`, { status: 'reviewed' }))
          .statusCode,
      ).toBe(200);
      expect((await call(reviewer.cookie, 'GET', `/api/firm/lpq-requests/${two}`)).statusCode).toBe(200);
      // The conflicts department clears every row of one: only the other waits.
      const view = await call(firm.cookie, 'GET', `/api/firm/lpq-requests/${one}/conflicts`);
      expect(view.statusCode, view.body).toBe(200);
      for (const { rowId } of (view.json() as { rows: { rowId: string }[] }).rows) {
        const answer = await call(
          firm.cookie,
          'PUT',
          `/api/firm/lpq-requests/${one}/conflicts/rows/${rowId}`,
          {
            status: 'cleared',
          },
        );
        expect(answer.statusCode, answer.body).toBe(200);
      }

      const stats = async (cookie: string) => (await call(cookie, 'GET', '/api/firm/dashboard-stats')).json();
      expect(await stats(reviewer.cookie)).toMatchObject({
        newSinceLastVisit: 1,
        waitingOnMe: 1,
        conflictsWaiting: 0,
      });
      // The registrant holds every role but diversity: nothing is assigned to them.
      expect(await stats(firm.cookie)).toMatchObject({
        newSinceLastVisit: 1,
        waitingOnMe: 0,
        conflictsWaiting: 1,
      });
      expect(await stats(conflicts.cookie)).toMatchObject({ conflictsWaiting: 1, waitingOnMe: 0 });
      const total = async (cookie: string, qs: string) =>
        Number((await call(cookie, 'GET', `/api/firm/lpq-requests?${qs}`)).headers['x-total-count']);
      expect(await total(firm.cookie, 'new=true')).toBe(1);
      expect(await total(conflicts.cookie, 'conflicts=pending')).toBe(1);
      expect((await call(diversity.cookie, 'GET', '/api/firm/dashboard-stats')).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/firm/dashboard-stats')).statusCode).toBe(401);
    });
  });
});
