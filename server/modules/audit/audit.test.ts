import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { accessEvents } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import {
  completeMasterLpqFor,
  sendRequest,
  sharedRequestFor,
} from '../requests/sharing/sharing.test-support';

describeEachDb('access log', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  it('records every firm read of a shared package and shows it only to its attorney', async () => {
    const firm = await buildFirm(t().app, { firmName: 'Arden & Vale' });
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const log = (cookie: string) =>
      inject({ method: 'GET', url: '/api/attorney/access-log', headers: { cookie } });

    expect((await log(attorney.cookie)).json()).toEqual([]);
    // Before sharing there is nothing to read: no event.
    await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    expect((await log(attorney.cookie)).json()).toEqual([]);

    await inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
    await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    const pdf = await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}/package.pdf`,
      headers: { cookie: firm.cookie },
    });
    expect(pdf.statusCode).toBe(200);

    // One firm user, one request, within 30 minutes: one entry, named by the export, with a count.
    const entries = (await log(attorney.cookie)).json();
    expect(entries).toEqual([
      {
        at: expect.any(String),
        firstAt: expect.any(String),
        firmName: 'Arden & Vale',
        firmUserName: `${firm.user.firstName} ${firm.user.lastName}`,
        readerId: firm.user.id,
        // The registrant holds every role but diversity (migration 0014 / registration).
        readerRoles: ['admin', 'recruiter', 'reviewer', 'conflicts'],
        action: 'exported',
        what: 'Shared package, Package PDF',
        count: 2,
        reads: [
          { action: 'viewed', what: 'Shared package', count: 1 },
          { action: 'exported', what: 'Package PDF', count: 1 },
        ],
        requestId,
        positionTitle: 'Corporate Partner',
      },
    ]);
    expect(Date.parse(entries[0].at)).toBeGreaterThanOrEqual(Date.parse(entries[0].firstAt));

    const other = await buildAttorney(t().app);
    expect((await log(other.cookie)).json()).toEqual([]);
  });

  it('401 signed out, 403 for a firm user', async () => {
    const firm = await buildFirm(t().app);
    expect((await inject({ method: 'GET', url: '/api/attorney/access-log' })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/attorney/access-log', headers: { cookie: firm.cookie } }))
        .statusCode,
    ).toBe(403);
  });
});

describeEachDb('access log entries', (t) => {
  it("groups one firm user's reads of one request within 30 minutes, newest first, filterable", async () => {
    const firm = await buildFirm(t().app, { firmName: 'Arden & Vale' });
    const other = await buildFirm(t().app, { firmName: 'Baxter Lowe' });
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const share = async (cookie: string) => {
      const id = await sendRequest(t().app, cookie, attorney.user.email);
      const res = await t().app.inject({
        method: 'POST',
        url: `/api/attorney/lpq-requests/${id}/share`,
        headers: { cookie: attorney.cookie },
      });
      expect(res.statusCode).toBe(200);
      return id;
    };
    const first = await share(firm.cookie);
    const second = await share(other.cookie);
    const firmIds: Record<string, string> = { [firm.user.id]: firm.firmId, [other.user.id]: other.firmId };
    // One clock reading: two readings a millisecond apart would put the events a millisecond off.
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const event = (
      requestId: string,
      firmUserId: string,
      firmName: string,
      kind: 'package_view' | 'pdf_download',
      minutesAgo: number,
    ) => ({
      requestId,
      attorneyUserId: attorney.user.id,
      firmUserId,
      firmId: firmIds[firmUserId],
      firmName,
      kind,
      createdAt: at(minutesAgo),
    });
    await t()
      .db.insert(accessEvents)
      .values([
        // Arden & Vale: 200, 180, 160 minutes ago (each within 30 of the last): one entry of 3.
        event(first, firm.user.id, 'Arden & Vale', 'package_view', 200),
        event(first, firm.user.id, 'Arden & Vale', 'package_view', 180),
        event(first, firm.user.id, 'Arden & Vale', 'package_view', 160),
        // 100 minutes ago: more than 30 after the last, a new entry.
        event(first, firm.user.id, 'Arden & Vale', 'pdf_download', 100),
        // Baxter Lowe, 50 minutes ago.
        event(second, other.user.id, 'Baxter Lowe', 'package_view', 50),
      ]);
    const log = async (query = '') =>
      (
        await t().app.inject({
          method: 'GET',
          url: `/api/attorney/access-log${query}`,
          headers: { cookie: attorney.cookie },
        })
      ).json();
    const all = await log();
    expect(
      all.map((e: { firmName: string; count: number; action: string }) => [e.firmName, e.count, e.action]),
    ).toEqual([
      ['Baxter Lowe', 1, 'viewed'],
      ['Arden & Vale', 1, 'exported'],
      ['Arden & Vale', 3, 'viewed'],
    ]);
    expect(Date.parse(all[2].at) - Date.parse(all[2].firstAt)).toBe(40 * 60_000);
    expect((await log('?firm=Baxter%20Lowe')).map((e: { requestId: string }) => e.requestId)).toEqual([
      second,
    ]);
    expect(await log(`?requestId=${first}`)).toHaveLength(2);
    const bad = await t().app.inject({
      method: 'GET',
      url: '/api/attorney/access-log?requestId=nope',
      headers: { cookie: attorney.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describeEachDb('a read that cannot be recorded', (t) => {
  it('is not served: the package leaves only once its access event is stored', async () => {
    const { firm, requestId } = await sharedRequestFor(t().app);
    const read = (url: string) => t().app.inject({ method: 'GET', url, headers: { cookie: firm.cookie } });

    // The access log refuses every write, as a full disk or a lost connection would.
    await t().db.execute(sql`create function refuse_access_event() returns trigger language plpgsql as $$
      begin raise exception 'access log unavailable'; end $$`);
    await t().db.execute(
      sql`create trigger refuse_access_event before insert on access_events for each row execute function refuse_access_event()`,
    );
    try {
      for (const url of [
        `/api/firm/lpq-requests/${requestId}`,
        `/api/firm/lpq-requests/${requestId}/package.pdf`,
      ]) {
        const res = await read(url);
        expect(res.statusCode).toBe(500);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toEqual({ message: expect.any(String) });
        expect(res.body).not.toContain('masterLpq');
      }
    } finally {
      await t().db.execute(sql`drop trigger refuse_access_event on access_events`);
    }
    const served = await read(`/api/firm/lpq-requests/${requestId}`);
    expect(served.statusCode).toBe(200);
    expect(served.json().package).not.toBeNull();
  });
});

describeEachDb('recent activity', (t) => {
  it("shows the firms' reads of a shared package beside the attorney's own events", async () => {
    const { firm, attorney, requestId } = await sharedRequestFor(t().app, {
      firm: { firmName: 'Arden & Vale' },
    });
    await t().app.inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    const res = await t().app.inject({
      method: 'GET',
      url: '/api/attorney/activity',
      headers: { cookie: attorney.cookie },
    });
    const titles = res.json().map((a: { title: string }) => a.title);
    expect(titles[0]).toBe(
      `Arden & Vale (${firm.user.firstName} ${firm.user.lastName}, Admin, Recruiter, Reviewer, Conflicts): viewed Shared package`,
    );
    expect(titles).toContain('Shared your LPQ with Arden & Vale for Corporate Partner');
  });
});
