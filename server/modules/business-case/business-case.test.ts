import { ASSUMPTION_MESSAGES } from '@shared/business-case';
import { ledgerFinancialInfo, ledgerTopClients } from '@shared/business-case/business-case.fixtures';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { businessCaseAssumptions } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb, type TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { newRequest } from '../requests/firm-requests.test-support';
import { buildSharedPackage } from '../requests/requests.factories';
import { addFirmMember } from '../team/team.factories';

/**
 * PRODUCT.md §12 'The firm's workbench' over HTTP: the case, the assumptions, the firm's defaults and the
 * workbook, for every role (§9), with the formulas worked by hand for two assumption sets on the fixtures'
 * ledger (four clients claimed at 500k, 300k, 200k and 100k = 1,100,000; ask 600,000; two likely team members).
 */
describeEachDb('business case', (t: () => TestApp) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  let firm: Awaited<ReturnType<typeof buildFirm>>;
  let attorney: Awaited<ReturnType<typeof buildAttorney>>;
  let requestId: string;
  const caseUrl = () => `/api/firm/lpq-requests/${requestId}/business-case`;

  beforeEach(async () => {
    firm = await buildFirm(t().app);
    attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const created = await inject({
      method: 'POST',
      url: '/api/firm/lpq-requests',
      headers: { cookie: firm.cookie },
      payload: newRequest({ attorneyEmail: attorney.user.email }),
    });
    requestId = created.json().id;
    await buildSharedPackage(t().db, {
      requestId,
      attorneyUserId: attorney.user.id,
      masterLpq: { financialInfo: ledgerFinancialInfo(), clientsInfo: { topClients: ledgerTopClients() } },
    });
  });

  const member = (roles: Parameters<typeof addFirmMember>[2], firstName = 'Robin') =>
    addFirmMember(t().app, firm.firmId, roles, { firstName, lastName: 'Lee' });

  it('answers the case on the default assumptions, worked by hand, and records a named read', async () => {
    const recruiter = await member(['recruiter']);
    const res = await inject({ url: caseUrl(), headers: { cookie: recruiter.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toBe(1);
    expect(body.firstLook.claimedBook).toBe(1_100_000);
    // A = 1,100,000 × 0.7; R = 770,000 × 0.9 = 693,000; K = 600,000; F = 150,000.
    expect(body.firstLook.adjustedBook).toBeCloseTo(770_000, 6);
    expect(body.firstLook.compToBookAdjusted).toBeCloseTo(600_000 / 770_000, 9);
    expect(body.contribution.year1).toBeCloseTo(-57_000, 6);
    expect(body.contribution.year2).toBeCloseTo(93_000, 6);
    // −300,000 after three months, then +7,750 a month: −44,250 at month 36, no breakeven.
    expect(body.breakevenMonth).toBeNull();
    expect(body.monthly).toHaveLength(36);
    expect(body.monthly[35].cumulative).toBeCloseTo(-44_250, 6);
    expect(body.clients.map((c: { adjusted: number }) => Math.round(c.adjusted))).toEqual([
      350_000, 210_000, 140_000, 70_000,
    ]);

    const log = await inject({ url: '/api/attorney/access-log', headers: { cookie: attorney.cookie } });
    expect(log.statusCode).toBe(200);
    const entry = log
      .json()
      .flatMap((e: { reads: { what: string }[]; firmUserName: string }) =>
        e.reads.map((r) => ({ ...r, who: e.firmUserName })),
      )
      .find((r: { what: string }) => r.what === 'Business case');
    expect(entry).toMatchObject({ action: 'viewed', who: 'Robin Lee' });
    // The attorney never sees the firm's figures: nothing of the case is in what they read.
    expect(log.body).not.toContain('770000');
  });

  it('replaces the assumptions, recomputes (worked by hand), keeps them per request and audits the change', async () => {
    const reviewer = await member(['reviewer'], 'Avery');
    await inject({
      method: 'PUT',
      url: `/api/firm/lpq-requests/${requestId}/reviewers`,
      headers: { cookie: firm.cookie },
      payload: { userIds: [reviewer.user.id] },
    });
    const assumptions = {
      haircut: 0.2,
      clientHaircuts: { '0': 0.5 },
      rateChange: 0.1,
      realizationAtFirm: 1,
      teamCost: 50_000,
      overheadPerLawyer: 10_000,
      recruiterFeePct: 0.2,
      collectionLagMonths: 2,
    };
    const put = await inject({
      method: 'PUT',
      url: `${caseUrl()}/assumptions`,
      headers: { cookie: reviewer.cookie },
      payload: assumptions,
    });
    expect(put.statusCode).toBe(200);
    const c = put.json();
    // A = 250,000 + 240,000 + 160,000 + 80,000 = 730,000; R = 730,000 × 1.1 = 803,000;
    // K = 600,000 + 50,000 + 10,000 × 3 = 680,000; F = 120,000.
    expect(c.firstLook.adjustedBook).toBeCloseTo(730_000, 6);
    expect(c.contribution.year1).toBeCloseTo(3_000, 6);
    expect(c.contribution.year2).toBeCloseTo(123_000, 6);
    // −233,333.33 after two months, then +10,250 a month: ≥ 0 first at month 25.
    expect(c.breakevenMonth).toBe(25);
    expect(c.clients[0]).toMatchObject({ haircut: 0.5, adjusted: 250_000 });
    expect(c.assumptions.realizationBasis).toBe('collected_over_billed');

    const again = await inject({ url: caseUrl(), headers: { cookie: firm.cookie } });
    expect(again.json().breakevenMonth).toBe(25);

    // The body replaces: a haircut left out takes the default, client haircuts left out are none.
    const replaced = await inject({
      method: 'PUT',
      url: `${caseUrl()}/assumptions`,
      headers: { cookie: firm.cookie },
      payload: { realizationAtFirm: 0.95 },
    });
    expect(replaced.json().assumptions).toMatchObject({ haircut: 0.3, clientHaircuts: {}, teamCost: 0 });

    const audit = await inject({ url: '/api/firm/audit', headers: { cookie: firm.cookie } });
    const changes = audit
      .json()
      .filter((e: { action: string }) => e.action === 'business_case_assumptions_changed');
    expect(changes).toHaveLength(2);
  });

  it('refuses bad assumptions with the message, changing nothing', async () => {
    for (const [payload, message] of [
      [{ haircut: 1.5 }, ASSUMPTION_MESSAGES.fraction],
      [{ clientHaircuts: { '0': -0.1 } }, ASSUMPTION_MESSAGES.fraction],
      [{ clientHaircuts: { '9': 0.2 } }, ASSUMPTION_MESSAGES.clientIndex],
      [{ collectionLagMonths: 2.5 }, ASSUMPTION_MESSAGES.collectionLagMonths],
      [{ realizationBasis: 'vibes' }, ASSUMPTION_MESSAGES.realizationBasis],
    ] as const) {
      const res = await inject({
        method: 'PUT',
        url: `${caseUrl()}/assumptions`,
        headers: { cookie: firm.cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const stored = await t().db.select().from(businessCaseAssumptions);
    expect(stored.filter((r) => r.requestId === requestId)).toHaveLength(0);
  });

  it('is for admins, recruiters and assigned reviewers only', async () => {
    const conflicts = await member(['conflicts']);
    const diversity = await member(['diversity']);
    const reviewer = await member(['reviewer']);
    const other = await buildFirm(t().app);
    const get = (cookie?: string, path = caseUrl()) =>
      inject({ url: path, headers: cookie ? { cookie } : {} }).then((r) => r.statusCode);
    for (const path of [caseUrl(), `${caseUrl()}.xlsx`]) {
      expect(await get(undefined, path)).toBe(401);
      expect(await get(attorney.cookie, path)).toBe(403);
      expect(await get(conflicts.cookie, path)).toBe(403);
      expect(await get(diversity.cookie, path)).toBe(403);
      expect(await get(other.cookie, path)).toBe(404);
      expect(await get(reviewer.cookie, path)).toBe(404);
    }
    // Assigned, the reviewer reads; unassigned after reading, it is a 404 again.
    const assign = (userIds: string[]) =>
      inject({
        method: 'PUT',
        url: `/api/firm/lpq-requests/${requestId}/reviewers`,
        headers: { cookie: firm.cookie },
        payload: { userIds },
      });
    await assign([reviewer.user.id]);
    expect(await get(reviewer.cookie)).toBe(200);
    await assign([]);
    expect(await get(reviewer.cookie)).toBe(404);
    const put = await inject({
      method: 'PUT',
      url: `${caseUrl()}/assumptions`,
      headers: { cookie: reviewer.cookie },
      payload: { haircut: 0.5 },
    });
    expect(put.statusCode).toBe(404);
    expect(await get(firm.cookie, '/api/firm/lpq-requests/not-a-uuid/business-case')).toBe(404);
    expect(await get(firm.cookie, `${caseUrl()}?version=2`)).toBe(404);
  });

  it("keeps the firm's defaults (admins), which requests without their own take", async () => {
    const recruiter = await member(['recruiter']);
    expect(
      (await inject({ url: '/api/firm/settings/business-case', headers: { cookie: recruiter.cookie } }))
        .statusCode,
    ).toBe(403);
    const put = await inject({
      method: 'PUT',
      url: '/api/firm/settings/business-case',
      headers: { cookie: firm.cookie },
      payload: { haircut: 0.4 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ haircut: 0.4, realizationAtFirm: 0.9, clientHaircuts: {} });
    const bad = await inject({
      method: 'PUT',
      url: '/api/firm/settings/business-case',
      headers: { cookie: firm.cookie },
      payload: { haircut: 2 },
    });
    expect(bad.statusCode).toBe(400);
    const got = await inject({ url: '/api/firm/settings/business-case', headers: { cookie: firm.cookie } });
    expect(got.json().haircut).toBe(0.4);
    const kase = await inject({ url: caseUrl(), headers: { cookie: recruiter.cookie } });
    expect(kase.json().firstLook.adjustedBook).toBeCloseTo(660_000, 6);
    const audit = await inject({ url: '/api/firm/audit', headers: { cookie: firm.cookie } });
    expect(
      audit.json().filter((e: { action: string }) => e.action === 'business_case_defaults_changed'),
    ).toHaveLength(1);
  });

  describe('workbook', () => {
    it('has Inputs, Assumptions and Results, the Results formulas with the screen’s values cached', async () => {
      const res = await inject({ url: `${caseUrl()}.xlsx`, headers: { cookie: firm.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Inputs', 'Assumptions', 'Results']);
      const results = wb.getWorksheet('Results')!;
      const adjusted = results.getCell('B3').value as { formula: string; result: number };
      expect(adjusted.formula).toContain('SUM');
      expect(adjusted.result).toBeCloseTo(770_000, 6);
      expect((results.getCell('B9').value as { result: number }).result).toBeCloseTo(-57_000, 6);
      expect(wb.getWorksheet('Assumptions')!.getCell('B2').numFmt).toBe('0.0%');
      const log = await inject({ url: '/api/attorney/access-log', headers: { cookie: attorney.cookie } });
      expect(log.body).toContain('Business case workbook (XLSX)');
    });
  });
});
