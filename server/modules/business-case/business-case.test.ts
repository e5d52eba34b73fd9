import { writeFileSync } from 'node:fs';
import { ASSUMPTION_MESSAGES } from '@shared/business-case';
import { ledgerFinancialInfo, ledgerTopClients } from '@shared/business-case/business-case.fixtures';
import { BUSINESS_CASE_TEXT, CHART_TITLES } from '@shared/business-case/workbench-texts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessEvents, businessCaseAssumptions, firmAuditEvents, firms } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb, type TestApp } from '../../test/harness';
import { pdfText } from '../files/files.test-support';
import { buildFirm } from '../firm/firm.factories';
import { newRequest } from '../requests/firm/firm-requests.test-support';
import { buildSharedPackage } from '../requests/lifecycle/requests.factories';
import { addFirmMember } from '../team/team.factories';

/**
 * PRODUCT.md §12 'The firm's workbench' over HTTP: the case, the assumptions, the firm's defaults and the
 * workbook, for every role (§9), with the formulas worked by hand for two assumption sets on the fixtures'
 * ledger (shared/business-case/business-case.fixtures.ts): four clients claimed at 500k, 300k, 200k and 100k
 * (B = 1,100,000), last year collected 400k, 300k, 200k and 100k of 1,350,000 (billed 1,500,000; 1,800 hours at
 * an effective 800), collections 1,000,000 → 1,210,000 over two years, the ask 600,000, two likely team
 * members, receivables 115k (35k over 90) and 50k (10k over 90), the realization reported 95 %, and the last
 * client without evidence.
 */
describeEachDb('business case', (t: () => TestApp) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  let firm: Awaited<ReturnType<typeof buildFirm>>;
  let attorney: Awaited<ReturnType<typeof buildAttorney>>;
  let requestId: string;
  const caseUrl = (id = requestId) => `/api/firm/lpq-requests/${id}/business-case`;
  const settingsUrl = '/api/firm/settings/business-case';

  async function sharedRequest() {
    const created = await inject({
      method: 'POST',
      url: '/api/firm/lpq-requests',
      headers: { cookie: firm.cookie },
      payload: newRequest({ attorneyEmail: attorney.user.email }),
    });
    const id: string = created.json().id;
    await buildSharedPackage(t().db, {
      requestId: id,
      attorneyUserId: attorney.user.id,
      masterLpq: { financialInfo: ledgerFinancialInfo(), clientsInfo: { topClients: ledgerTopClients() } },
    });
    return id;
  }

  beforeEach(async () => {
    firm = await buildFirm(t().app);
    attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    requestId = await sharedRequest();
  });

  const member = (roles: Parameters<typeof addFirmMember>[2], firstName = 'Robin') =>
    addFirmMember(t().app, firm.firmId, roles, { firstName, lastName: 'Lee' });
  const get = (cookie: string | undefined, url: string) => inject({ url, headers: cookie ? { cookie } : {} });
  const put = (cookie: string | undefined, url: string, payload: unknown) =>
    inject({ method: 'PUT', url, headers: cookie ? { cookie } : {}, payload: payload as never });
  const assign = (userIds: string[]) =>
    put(firm.cookie, `/api/firm/lpq-requests/${requestId}/reviewers`, { userIds });
  const storedAssumptions = async () =>
    (
      await t()
        .db.select()
        .from(businessCaseAssumptions)
        .where(eq(businessCaseAssumptions.requestId, requestId))
    ).map((r) => r.assumptions);
  const auditRows = () =>
    t().db.select().from(firmAuditEvents).where(eq(firmAuditEvents.firmId, firm.firmId));
  /** The attorney's access log, one line per read: who, what. */
  async function attorneyReads() {
    const log = await get(attorney.cookie, '/api/attorney/access-log');
    expect(log.statusCode).toBe(200);
    return log
      .json()
      .flatMap((e: { reads: { what: string; action: string; count: number }[]; firmUserName: string }) =>
        e.reads.map((r) => ({ ...r, who: e.firmUserName })),
      );
  }

  it('answers the case on the default assumptions, every figure worked by hand, and records a named read', async () => {
    const recruiter = await member(['recruiter']);
    const res = await get(recruiter.cookie, caseUrl());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toBe(1);
    expect(body.assumptions).toEqual({
      haircut: 0.3,
      rateChange: 0,
      realizationAtFirm: 0.9,
      teamCost: 0,
      overheadPerLawyer: 0,
      recruiterFeePct: 0.25,
      collectionLagMonths: 3,
      realizationBasis: 'collected_over_billed',
      clientHaircuts: {},
    });
    const fl = body.firstLook;
    expect(fl.claimedBook).toBe(1_100_000);
    // A = 1,100,000 × (1 − 0.3) = 770,000.
    expect(fl.adjustedBook).toBeCloseTo(770_000, 6);
    expect(fl.compAsk).toBe(600_000);
    expect(fl.compToBookClaimed).toBeCloseTo(600_000 / 1_100_000, 12); // 0.5454…
    expect(fl.compToBookAdjusted).toBeCloseTo(600_000 / 770_000, 12); // 0.7792…
    // (1,210,000 / 1,000,000)^(1/2) − 1 = 1.1 − 1 = 0.1.
    expect(fl.collectionsCagr).toBeCloseTo(0.1, 12);
    // Last year, collected over billed: 1,350,000 / 1,500,000 = 0.9.
    expect(fl.realization).toEqual({ basis: 'collected_over_billed', value: expect.closeTo(0.9, 12) });
    // 400,000 / 1,350,000 and (400 + 300 + 200)k / 1,350,000.
    expect(fl.topClientShare).toBeCloseTo(400 / 1350, 12);
    expect(fl.top3Share).toBeCloseTo(900 / 1350, 12);
    // (35,000 + 10,000) over 90 / (115,000 + 50,000) in all buckets.
    expect(fl.agedReceivablesShare).toBeCloseTo(45 / 165, 12);
    expect(fl.teamSize).toBe(2);
    // R = 770,000 × 1 × 0.9 = 693,000; K = 600,000; F = 0.25 × 600,000 = 150,000.
    expect(body.contribution.year1).toBeCloseTo(693_000 - 600_000 - 150_000, 6); // −57,000
    expect(body.contribution.year2).toBeCloseTo(93_000, 6);
    // Months 1–3: −50,000 each, and the fee in month 1: −300,000; then +7,750 a month: −44,250 at month 36.
    expect(body.monthly).toHaveLength(36);
    expect(body.monthly[0]).toEqual({ month: 1, cumulative: expect.closeTo(-200_000, 6) });
    expect(body.monthly[2].cumulative).toBeCloseTo(-300_000, 6);
    expect(body.monthly[3].cumulative).toBeCloseTo(-292_250, 6);
    expect(body.monthly[35].cumulative).toBeCloseTo(-44_250, 6);
    expect(body.breakevenMonth).toBeNull();
    // Sensitivity: A = B × 0.35 = 385,000 → C1 = 346,500 − 750,000; B × 0.57 = 627,000 → 564,300 − 750,000;
    // B → 990,000 − 750,000; realization 0.85 and 0.95 on 770,000: 654,500 and 731,500 − 750,000.
    expect(
      body.sensitivity.map((r: { adjustedBook: number; year1: number }) => [r.adjustedBook, r.year1]),
    ).toEqual([
      [expect.closeTo(385_000, 6), expect.closeTo(-403_500, 6)],
      [expect.closeTo(627_000, 6), expect.closeTo(-185_700, 6)],
      [expect.closeTo(1_100_000, 6), expect.closeTo(240_000, 6)],
      [expect.closeTo(770_000, 6), expect.closeTo(-95_500, 6)],
      [expect.closeTo(770_000, 6), expect.closeTo(-18_500, 6)],
    ]);
    expect(body.sensitivity[0].compToBook).toBeCloseTo(600 / 385, 12);
    expect(body.sensitivity[3].label).toBe('Realization at the firm 85%');
    // Flags: the top client brings 29.6 % (> 15 %), 27.3 % aged (> 20 %), 95 % reported vs 90 % computed
    // (> 2 points), Delta Freight without evidence; 1,100,000 ≤ 1.25 × 1,210,000, so no projection flag.
    expect(body.flags.map((f: { code: string }) => f.code)).toEqual([
      'client_concentration',
      'aged_receivables',
      'realization_mismatch',
      'unsupported_projection',
    ]);
    expect(body.clients).toEqual([
      expect.objectContaining({ index: 0, clientName: 'Acme Corp', claimed: 500_000, haircut: 0.3 }),
      expect.objectContaining({ index: 1, clientName: 'Birch Holdings', claimed: 300_000 }),
      expect.objectContaining({ index: 2, clientName: 'Cobalt Energy', claimed: 200_000 }),
      expect.objectContaining({ index: 3, clientName: 'Delta Freight', claimed: 100_000, evidence: [] }),
    ]);
    expect(body.clients.map((c: { adjusted: number }) => Math.round(c.adjusted))).toEqual([
      350_000, 210_000, 140_000, 70_000,
    ]);
    expect(body.clients[0].share).toBeCloseTo(400 / 1350, 12);

    expect(await attorneyReads()).toContainEqual(
      expect.objectContaining({ action: 'viewed', what: 'Business case', who: 'Robin Lee' }),
    );
  });

  it('replaces the assumptions, recomputes (a second set worked by hand), keeps them per request and audits each change', async () => {
    const reviewer = await member(['reviewer'], 'Avery');
    await assign([reviewer.user.id]);
    const assumptions = {
      haircut: 0.2,
      clientHaircuts: { '0': 0.5 },
      rateChange: 0.1,
      realizationAtFirm: 1,
      teamCost: 50_000,
      overheadPerLawyer: 10_000,
      recruiterFeePct: 0.2,
      collectionLagMonths: 2,
      realizationBasis: 'collected_over_matter_rate',
    };
    const res = await put(reviewer.cookie, `${caseUrl()}/assumptions`, assumptions);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    // A = 500k × 0.5 + (300k + 200k + 100k) × 0.8 = 250,000 + 480,000 = 730,000.
    expect(c.firstLook.adjustedBook).toBeCloseTo(730_000, 6);
    expect(c.firstLook.compToBookAdjusted).toBeCloseTo(600 / 730, 12);
    // Realization on the matter rate: 1,350,000 / (800 × 1,800) = 1,350,000 / 1,440,000 = 0.9375.
    expect(c.firstLook.realization).toEqual({
      basis: 'collected_over_matter_rate',
      value: expect.closeTo(0.9375, 12),
    });
    // R = 730,000 × 1.1 × 1 = 803,000; K = 600,000 + 50,000 + 10,000 × (1 + 2) = 680,000; F = 0.2 × 600,000.
    expect(c.contribution.year1).toBeCloseTo(803_000 - 680_000 - 120_000, 6); // 3,000
    expect(c.contribution.year2).toBeCloseTo(123_000, 6);
    // Month 1: −56,666.67 − 120,000; month 2: −233,333.33; then +(803,000 − 680,000) / 12 = +10,250 a month:
    // −233,333.33 + 22 × 10,250 = −7,833.33 at month 24, +2,416.67 at month 25.
    expect(c.monthly[1].cumulative).toBeCloseTo(-233_333.333333, 4);
    expect(c.monthly[23].cumulative).toBeCloseTo(-7_833.333333, 4);
    expect(c.monthly[24].cumulative).toBeCloseTo(2_416.666667, 4);
    expect(c.breakevenMonth).toBe(25);
    // Sensitivity on 35 %: 385,000 × 1.1 = 423,500 − 680,000 − 120,000 = −376,500.
    expect(c.sensitivity[0].year1).toBeCloseTo(-376_500, 6);
    // Realization 0.95 on A: 730,000 × 1.1 × 0.95 = 762,850 − 800,000 = −37,150; and 1.05 (no cap above 1).
    expect(c.sensitivity[3]).toMatchObject({ label: 'Realization at the firm 95%' });
    expect(c.sensitivity[3].year1).toBeCloseTo(-37_150, 6);
    expect(c.sensitivity[4].year1).toBeCloseTo(730_000 * 1.1 * 1.05 - 800_000, 6); // 43,150
    expect(c.clients[0]).toMatchObject({ haircut: 0.5, adjusted: 250_000 });
    expect(c.clients[1]).toMatchObject({ haircut: 0.2 });
    expect(c.assumptions).toEqual({ ...assumptions });
    expect(await storedAssumptions()).toEqual([assumptions]);

    // The case keeps them for everyone who reads it, on any version.
    const again = await get(firm.cookie, caseUrl());
    expect(again.json().breakevenMonth).toBe(25);
    expect(again.json().assumptions.clientHaircuts).toEqual({ '0': 0.5 });

    // The body replaces: a haircut left out takes the default, client haircuts left out are none.
    const replaced = await put(firm.cookie, `${caseUrl()}/assumptions`, { realizationAtFirm: 0.95 });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().assumptions).toMatchObject({
      haircut: 0.3,
      realizationAtFirm: 0.95,
      clientHaircuts: {},
      teamCost: 0,
    });

    const audit = await get(firm.cookie, '/api/firm/audit');
    const changes = audit
      .json()
      .filter((e: { action: string }) => e.action === 'business_case_assumptions_changed');
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ actorName: 'Avery Lee' });
    expect(changes[0].detail).toMatchObject({ requestId, to: { realizationAtFirm: 0.95 } });
    // The save answered the case: a read the attorney sees, named, by the reviewer.
    expect(await attorneyReads()).toContainEqual(
      expect.objectContaining({ what: 'Business case', who: 'Avery Lee' }),
    );
  });

  it('refuses bad assumptions with the message at the field, changing nothing', async () => {
    const good = { haircut: 0.4 };
    expect((await put(firm.cookie, `${caseUrl()}/assumptions`, good)).statusCode).toBe(200);
    const auditBefore = (await auditRows()).length;
    for (const [payload, field, message] of [
      [{ haircut: 1.5 }, 'haircut', ASSUMPTION_MESSAGES.fraction],
      [{ haircut: '0.2' }, 'haircut', ASSUMPTION_MESSAGES.fraction],
      [{ realizationAtFirm: -0.1 }, 'realizationAtFirm', ASSUMPTION_MESSAGES.fraction],
      [{ rateChange: 2 }, 'rateChange', ASSUMPTION_MESSAGES.rateChange],
      [{ teamCost: -1 }, 'teamCost', ASSUMPTION_MESSAGES.amount],
      [{ clientHaircuts: { '0': -0.1 } }, 'clientHaircuts.0', ASSUMPTION_MESSAGES.fraction],
      [{ clientHaircuts: { '9': 0.2 } }, 'clientHaircuts.9', ASSUMPTION_MESSAGES.clientIndex],
      [{ clientHaircuts: { x: 0.2 } }, 'clientHaircuts.x', ASSUMPTION_MESSAGES.clientIndex],
      [{ collectionLagMonths: 2.5 }, 'collectionLagMonths', ASSUMPTION_MESSAGES.collectionLagMonths],
      [{ collectionLagMonths: 37 }, 'collectionLagMonths', ASSUMPTION_MESSAGES.collectionLagMonths],
      [{ realizationBasis: 'vibes' }, 'realizationBasis', ASSUMPTION_MESSAGES.realizationBasis],
    ] as const) {
      const res = await put(firm.cookie, `${caseUrl()}/assumptions`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
      expect(res.json().errors?.[field], JSON.stringify(payload)).toBe(message);
    }
    // An unknown assumption is refused too, not ignored.
    const unknown = await put(firm.cookie, `${caseUrl()}/assumptions`, { haircutt: 0.1 });
    expect(unknown.statusCode).toBe(400);
    expect(await storedAssumptions()).toEqual([good]);
    expect((await auditRows()).length).toBe(auditBefore);
  });

  it('is for admins, recruiters and assigned reviewers; conflicts and diversity 403, others 404, the attorney 403, signed out 401', async () => {
    const admin = await member(['admin'], 'Ada');
    const recruiter = await member(['recruiter'], 'Rae');
    const reviewer = await member(['reviewer'], 'Vic');
    const conflicts = await member(['conflicts'], 'Cole');
    const diversity = await member(['diversity'], 'Dana');
    const other = await buildFirm(t().app);
    const reads = [caseUrl(), `${caseUrl()}.xlsx`, `${caseUrl()}?version=1`];
    const save = (cookie: string | undefined) =>
      put(cookie, `${caseUrl()}/assumptions`, { haircut: 0.5 }).then((r) => r.statusCode);
    const status = async (cookie?: string) => {
      const codes = [];
      for (const url of reads) codes.push((await get(cookie, url)).statusCode);
      codes.push(await save(cookie));
      return codes;
    };
    expect(await status(undefined)).toEqual([401, 401, 401, 401]);
    expect(await status(attorney.cookie)).toEqual([403, 403, 403, 403]);
    expect(await status(conflicts.cookie)).toEqual([403, 403, 403, 403]);
    expect(await status(diversity.cookie)).toEqual([403, 403, 403, 403]);
    expect(await status(other.cookie)).toEqual([404, 404, 404, 404]);
    expect(await status(reviewer.cookie)).toEqual([404, 404, 404, 404]);
    expect(await status(admin.cookie)).toEqual([200, 200, 200, 200]);
    expect(await status(recruiter.cookie)).toEqual([200, 200, 200, 200]);
    // Assigned, the reviewer reads and saves; unassigned after reading, every route is a 404 again.
    await assign([reviewer.user.id]);
    expect(await status(reviewer.cookie)).toEqual([200, 200, 200, 200]);
    await assign([]);
    expect(await status(reviewer.cookie)).toEqual([404, 404, 404, 404]);
    // Nothing the refused saved: the last assumptions are the assigned reviewer's.
    const stored = await storedAssumptions();
    expect(stored).toEqual([{ haircut: 0.5 }]);
    // Malformed and unknown ids, a version that does not exist, another firm's request id.
    expect((await get(firm.cookie, '/api/firm/lpq-requests/not-a-uuid/business-case')).statusCode).toBe(404);
    expect((await get(firm.cookie, caseUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await get(firm.cookie, `${caseUrl()}?version=2`)).statusCode).toBe(404);
    expect((await get(firm.cookie, `${caseUrl()}?version=0`)).statusCode).toBe(400);
    // Every refused read is in no log: the attorney saw the reads of the admin, recruiter and reviewer only.
    const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, requestId));
    const readers = new Set(events.map((e) => e.firmUserId));
    expect(readers).toEqual(new Set([admin.user.id, recruiter.user.id, reviewer.user.id]));
    // Settings: admins only.
    for (const actor of [recruiter, reviewer, conflicts, diversity]) {
      expect((await get(actor.cookie, settingsUrl)).statusCode).toBe(403);
      expect((await put(actor.cookie, settingsUrl, { haircut: 0.1 })).statusCode).toBe(403);
    }
    expect((await get(attorney.cookie, settingsUrl)).statusCode).toBe(403);
    expect((await put(attorney.cookie, settingsUrl, { haircut: 0.1 })).statusCode).toBe(403);
    expect((await get(undefined, settingsUrl)).statusCode).toBe(401);
    expect((await put(undefined, settingsUrl, { haircut: 0.1 })).statusCode).toBe(401);
    expect((await get(admin.cookie, settingsUrl)).statusCode).toBe(200);
    const [row] = await t().db.select().from(firms).where(eq(firms.id, firm.firmId));
    expect(row.businessCaseDefaults).toBeNull();
  });

  it("keeps the firm's defaults (admins), which a request's own assumptions override one by one", async () => {
    const otherRequest = await sharedRequest();
    const put1 = await put(firm.cookie, settingsUrl, { haircut: 0.4, teamCost: 20_000 });
    expect(put1.statusCode).toBe(200);
    expect(put1.json()).toEqual({
      haircut: 0.4,
      rateChange: 0,
      realizationAtFirm: 0.9,
      teamCost: 20_000,
      overheadPerLawyer: 0,
      recruiterFeePct: 0.25,
      collectionLagMonths: 3,
      realizationBasis: 'collected_over_billed',
      clientHaircuts: {},
    });
    for (const [payload, message] of [
      [{ haircut: 2 }, ASSUMPTION_MESSAGES.fraction],
      [{ clientHaircuts: { '0': 0.1 } }, ASSUMPTION_MESSAGES.defaultsClientHaircuts],
    ] as const) {
      const bad = await put(firm.cookie, settingsUrl, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect((await get(firm.cookie, settingsUrl)).json()).toMatchObject({ haircut: 0.4, teamCost: 20_000 });

    // A request without its own: the defaults. A = 1,100,000 × 0.6 = 660,000; R = 594,000;
    // K = 600,000 + 20,000; C1 = 594,000 − 620,000 − 150,000 = −176,000.
    const plain = (await get(firm.cookie, caseUrl(otherRequest))).json();
    expect(plain.firstLook.adjustedBook).toBeCloseTo(660_000, 6);
    expect(plain.contribution.year1).toBeCloseTo(-176_000, 6);
    // A request with its own realization: that one is the request's, the rest the firm's.
    // R = 660,000 × 0.8 = 528,000; C1 = 528,000 − 620,000 − 150,000 = −242,000.
    const own = await put(firm.cookie, `${caseUrl()}/assumptions`, { realizationAtFirm: 0.8 });
    expect(own.json().assumptions).toMatchObject({ haircut: 0.4, teamCost: 20_000, realizationAtFirm: 0.8 });
    expect(own.json().contribution.year1).toBeCloseTo(-242_000, 6);
    // The firm's defaults change later: the request's own stays, what it left out follows the firm.
    await put(firm.cookie, settingsUrl, { haircut: 0.5 });
    const later = (await get(firm.cookie, caseUrl())).json();
    expect(later.assumptions).toMatchObject({ haircut: 0.5, teamCost: 0, realizationAtFirm: 0.8 });
    const audit = await get(firm.cookie, '/api/firm/audit');
    expect(
      audit.json().filter((e: { action: string }) => e.action === 'business_case_defaults_changed'),
    ).toHaveLength(2);
  });

  it('names each read in the attorney’s trail without a figure of the case', async () => {
    await put(firm.cookie, `${caseUrl()}/assumptions`, { haircut: 0.4321, teamCost: 98_765 });
    await get(firm.cookie, caseUrl());
    await get(firm.cookie, `${caseUrl()}.xlsx`);
    const csv = await get(attorney.cookie, `/api/attorney/lpq-requests/${requestId}/audit.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Business case workbook (XLSX)');
    expect(csv.body).toMatch(/Package viewed,Business case,/);
    for (const secret of ['0.4321', '43.21', '98765', '98,765', 'haircut'])
      expect(csv.body).not.toContain(secret);
    expect(await attorneyReads()).toContainEqual(
      expect.objectContaining({ action: 'exported', what: 'Business case workbook (XLSX)' }),
    );
  });

  it('puts the business-case pages in the package PDF of the roles that may read the case, and no other', async () => {
    const recruiter = await member(['recruiter'], 'Rae');
    const conflicts = await member(['conflicts'], 'Cole');
    const diversity = await member(['diversity'], 'Dana');
    await put(recruiter.cookie, `${caseUrl()}/assumptions`, { haircut: 0.4, clientHaircuts: { '3': 1 } });
    const pdfUrl = `/api/firm/lpq-requests/${requestId}/package.pdf`;
    const res = await get(recruiter.cookie, pdfUrl);
    expect(res.statusCode).toBe(200);
    if (process.env.BUSINESS_CASE_PDF_OUT) writeFileSync(process.env.BUSINESS_CASE_PDF_OUT, res.rawPayload);
    const text = await pdfText(res.rawPayload);
    // A = (500k + 300k + 200k) × 0.6 + 100k × 0 = 600,000; Comp:Book adjusted 600,000 / 600,000 = 100%.
    for (const words of [
      'Business case',
      'First look',
      'Claimed $1,100,000 · adjusted $600,000',
      'Sensitivity',
      'Contribution, year 1',
      CHART_TITLES.periods,
      CHART_TITLES.shares,
      CHART_TITLES.book,
      CHART_TITLES.cumulative,
      BUSINESS_CASE_TEXT.breakevenNone,
    ])
      expect(text, words).toContain(words);
    // The charts are drawn (vector paths), their axis labels are text.
    expect(text).toContain('Month 36');
    // The PDF is the read it always was: 'Package PDF' in the attorney's log.
    expect(await attorneyReads()).toContainEqual(
      expect.objectContaining({ action: 'exported', what: 'Package PDF', who: 'Rae Lee' }),
    );

    const theirs = await get(conflicts.cookie, pdfUrl);
    expect(theirs.statusCode).toBe(200);
    const conflictsText = await pdfText(theirs.rawPayload);
    for (const words of ['Business case', 'First look', '$600,000', CHART_TITLES.cumulative, 'Sensitivity'])
      expect(conflictsText, words).not.toContain(words);
    expect((await get(diversity.cookie, pdfUrl)).statusCode).toBe(403);
    // The conflicts member's PDF is no read of the case.
    const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, requestId));
    expect(events.filter((e) => e.kind === 'business_case_view').map((e) => e.firmUserId)).not.toContain(
      conflicts.user.id,
    );
  });

  describe('workbook', () => {
    it('has Inputs, Assumptions and Results, the Results formulas with the screen’s values cached', async () => {
      const res = await get(firm.cookie, `${caseUrl()}.xlsx`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain('attachment');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Inputs', 'Assumptions', 'Results']);
    });
  });
});
