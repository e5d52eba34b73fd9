import { ledgerFinancialInfo } from '@shared/business-case/business-case.fixtures';
import { FIELD_MESSAGES } from '@shared/form-fields';
import { MASTER_LPQ_MESSAGES } from '@shared/master-lpq';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { masterLpqs } from '../../db/schema';
import { type Actor, buildAttorney, buildFirmUser } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { ledgerMasterLpq as ledgerTemplate } from './master-lpq.fixtures';

const URL = '/api/attorney/master-lpq';
const CHECKS = '/api/attorney/master-lpq/checks';

/**
 * A template as the product stored it before §12 (spec fields only, the amounts an older client sent as text
 * among them): what a database migrated up to now holds.
 */
const STORED_BEFORE = {
  generalInfo: { name: 'Robin Ash', email: 'robin@example.com' },
  financialInfo: {
    employeeType: 'W2',
    compensationExpectations: '$900k',
    currentYear: { rate: 700, billableHours: 1700, collections: 1_100_000, workingAttorneyTime: 0.4 },
    lastYear: { rate: 650, collections: 1_000_000 },
    currentCompensation: 800_000,
    businessDevelopment: 'Conferences',
  },
  clientsInfo: {
    topClients: [
      {
        clientName: 'Old Client',
        isOriginator: true,
        lastYearCollections: 300_000,
        reasonableProjected: 250_000,
        portabilityLikelihood: 70,
      },
    ],
    specialFeeArrangements: 'None',
  },
  disclosures: { taxLien: false },
};

describeEachDb('master LPQ: the attorney’s figures (PRODUCT.md §12)', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const get = (actor: Actor, url: string) =>
    inject({ method: 'GET', url, headers: { cookie: actor.cookie } });
  const post = (actor: Actor, payload: unknown) =>
    inject({ method: 'POST', url: URL, headers: { cookie: actor.cookie }, payload: payload as object });

  it('stores every §12 field and reads it back; money and percentages typed as text are taken as numbers', async () => {
    const attorney = await buildAttorney(t().app);
    const body = ledgerTemplate();
    const saved = await post(attorney, body);
    expect(saved.statusCode).toBe(200);
    const read = (await get(attorney, URL)).json();
    expect(read).toMatchObject(body as object);
    expect(read.financialInfo.ytd).toEqual(ledgerFinancialInfo().ytd);
    expect(read.clientsInfo.topClients[0].receivables).toEqual({
      current: 50_000,
      d30to60: 20_000,
      d60to90: 10_000,
      over90: 35_000,
    });

    const typed = await post(attorney, {
      financialInfo: {
        reportedRealization: '95%',
        compensationAsk: { yearOneTotal: '$1,250,000', guaranteeMonths: '12' },
        ytd: { collections: '1250000' },
      },
      clientsInfo: { topClients: [{ clientName: 'Acme', creditShare: '50 %', wip: '$60,000' }] },
    });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().financialInfo).toMatchObject({
      reportedRealization: 95,
      compensationAsk: { yearOneTotal: 1_250_000, guaranteeMonths: 12 },
      ytd: { collections: 1_250_000 },
    });
    expect(typed.json().clientsInfo.topClients[0]).toMatchObject({ creditShare: 50, wip: 60_000 });
  });

  it.each([
    [
      { financialInfo: { ytd: { through: '2026-13-01' } } },
      'financialInfo.ytd.through',
      FIELD_MESSAGES.invalidDate,
    ],
    [
      { financialInfo: { ytd: { collections: -5 } } },
      'financialInfo.ytd.collections',
      MASTER_LPQ_MESSAGES.amount,
    ],
    [
      { financialInfo: { lastYear: { workedValue: 'lots' } } },
      'financialInfo.lastYear.workedValue',
      MASTER_LPQ_MESSAGES.amount,
    ],
    [
      { financialInfo: { currentYear: { nonBillableHours: -1 } } },
      'financialInfo.currentYear.nonBillableHours',
      MASTER_LPQ_MESSAGES.amount,
    ],
    [
      { financialInfo: { realizationBasis: 'collected' } },
      'financialInfo.realizationBasis',
      MASTER_LPQ_MESSAGES.realizationBasis,
    ],
    [
      { financialInfo: { reportedRealization: 201 } },
      'financialInfo.reportedRealization',
      MASTER_LPQ_MESSAGES.reportedRealization,
    ],
    [
      { financialInfo: { reportedRealization: '250%' } },
      'financialInfo.reportedRealization',
      MASTER_LPQ_MESSAGES.reportedRealization,
    ],
    [
      { financialInfo: { compensationAsk: { guaranteeMonths: 37 } } },
      'financialInfo.compensationAsk.guaranteeMonths',
      MASTER_LPQ_MESSAGES.guaranteeMonths,
    ],
    [
      { financialInfo: { compensationAsk: { guaranteeMonths: 1.5 } } },
      'financialInfo.compensationAsk.guaranteeMonths',
      MASTER_LPQ_MESSAGES.guaranteeMonths,
    ],
    [
      { financialInfo: { compensationHistory: { lastYear: { fixed: 'some' } } } },
      'financialInfo.compensationHistory.lastYear.fixed',
      MASTER_LPQ_MESSAGES.amount,
    ],
    [
      { financialInfo: { team: [{ role: 'chief' }] } },
      'financialInfo.team.0.role',
      MASTER_LPQ_MESSAGES.teamRole,
    ],
    [
      { financialInfo: { team: [{ likelihood: 'sure' }] } },
      'financialInfo.team.0.likelihood',
      MASTER_LPQ_MESSAGES.teamLikelihood,
    ],
    [
      { financialInfo: { team: [{ classYear: 1900 }] } },
      'financialInfo.team.0.classYear',
      MASTER_LPQ_MESSAGES.classYear,
    ],
    [
      { financialInfo: { team: Array.from({ length: 21 }, () => ({ role: 'associate' })) } },
      'financialInfo.team',
      FIELD_MESSAGES.tooManyItems(20),
    ],
    [
      { clientsInfo: { topClients: [{ creditType: 'billing' }] } },
      'clientsInfo.topClients.0.creditType',
      MASTER_LPQ_MESSAGES.creditType,
    ],
    [
      { clientsInfo: { topClients: [{ creditShare: 101 }] } },
      'clientsInfo.topClients.0.creditShare',
      MASTER_LPQ_MESSAGES.creditShare,
    ],
    [
      { clientsInfo: { topClients: [{ feeArrangement: 'barter' }] } },
      'clientsInfo.topClients.0.feeArrangement',
      MASTER_LPQ_MESSAGES.feeArrangement,
    ],
    [
      { clientsInfo: { topClients: [{ receivables: { over90: -1 } }] } },
      'clientsInfo.topClients.0.receivables.over90',
      MASTER_LPQ_MESSAGES.amount,
    ],
    [
      { clientsInfo: { topClients: [{ portabilityEvidence: ['hope'] }] } },
      'clientsInfo.topClients.0.portabilityEvidence.0',
      MASTER_LPQ_MESSAGES.portabilityEvidence,
    ],
    [
      { clientsInfo: { topClients: [{ portabilityEvidence: ['originated', 'originated'] }] } },
      'clientsInfo.topClients.0.portabilityEvidence',
      MASTER_LPQ_MESSAGES.portabilityEvidence,
    ],
    [
      { clientsInfo: { potentialBusiness: Array.from({ length: 21 }, () => ({ description: 'x' })) } },
      'clientsInfo.potentialBusiness',
      FIELD_MESSAGES.tooManyItems(20),
    ],
  ])('refuses %j with the message under the field and changes nothing', async (bad, field, message) => {
    const attorney = await buildAttorney(t().app);
    const body = ledgerTemplate();
    await post(attorney, body);
    const before = (await get(attorney, URL)).json();
    const res = await post(attorney, { ...bad, isComplete: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await get(attorney, URL)).json()).toEqual(before);
  });

  it('a template saved before §12 reads back the same, and saving it back changes nothing', async () => {
    const attorney = await buildAttorney(t().app);
    await t()
      .db.insert(masterLpqs)
      .values({ userId: attorney.user.id, data: STORED_BEFORE, isComplete: false });
    const read = await get(attorney, URL);
    expect(read.statusCode).toBe(200);
    const { id: _i, attorneyId: _a, createdAt: _c, updatedAt: _u, isComplete, ...body } = read.json();
    expect(body).toEqual(STORED_BEFORE);
    expect(isComplete).toBe(false);
    // The form saves what it read: the stored data is what it was.
    const resaved = await post(attorney, { ...body, isComplete: false });
    expect(resaved.statusCode).toBe(200);
    const [row] = await t().db.select().from(masterLpqs).where(eq(masterLpqs.userId, attorney.user.id));
    expect(row.data).toEqual(STORED_BEFORE);
    // Its checks compute on what is there: 250k claimed, 300k of 1,000k last year.
    const checks = (await get(attorney, CHECKS)).json();
    expect(checks.figures).toMatchObject({ claimedBook: 250_000, topClientShare: 0.3, compAsk: null });
    expect(checks.flags.map((f: { code: string }) => f.code)).toEqual([
      'client_concentration',
      'unsupported_projection',
    ]);
  });

  describe('GET /api/attorney/master-lpq/checks', () => {
    it('answers 401 signed out and 403 to a firm user', async () => {
      const signedOut = await inject({ method: 'GET', url: CHECKS });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
      const firm = await buildFirmUser(t().app);
      const forbidden = await get(firm, CHECKS);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    });

    it('answers 404 before the template is saved; another attorney’s template is never read', async () => {
      const owner = await buildAttorney(t().app);
      await post(owner, ledgerTemplate());
      const other = await buildAttorney(t().app);
      expect((await get(other, CHECKS)).statusCode).toBe(404);
    });

    it('computes the figures and flags of the saved template (worked by hand in business-case.test.ts)', async () => {
      const attorney = await buildAttorney(t().app);
      await post(attorney, ledgerTemplate());
      const res = await get(attorney, CHECKS);
      expect(res.statusCode).toBe(200);
      const { figures, flags } = res.json();
      expect(figures.claimedBook).toBe(1_100_000);
      expect(figures.compAsk).toBe(600_000);
      expect(figures.compToBookClaimed).toBeCloseTo(0.545454, 5);
      expect(figures.collectionsCagr).toBeCloseTo(0.1, 10);
      expect(figures.realization).toEqual({ basis: 'collected_over_billed', value: 0.9 });
      expect(figures.realizationByPeriod.lastYear.collected_over_matter_rate).toBe(0.9375);
      expect(figures.realizationByPeriod.ytd.collected_over_worked).toBeNull();
      expect(figures.teamSize).toBe(2);
      expect(flags.map((f: { code: string; field: string }) => [f.code, f.field])).toEqual([
        ['client_concentration', 'clientsInfo.topClients.0.lastYearCollections'],
        ['aged_receivables', 'clientsInfo.topClients.0.receivables.over90'],
        ['realization_mismatch', 'financialInfo.reportedRealization'],
        ['unsupported_projection', 'clientsInfo.topClients.3.portabilityEvidence'],
      ]);

      // Fixing a flag's field removes it; the checks read the saved template.
      const fixed = ledgerTemplate();
      fixed.clientsInfo!.topClients![3].portabilityEvidence = ['client_indicated'];
      await post(attorney, fixed);
      const after = (await get(attorney, CHECKS)).json();
      expect(after.flags.map((f: { code: string }) => f.code)).not.toContain('unsupported_projection');
    });

    it('never blocks sharing: a complete template with flags is complete', async () => {
      const attorney = await buildAttorney(t().app);
      const saved = await post(attorney, ledgerTemplate());
      expect(saved.json().isComplete).toBe(true);
      expect((await get(attorney, CHECKS)).json().flags.length).toBeGreaterThan(0);
    });
  });
});
