import { PIPELINE_MESSAGES } from '@shared/firm-pipeline';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lpqRequests, outbox } from '../../../db/schema';
import { buildAttorney, uniqueEmail } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../sharing/sharing.test-support';

describeEachDb('the firm pipeline', (t, kind) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const get = (cookie: string, url: string) => inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload?: unknown) =>
    inject({ method: 'POST', url, headers: { cookie }, payload: payload as InjectOptions['payload'] });

  /** A firm with five requests: one shared by a named attorney, one declined, three pending. */
  async function pipeline() {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app, { firstName: 'Imogen', lastName: 'Thackeray' });
    await completeMasterLpqFor(t().app, attorney.cookie);
    const shared = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Energy Partner',
      dueDate: '2099-03-01',
    });
    expect((await post(attorney.cookie, `/api/attorney/lpq-requests/${shared}/share`)).statusCode).toBe(200);
    const declined = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Tax Partner',
    });
    expect(
      (await post(attorney.cookie, `/api/attorney/lpq-requests/${declined}/decline`, {})).statusCode,
    ).toBe(200);
    const pending = [];
    for (const [i, title] of ['Antitrust Counsel', 'Banking Partner', 'Corporate Partner'].entries()) {
      pending.push(
        await sendRequest(t().app, firm.cookie, uniqueEmail(`pending${i}`), {
          positionTitle: title,
          dueDate: `2099-0${i + 4}-01`,
        }),
      );
    }
    return { firm, attorney, shared, declined, pending };
  }

  describe('GET /api/firm/lpq-requests', () => {
    it('filters by status, searches, and shows a name only once shared', async () => {
      const { firm, shared, declined, pending } = await pipeline();
      const list = async (qs: string) =>
        (await get(firm.cookie, `/api/firm/lpq-requests${qs}`)).json() as {
          id: string;
          attorneyName: string | null;
        }[];
      expect((await list('?status=pending')).map((r) => r.id).sort()).toEqual([...pending].sort());
      expect((await list('?status=declined')).map((r) => r.id)).toEqual([declined]);
      const byName = await list('?q=thackeray');
      expect(byName.map((r) => r.id)).toEqual([shared]);
      expect(byName[0].attorneyName).toBe('Imogen Thackeray');
      // The declined request went to the same attorney, but no name and no match by name before sharing.
      expect((await list('?q=tax')).map((r) => r.attorneyName)).toEqual([null]);
      expect((await list('?q=BANKING')).map((r) => r.id)).toEqual([pending[1]]);
      // LIKE's wildcards are searched for as text.
      expect(await list('?q=%25')).toEqual([]);
    });

    it('sorts by sent, due, shared and position, both ways, nulls last', async () => {
      const { firm, shared, declined, pending } = await pipeline();
      const ids = async (sort: string) =>
        (
          (await get(firm.cookie, `/api/firm/lpq-requests?sort=${encodeURIComponent(sort)}`)).json() as {
            id: string;
          }[]
        ).map((r) => r.id);
      const sentOrder = [shared, declined, ...pending];
      expect(await ids('sent')).toEqual(sentOrder);
      expect(await ids('-sent')).toEqual([...sentOrder].reverse());
      expect(await ids('due')).toEqual([shared, ...pending, declined]);
      expect(await ids('-due')).toEqual([...pending].reverse().concat(shared, declined));
      expect((await ids('-shared'))[0]).toBe(shared);
      expect((await ids('shared'))[0]).toBe(shared);
      expect(await ids('position')).toEqual([pending[0], pending[1], pending[2], shared, declined]);
      expect(await ids('-position')).toEqual([declined, shared, pending[2], pending[1], pending[0]]);
    });

    it('pages with a cursor in the Link header: every row once, in order', async () => {
      const { firm } = await pipeline();
      for (const sort of ['-sent', 'due', 'position', '-shared']) {
        const all = (
          (await get(firm.cookie, `/api/firm/lpq-requests?sort=${encodeURIComponent(sort)}`)).json() as {
            id: string;
          }[]
        ).map((r) => r.id);
        const seen: string[] = [];
        let next: string | undefined = `/api/firm/lpq-requests?sort=${encodeURIComponent(sort)}&limit=2`;
        let pages = 0;
        while (next) {
          const res = await get(firm.cookie, next);
          expect(res.statusCode).toBe(200);
          seen.push(...(res.json() as { id: string }[]).map((r) => r.id));
          const link = res.headers.link as string | undefined;
          next = link?.match(/^<([^>]+)>; rel="next"$/)?.[1];
          pages++;
        }
        expect(pages, sort).toBe(3);
        expect(seen, sort).toEqual(all);
      }
    });

    it('answers 400 with a message for a bad sort, status, limit or cursor, and never shows another firm’s rows', async () => {
      const { firm } = await pipeline();
      const cases: [string, string, string][] = [
        ['?sort=attorney', 'sort', PIPELINE_MESSAGES.unknownSort],
        ['?status=lost', 'status', PIPELINE_MESSAGES.unknownStatus],
        ['?limit=201', 'limit', PIPELINE_MESSAGES.badLimit],
        ['?limit=0', 'limit', PIPELINE_MESSAGES.badLimit],
        ['?cursor=not-a-cursor', 'cursor', PIPELINE_MESSAGES.badCursor],
        [
          `?cursor=${Buffer.from(JSON.stringify(['not a date', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
          'cursor',
          PIPELINE_MESSAGES.badCursor,
        ],
      ];
      for (const [qs, field, message] of cases) {
        const res = await get(firm.cookie, `/api/firm/lpq-requests${qs}`);
        expect(res.statusCode, qs).toBe(400);
        expect(res.json().errors?.[field] ?? res.json().message, qs).toBe(message);
      }
      const other = await buildFirm(t().app);
      expect((await get(other.cookie, '/api/firm/lpq-requests')).json()).toEqual([]);
    });
  });

  describe('GET /api/firm/lpq-requests.csv', () => {
    it('exports every row of the filter as CSV with labels and dates, formulas neutralised', async () => {
      const { firm, pending } = await pipeline();
      await sendRequest(t().app, firm.cookie, uniqueEmail('formula'), { positionTitle: '=HYPERLINK("x")' });
      const res = await get(firm.cookie, '/api/firm/lpq-requests.csv?sort=sent');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="lpq-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe('Attorney Email,Attorney Name,Position,Practice Area,Status,Sent,Due,Shared');
      expect(lines).toHaveLength(7);
      expect(lines[1]).toMatch(
        /,Imogen Thackeray,Energy Partner,Corporate,Accepted,"[A-Z][a-z]{2} \d{2}, \d{4}","Mar 01, 2099","[A-Z][a-z]{2} \d{2}, \d{4}"$/,
      );
      expect(lines[6]).toContain(`"'=HYPERLINK(""x"")"`);
      const pendingOnly = await get(firm.cookie, '/api/firm/lpq-requests.csv?status=pending');
      expect(pendingOnly.body.trim().split('\r\n')).toHaveLength(1 + pending.length + 1);
    });
  });

  describe('withdraw and resend', () => {
    it('withdraws a pending invitation once; the attorney can no longer share it; answered ones are 409', async () => {
      const { firm, attorney, shared } = await pipeline();
      const mine = await sendRequest(t().app, firm.cookie, attorney.user.email, {
        positionTitle: 'IP Partner',
      });
      const res = await post(firm.cookie, `/api/firm/lpq-requests/${mine}/withdraw`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'withdrawn', attorneyName: null });
      expect(res.json().timeline.map((e: { event: string }) => e.event)).toEqual(['sent', 'withdrawn']);
      const again = await post(firm.cookie, `/api/firm/lpq-requests/${mine}/withdraw`);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(PIPELINE_MESSAGES.withdrawOnlyPending);
      expect((await post(attorney.cookie, `/api/attorney/lpq-requests/${mine}/share`)).statusCode).toBe(409);
      expect((await post(firm.cookie, `/api/firm/lpq-requests/${shared}/withdraw`)).statusCode).toBe(409);
      const other = await buildFirm(t().app);
      expect((await post(other.cookie, `/api/firm/lpq-requests/${mine}/withdraw`)).statusCode).toBe(404);
      expect((await post(firm.cookie, '/api/firm/lpq-requests/not-an-id/withdraw')).statusCode).toBe(404);
      // A new invitation for the same position can be sent once the old one is withdrawn.
      await sendRequest(t().app, firm.cookie, attorney.user.email, { positionTitle: 'IP Partner' });
    });

    it('resends a pending invitation once a day (429 sooner) and mails the attorney again', async () => {
      const { firm, pending, shared } = await pipeline();
      const id = pending[0];
      const soon = await post(firm.cookie, `/api/firm/lpq-requests/${id}/resend`);
      expect(soon.statusCode).toBe(429);
      expect(soon.json().message).toBe(PIPELINE_MESSAGES.resendTooSoon);
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: sql`now() - interval '25 hours'` })
        .where(eq(lpqRequests.id, id));
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, id));
      const res = await post(firm.cookie, `/api/firm/lpq-requests/${id}/resend`);
      expect(res.statusCode).toBe(200);
      expect(res.json().timeline.map((e: { event: string }) => e.event)).toEqual(['sent', 'resent']);
      const mails = await t()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.to, row.attorneyEmail), eq(outbox.kind, 'lpq_reminder')));
      expect(mails).toHaveLength(1);
      expect((await post(firm.cookie, `/api/firm/lpq-requests/${id}/resend`)).statusCode).toBe(429);
      const answered = await post(firm.cookie, `/api/firm/lpq-requests/${shared}/resend`);
      expect(answered.statusCode).toBe(409);
      expect(answered.json().message).toBe(PIPELINE_MESSAGES.resendOnlyPending);
    });
  });

  describe('notes and timeline', () => {
    it('keeps firm-only notes with author and time; refuses an empty one', async () => {
      const { firm, attorney, shared } = await pipeline();
      const url = `/api/firm/lpq-requests/${shared}/notes`;
      expect((await get(firm.cookie, url)).json()).toEqual([]);
      const empty = await post(firm.cookie, url, { body: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors.body).toBe(PIPELINE_MESSAGES.noteRequired);
      const added = await post(firm.cookie, url, { body: 'Strong energy book.\nAsk about Houston.' });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        body: 'Strong energy book.\nAsk about Houston.',
        authorName: 'Morgan Lee Cole',
      });
      expect(Date.parse(added.json().createdAt)).not.toBeNaN();
      await post(firm.cookie, url, { body: 'Second read: yes.' });
      expect((await get(firm.cookie, url)).json().map((n: { body: string }) => n.body)).toEqual([
        'Strong energy book.\nAsk about Houston.',
        'Second read: yes.',
      ]);
      expect((await get(attorney.cookie, url)).statusCode).toBe(403);
      const other = await buildFirm(t().app);
      expect((await get(other.cookie, url)).statusCode).toBe(404);
      expect((await post(other.cookie, url, { body: 'x' })).statusCode).toBe(404);
    });

    it('shows the request’s timeline with dates, oldest first', async () => {
      const { firm, shared } = await pipeline();
      await post(firm.cookie, `/api/firm/lpq-requests/${shared}/status`, { status: 'reviewed' });
      const detail = (await get(firm.cookie, `/api/firm/lpq-requests/${shared}`)).json();
      expect(detail.timeline.map((e: { event: string }) => e.event)).toEqual(['sent', 'shared', 'reviewed']);
      for (const e of detail.timeline) expect(Date.parse(e.at)).not.toBeNaN();
      expect(detail.version).toBe(1);
    });
  });

  if (kind === 'postgres') {
    it('a withdraw racing a share: exactly one wins, the other gets 409', async () => {
      const { firm, attorney } = await pipeline();
      for (let round = 0; round < 5; round++) {
        const id = await sendRequest(t().app, firm.cookie, attorney.user.email, {
          positionTitle: `Race ${round}`,
        });
        const [withdraw, share] = await Promise.all([
          post(firm.cookie, `/api/firm/lpq-requests/${id}/withdraw`),
          post(attorney.cookie, `/api/attorney/lpq-requests/${id}/share`),
        ]);
        expect([withdraw.statusCode, share.statusCode].sort()).toEqual([200, 409]);
        const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, id));
        expect(row.status).toBe(withdraw.statusCode === 200 ? 'withdrawn' : 'accepted');
      }
    });
  }
});
