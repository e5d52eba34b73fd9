import { PAGE, PAGE_MESSAGES } from '@shared/paging';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lpqRequests, users } from '../../../db/schema';
import { buildAttorney } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../sharing/sharing.test-support';

type Item = { id: string; sentAt: string; status: string; firmName: string };

describeEachDb('attorney requests: pages and the summary', (t) => {
  const get = (cookie: string | undefined, url: string) =>
    t().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const nextOf = (link: unknown) => (link as string | undefined)?.match(/^<([^>]+)>; rel="next"$/)?.[1];

  /** An attorney with `count` requests from one firm, copies of one sent through the API, one second apart. */
  async function attorneyWithRequests(count: number) {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    const first = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const [template] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, first));
    const base = template.sentAt.getTime();
    const copies = Array.from({ length: count - 1 }, (_, i) => {
      const { id: _id, ...row } = template;
      return { ...row, positionTitle: `Partner ${i}`, sentAt: new Date(base - (i + 1) * 1000) };
    });
    // Two rows share a sent_at: the id breaks the tie, so neither is skipped or repeated between pages.
    if (copies.length > 2) copies[1].sentAt = copies[0].sentAt;
    if (copies.length) await t().db.insert(lpqRequests).values(copies);
    return { firm, attorney };
  }

  async function allPages(cookie: string, firstUrl: string) {
    const seen: Item[] = [];
    const sizes: number[] = [];
    let next: string | undefined = firstUrl;
    while (next) {
      const res = await get(cookie, next);
      expect(res.statusCode).toBe(200);
      const items = res.json() as Item[];
      seen.push(...items);
      sizes.push(items.length);
      next = nextOf(res.headers.link);
    }
    return { seen, sizes };
  }

  describe('GET /api/attorney/lpq-requests?limit=&cursor=', () => {
    it('answers 50 rows by default, newest first, the next page in the Link header, every row once', async () => {
      const { attorney } = await attorneyWithRequests(PAGE.defaultLimit + 3);
      const first = await get(attorney.cookie, '/api/attorney/lpq-requests');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toHaveLength(PAGE.defaultLimit);
      expect(nextOf(first.headers.link)).toMatch(/^\/api\/attorney\/lpq-requests\?limit=50&cursor=/);

      const { seen, sizes } = await allPages(attorney.cookie, '/api/attorney/lpq-requests');
      expect(sizes).toEqual([PAGE.defaultLimit, 3]);
      expect(new Set(seen.map((r) => r.id)).size).toBe(PAGE.defaultLimit + 3);
      const times = seen.map((r) => Date.parse(r.sentAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const small = await allPages(attorney.cookie, '/api/attorney/lpq-requests?limit=7');
      expect(small.sizes).toEqual([7, 7, 7, 7, 7, 7, 7, 4]);
      expect(small.seen.map((r) => r.id)).toEqual(seen.map((r) => r.id));
    });

    it('has no Link header on the last page, and an empty list for an attorney with no requests', async () => {
      const { attorney } = await attorneyWithRequests(2);
      const res = await get(attorney.cookie, '/api/attorney/lpq-requests?limit=2');
      expect(res.json()).toHaveLength(2);
      expect(res.headers.link).toBeUndefined();
      const other = await buildAttorney(t().app);
      const none = await get(other.cookie, '/api/attorney/lpq-requests');
      expect(none.json()).toEqual([]);
      expect(none.headers.link).toBeUndefined();
    });

    it('answers 400 with a message for a bad limit or cursor', async () => {
      const { attorney } = await attorneyWithRequests(3);
      const stale = (key: string) =>
        Buffer.from(JSON.stringify([key, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
      const cases: [string, string, string][] = [
        ['?limit=0', 'limit', PAGE_MESSAGES.badLimit],
        ['?limit=201', 'limit', PAGE_MESSAGES.badLimit],
        ['?limit=ten', 'limit', PAGE_MESSAGES.badLimit],
        ['?cursor=not-a-cursor', 'cursor', PAGE_MESSAGES.badCursor],
        [`?cursor=${stale('not a date')}`, 'cursor', PAGE_MESSAGES.badCursor],
        [`?cursor=${stale('2026-13-45 25:00:00+00')}`, 'cursor', PAGE_MESSAGES.badCursor],
      ];
      for (const [qs, field, message] of cases) {
        const res = await get(attorney.cookie, `/api/attorney/lpq-requests${qs}`);
        expect(res.statusCode, qs).toBe(400);
        expect(res.json().errors?.[field], qs).toBe(message);
      }
    });

    it('401 signed out (even with a bad query), 403 for a firm user', async () => {
      const { firm } = await attorneyWithRequests(1);
      expect((await get(undefined, '/api/attorney/lpq-requests')).statusCode).toBe(401);
      expect((await get(undefined, '/api/attorney/lpq-requests?limit=0')).statusCode).toBe(401);
      expect((await get(firm.cookie, '/api/attorney/lpq-requests?limit=5')).statusCode).toBe(403);
    });

    it('a stale session cookie is 401, and a firm user 403, before a bad query is looked at', async () => {
      const { firm } = await attorneyWithRequests(1);
      const badDate = Buffer.from(
        JSON.stringify(['not a date', '00000000-0000-4000-8000-000000000000']),
      ).toString('base64url');
      for (const qs of ['?limit=0', '?cursor=not-a-cursor', `?cursor=${badDate}`]) {
        const url = `/api/attorney/lpq-requests${qs}`;
        const stale = await get('lp_session=a-session-that-ended', url);
        expect(stale.statusCode, qs).toBe(401);
        expect(stale.json().errors, qs).toBeUndefined();
        expect((await get(firm.cookie, url)).statusCode, qs).toBe(403);
      }
    });
  });

  describe('GET /api/attorney/lpq-requests/summary', () => {
    it('counts every request, not one page: pending, shared, under review, firms', async () => {
      const { attorney, firm } = await attorneyWithRequests(PAGE.defaultLimit + 5);
      await completeMasterLpqFor(t().app, attorney.cookie);
      const [newest] = (await get(attorney.cookie, '/api/attorney/lpq-requests?limit=1')).json() as Item[];
      const shared = await t().app.inject({
        method: 'POST',
        url: `/api/attorney/lpq-requests/${newest.id}/share`,
        headers: { cookie: attorney.cookie },
      });
      expect(shared.statusCode).toBe(200);
      const reviewed = await t().app.inject({
        method: 'POST',
        url: `/api/firm/lpq-requests/${newest.id}/status`,
        headers: { cookie: firm.cookie },
        payload: { status: 'reviewed' },
      });
      expect(reviewed.statusCode).toBe(200);
      const other = await buildFirm(t().app, { firmName: 'Okafor Lindqvist LLP' });
      const declined = await sendRequest(t().app, other.cookie, attorney.user.email, {
        positionTitle: 'Tax Partner',
      });
      await sendRequest(t().app, other.cookie, attorney.user.email, { positionTitle: 'Other Partner' });
      const decline = await t().app.inject({
        method: 'POST',
        url: `/api/attorney/lpq-requests/${declined}/decline`,
        headers: { cookie: attorney.cookie },
      });
      expect(decline.statusCode).toBe(200);

      const res = await get(attorney.cookie, '/api/attorney/lpq-requests/summary');
      expect(res.statusCode).toBe(200);
      // 55 from the first firm (one shared, then reviewed), 2 from the second (one declined).
      expect(res.json()).toMatchObject({ pending: 55, shared: 0, underReview: 1, firms: 2 });

      // Another attorney's requests are not counted; an unverified address counts nothing.
      const stranger = await buildAttorney(t().app);
      expect((await get(stranger.cookie, '/api/attorney/lpq-requests/summary')).json()).toMatchObject({
        pending: 0,
        shared: 0,
        underReview: 0,
        firms: 0,
      });
      await t().db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, attorney.user.id));
      expect((await get(attorney.cookie, '/api/attorney/lpq-requests/summary')).json()).toMatchObject({
        pending: 0,
        shared: 0,
        underReview: 0,
        firms: 0,
      });
    });

    it('401 signed out, 403 for a firm user', async () => {
      const { firm } = await attorneyWithRequests(1);
      expect((await get(undefined, '/api/attorney/lpq-requests/summary')).statusCode).toBe(401);
      expect((await get(firm.cookie, '/api/attorney/lpq-requests/summary')).statusCode).toBe(403);
    });
  });
});
