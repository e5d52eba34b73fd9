import { describe, expect, it } from 'vitest';
import { masterLpqBodySchema } from '../master-lpq';
import { ledgerFinancialInfo, ledgerTopClients } from './business-case.fixtures';
import {
  adjustedBook,
  agedReceivablesShare,
  attorneyChecks,
  breakevenMonth,
  businessCase,
  claimedBook,
  clientShares,
  collectionsCagr,
  compToBook,
  contribution,
  DEFAULT_ASSUMPTIONS,
  economics,
  type Ledger,
  monthlyCumulative,
  realization,
  resolveAssumptions,
  sensitivity,
  teamSize,
  top3Share,
  topClientShare,
  workedValue,
} from './index';

/** The fixture as the server stores it: parsed by the master LPQ's schema. */
const ledger = (): Ledger =>
  masterLpqBodySchema.parse({
    financialInfo: ledgerFinancialInfo(),
    clientsInfo: { topClients: ledgerTopClients() },
  }) as Ledger;

// Every expected number below is worked by hand from business-case.fixtures.ts.
describe('PRODUCT.md §12 formulas, worked by hand', () => {
  const l = ledger();

  it('claimed book B = Σ reasonableProjected = 500k + 300k + 200k + 100k', () => {
    expect(claimedBook(l)).toBe(1_100_000);
  });

  it('adjusted book A with the default haircut 0.30 = 1,100,000 × 0.7; a client haircut replaces it for that client', () => {
    expect(adjustedBook(l, DEFAULT_ASSUMPTIONS)).toBeCloseTo(770_000, 6);
    // Acme at 0.5 instead of 0.3: 500k × 0.5 + 600k × 0.7 = 250k + 420k.
    expect(adjustedBook(l, resolveAssumptions({ clientHaircuts: { '0': 0.5 } }))).toBeCloseTo(670_000, 6);
  });

  it('Comp:Book claimed = 600,000 / 1,100,000; adjusted = 600,000 / 770,000', () => {
    expect(compToBook(600_000, claimedBook(l))).toBeCloseTo(0.545454, 5);
    expect(businessCase(l).firstLook.compToBookAdjusted).toBeCloseTo(0.779221, 5);
  });

  it('realization of last year on the three bases', () => {
    const last = l.financialInfo?.lastYear;
    // 1,350,000 / 1,500,000
    expect(realization(last, 'collected_over_billed')).toBeCloseTo(0.9, 10);
    // worked value blank: rate × hours = 900 × 1,800 = 1,620,000 → 1,350,000 / 1,620,000
    expect(workedValue(last)).toBe(1_620_000);
    expect(realization(last, 'collected_over_worked')).toBeCloseTo(0.833333, 5);
    // effective rate × hours = 800 × 1,800 = 1,440,000 → 1,350,000 / 1,440,000
    expect(realization(last, 'collected_over_matter_rate')).toBeCloseTo(0.9375, 10);
    // The year before has its worked value typed: 1,000,000 / 1,280,000.
    expect(realization(l.financialInfo?.yearBefore, 'collected_over_worked')).toBeCloseTo(0.78125, 10);
    // YTD: 900,000 / 1,000,000; no rate, so no worked value.
    expect(realization(l.financialInfo?.ytd, 'collected_over_billed')).toBeCloseTo(0.9, 10);
    expect(realization(l.financialInfo?.ytd, 'collected_over_worked')).toBeNull();
  });

  it('trend: (1,210,000 / 1,000,000)^(1/2) − 1 = 1.1 − 1', () => {
    expect(collectionsCagr(l)).toBeCloseTo(0.1, 10);
  });

  it('concentration: 400k / 1,350k for the top client; (400k + 300k + 200k) / 1,350k for the top three', () => {
    expect(topClientShare(l)).toBeCloseTo(0.296296, 5);
    expect(top3Share(l)).toBeCloseTo(0.666667, 5);
    expect(clientShares(l).map((s) => s && Math.round(s * 1000) / 1000)).toEqual([
      0.296, 0.222, 0.148, 0.074,
    ]);
  });

  it('aged receivables: over 90 (35k + 10k) over all buckets (115k + 50k)', () => {
    expect(agedReceivablesShare(l)).toBeCloseTo(45 / 165, 10);
  });

  it('team size counts the likely only', () => {
    expect(teamSize(l)).toBe(2);
  });

  it('the default assumptions: R = 770k × 1 × 0.9, K = 600k, F = 0.25 × 600k; C1 = −57,000, C2 = 93,000; no breakeven in 36 months', () => {
    const e = economics(l, DEFAULT_ASSUMPTIONS);
    expect(e.revenue).toBeCloseTo(693_000, 6);
    expect(e.costs).toBe(600_000);
    expect(e.recruiterFee).toBe(150_000);
    const c = contribution(e);
    expect(c.year1).toBeCloseTo(-57_000, 6);
    expect(c.year2).toBeCloseTo(93_000, 6);
    // −200k after month 1 (K/12 + F), −300k after month 3, then +7,750 a month: 38.7 months more.
    const months = monthlyCumulative(e, 3);
    expect(months).toHaveLength(36);
    expect(months[0].cumulative).toBeCloseTo(-200_000, 6);
    expect(months[2].cumulative).toBeCloseTo(-300_000, 6);
    expect(months[3].cumulative).toBeCloseTo(-292_250, 6);
    expect(breakevenMonth(e, 3)).toBeNull();
    expect(businessCase(l).breakevenMonth).toBeNull();
  });

  it('a second assumption set (haircut 0.2, realization 0.95, fee 0.20, overhead 10k, team cost 30k): breakeven in month 19', () => {
    const a = resolveAssumptions({
      haircut: 0.2,
      realizationAtFirm: 0.95,
      recruiterFeePct: 0.2,
      overheadPerLawyer: 10_000,
      teamCost: 30_000,
    });
    const e = economics(l, a);
    // A = 880k; R = 880k × 0.95 = 836k; K = 600k + 30k + 10k × (1 + 2) = 660k; F = 120k.
    expect(e.revenue).toBeCloseTo(836_000, 6);
    expect(e.costs).toBe(660_000);
    expect(e.recruiterFee).toBe(120_000);
    expect(contribution(e).year1).toBeCloseTo(56_000, 6);
    expect(contribution(e).year2).toBeCloseTo(176_000, 6);
    // −55k × 3 − 120k = −285k after month 3; then +14,666.67 a month: 19.43 months → month 3 + 20 = 23.
    const months = monthlyCumulative(e, 3);
    expect(months[2].cumulative).toBeCloseTo(-285_000, 6);
    expect(months[21].cumulative).toBeLessThan(0); // month 22: −285k + 19 × 14,666.67 = −6,333
    expect(months[22].cumulative).toBeGreaterThan(0); // month 23: +8,333
    expect(breakevenMonth(e, 3)).toBe(23);
    const rateUp = economics(l, { ...a, rateChange: 0.1 });
    expect(rateUp.revenue).toBeCloseTo(919_600, 6); // 880k × 1.1 × 0.95
  });

  it('sensitivity: C1 and Comp:Book at 35%, 57% and 100% of B, then C1 at realization 85% and 95%', () => {
    const rows = sensitivity(l, DEFAULT_ASSUMPTIONS);
    expect(rows.map((r) => r.label)).toEqual([
      '35% of the claimed book follows',
      '57% of the claimed book follows',
      'The whole claimed book follows',
      'Realization at the firm 85%',
      'Realization at the firm 95%',
    ]);
    // 385k × 0.9 − 750k; 627k × 0.9 − 750k; 1,100k × 0.9 − 750k; 770k × 0.85 − 750k; 770k × 0.95 − 750k.
    const year1 = [-403_500, -185_700, 240_000, -95_500, -18_500];
    rows.forEach((r, i) => {
      expect(r.year1).toBeCloseTo(year1[i], 4);
    });
    expect(rows[0].adjustedBook).toBeCloseTo(385_000, 6);
    expect(rows[0].compToBook).toBeCloseTo(600_000 / 385_000, 10);
    expect(rows[1].compToBook).toBeCloseTo(600_000 / 627_000, 10);
    expect(rows[2].compToBook).toBeCloseTo(600_000 / 1_100_000, 10);
    expect(rows[3].adjustedBook).toBeCloseTo(770_000, 6);
  });

  it('flags: concentration (29.6% > 15%), aged receivables (27.3% > 20%), realization (95% vs 90%), Delta without evidence', () => {
    const { flags, figures } = attorneyChecks(l);
    expect(flags.map((f) => [f.code, f.field])).toEqual([
      ['client_concentration', 'clientsInfo.topClients.0.lastYearCollections'],
      ['aged_receivables', 'clientsInfo.topClients.0.receivables.over90'],
      ['realization_mismatch', 'financialInfo.reportedRealization'],
      ['unsupported_projection', 'clientsInfo.topClients.3.portabilityEvidence'],
    ]);
    expect(flags[0].message).toBe("Acme Corp brought 29.6% of last year's collections (more than 15%).");
    expect(flags[1].message).toBe(
      "27.3% of the top clients' receivables are over 90 days old (more than 20%).",
    );
    expect(flags[2].message).toBe(
      "The realization you report (95%) differs by more than 2 points from last year's, computed as collected over billed (90%).",
    );
    expect(flags[3].message).toBe(
      'Delta Freight: a reasonable projection of $100,000 with no evidence that the client would follow.',
    );
    expect(figures).toMatchObject({ claimedBook: 1_100_000, compAsk: 600_000, teamSize: 2 });
    expect(figures.realization).toEqual({ basis: 'collected_over_billed', value: 0.9 });
  });

  it('projection above trend: B > 1.25 × current collections while they fell; not when they rose', () => {
    const fin = ledgerFinancialInfo();
    const falling = masterLpqBodySchema.parse({
      financialInfo: { ...fin, currentYear: { collections: 800_000 } },
      clientsInfo: { topClients: ledgerTopClients() },
    }) as Ledger;
    // 1,100,000 > 1.25 × 800,000 = 1,000,000, and 800k < 1,350k.
    const flag = attorneyChecks(falling).flags.find((f) => f.code === 'projection_above_trend');
    expect(flag?.figures).toEqual({
      claimedBook: 1_100_000,
      currentYearCollections: 800_000,
      lastYearCollections: 1_350_000,
    });
    expect(flag?.message).toBe(
      "The claimed book ($1,100,000) is more than 1.25 × this year's collections ($800,000), which are below last year's ($1,350,000).",
    );
    const rising = masterLpqBodySchema.parse({
      financialInfo: { ...fin, currentYear: { collections: 800_000 }, lastYear: { collections: 700_000 } },
      clientsInfo: { topClients: ledgerTopClients() },
    }) as Ledger;
    expect(attorneyChecks(rising).flags.map((f) => f.code)).not.toContain('projection_above_trend');
  });

  it('at the thresholds exactly, no flag: 15% share, 20% aged, 2 points of realization', () => {
    const exact: Ledger = {
      financialInfo: {
        lastYear: { collections: 1_000_000, billedDollars: 1_075_268.8172 },
        realizationBasis: 'collected_over_billed',
        reportedRealization: 95,
      },
      clientsInfo: {
        topClients: [
          {
            lastYearCollections: 150_000,
            reasonableProjected: 0,
            receivables: { current: 80_000, over90: 20_000 },
          },
        ],
      },
    };
    // 1,000,000 / 1,075,268.8172 = 0.93 → |0.95 − 0.93| = 0.02, not more.
    expect(attorneyChecks(exact).flags).toEqual([]);
  });

  it("the attorney's realization basis wins over the default for the flag; none stated uses collected over billed", () => {
    const fin = { ...ledgerFinancialInfo(), reportedRealization: 83 };
    const worked = { financialInfo: { ...fin, realizationBasis: 'collected_over_worked' as const } };
    // 83% vs 1,350k / 1,620k = 83.3%: within 2 points.
    expect(attorneyChecks(worked).flags.map((f) => f.code)).not.toContain('realization_mismatch');
    const none = { financialInfo: { ...fin, realizationBasis: null } };
    // 83% vs 90% billed: 7 points.
    expect(attorneyChecks(none).flags.map((f) => f.code)).toContain('realization_mismatch');
  });

  it('an empty template computes to zeros and nulls, with no flags', () => {
    const { figures, flags } = attorneyChecks({});
    expect(flags).toEqual([]);
    expect(figures).toMatchObject({
      claimedBook: 0,
      compAsk: null,
      compToBookClaimed: null,
      collectionsCagr: null,
      topClientShare: null,
      top3Share: null,
      agedReceivablesShare: null,
      teamSize: 0,
      clientShares: [],
    });
    const c = businessCase({});
    expect(c.contribution).toEqual({ year1: 0, year2: 0 });
    // Nothing in, nothing out: the running total is 0 from month 1.
    expect(c.breakevenMonth).toBe(1);
  });

  it('the business case lists each client with its haircut, adjusted figure and share', () => {
    const c = businessCase(l, resolveAssumptions({ clientHaircuts: { '3': 1 } }));
    expect(c.clients[3]).toEqual({
      index: 3,
      clientName: 'Delta Freight',
      claimed: 100_000,
      haircut: 1,
      adjusted: 0,
      share: 100_000 / 1_350_000,
      evidence: [],
    });
    expect(c.firstLook.adjustedBook).toBeCloseTo(700_000, 6);
  });
});

describe("the firm's assumptions", () => {
  it('defaults as §12 lists them', () => {
    expect(resolveAssumptions()).toEqual({
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
  });

  it("an assumption left out takes the base (the firm's defaults); the defaults are never changed", () => {
    const firm = resolveAssumptions({ haircut: 0.4, clientHaircuts: { '1': 0.1 } });
    const request = resolveAssumptions({ recruiterFeePct: 0.2 }, firm);
    expect(request).toMatchObject({ haircut: 0.4, recruiterFeePct: 0.2, clientHaircuts: { '1': 0.1 } });
    expect(DEFAULT_ASSUMPTIONS.haircut).toBe(0.3);
    expect(DEFAULT_ASSUMPTIONS.clientHaircuts).toEqual({});
  });

  it.each([
    [{ haircut: 1.5 }, 'haircut'],
    [{ haircut: -0.1 }, 'haircut'],
    [{ clientHaircuts: { '0': 2 } }, 'clientHaircuts'],
    [{ clientHaircuts: { first: 0.2 } }, 'clientHaircuts'],
    [{ recruiterFeePct: 25 }, 'recruiterFeePct'],
    [{ realizationAtFirm: 90 }, 'realizationAtFirm'],
    [{ collectionLagMonths: 2.5 }, 'collectionLagMonths'],
    [{ realizationBasis: 'collected' }, 'realizationBasis'],
    [{ teamCost: -1 }, 'teamCost'],
  ])('refuses %j', (input, field) => {
    expect(() => resolveAssumptions(input as never)).toThrow();
    try {
      resolveAssumptions(input as never);
    } catch (e) {
      expect((e as { issues: { path: PropertyKey[] }[] }).issues[0].path[0]).toBe(field);
    }
  });
});
