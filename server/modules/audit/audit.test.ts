import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing.test-support';

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

    const events = (await log(attorney.cookie)).json();
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['pdf_download', 'package_view']);
    expect(events[0]).toMatchObject({
      requestId,
      firmName: 'Arden & Vale',
      positionTitle: 'Corporate Partner',
      createdAt: expect.any(String),
    });

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

describeEachDb('a read that cannot be recorded', (t) => {
  it('is not served: the package leaves only once its access event is stored', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    await t().app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
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
    const firm = await buildFirm(t().app, { firmName: 'Arden & Vale' });
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    await t().app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
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
    expect(titles[0]).toBe('Arden & Vale: viewed your shared package');
    expect(titles).toContain('Shared your LPQ with Arden & Vale for Corporate Partner');
  });
});
