import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assumptionsSchema,
  attorneyChecks,
  businessCase,
  type Ledger,
  ratio,
  resolveAssumptions,
} from './index';

/** A stored figure: blank, zero, or any amount the schema takes (including huge and tiny ones). */
const figure = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(0),
  fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }),
);
const period = fc.record(
  {
    rate: figure,
    effectiveRate: figure,
    billableHours: figure,
    collections: figure,
    billedDollars: figure,
    workedValue: figure,
  },
  { requiredKeys: [] },
);
const client = fc.record(
  {
    clientName: fc.option(fc.string({ maxLength: 10 })),
    lastYearCollections: figure,
    reasonableProjected: figure,
    receivables: fc.option(
      fc.record({ current: figure, d30to60: figure, d60to90: figure, over90: figure }, { requiredKeys: [] }),
    ),
    portabilityEvidence: fc.option(fc.subarray(['originated', 'client_indicated'])),
  },
  { requiredKeys: [] },
);
const ledger: fc.Arbitrary<Ledger> = fc.record(
  {
    financialInfo: fc.record(
      {
        currentYear: period,
        lastYear: period,
        yearBefore: period,
        ytd: period,
        realizationBasis: fc.constantFrom(
          'collected_over_billed',
          'collected_over_worked',
          'collected_over_matter_rate',
          null,
        ),
        reportedRealization: fc.option(fc.double({ min: 0, max: 200, noNaN: true })),
        compensationAsk: fc.record({ yearOneTotal: figure }, { requiredKeys: [] }),
        team: fc.array(fc.record({ likelihood: fc.constantFrom('likely', 'possible', 'unlikely', null) }), {
          maxLength: 20,
        }),
      },
      { requiredKeys: [] },
    ),
    clientsInfo: fc.record({ topClients: fc.array(client, { maxLength: 20 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
const fractionIn = fc.double({ min: 0, max: 1, noNaN: true });
const assumptions = fc.record(
  {
    haircut: fractionIn,
    rateChange: fc.double({ min: -1, max: 1, noNaN: true }),
    realizationAtFirm: fractionIn,
    teamCost: fc.double({ min: 0, max: 1e9, noNaN: true }),
    overheadPerLawyer: fc.double({ min: 0, max: 1e7, noNaN: true }),
    recruiterFeePct: fractionIn,
    collectionLagMonths: fc.integer({ min: 0, max: 36 }),
    clientHaircuts: fc.dictionary(fc.integer({ min: 0, max: 19 }).map(String), fractionIn, { maxKeys: 5 }),
  },
  { requiredKeys: [] },
);

/** Every number anywhere in a value is finite (no NaN, no ±Infinity); null is allowed. */
function everyNumberFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(everyNumberFinite);
  if (value && typeof value === 'object') return Object.values(value).every(everyNumberFinite);
  return true;
}

describe('PRODUCT.md §12 formulas at the edges (fast-check)', () => {
  it('a zero or blank denominator is null, never Infinity or NaN', () => {
    fc.assert(
      fc.property(figure, fc.constantFrom(0, null, undefined), (n, d) => {
        expect(ratio(n, d)).toBeNull();
      }),
    );
  });

  it('no figure, flag or business case number is ever NaN or Infinity, whatever the ledger and assumptions', () => {
    fc.assert(
      fc.property(ledger, assumptions, (l, a) => {
        const checks = attorneyChecks(l);
        expect(everyNumberFinite(checks)).toBe(true);
        const c = businessCase(l, resolveAssumptions(a));
        expect(everyNumberFinite(c)).toBe(true);
        expect(c.monthly).toHaveLength(36);
        if (c.breakevenMonth !== null) {
          expect(c.breakevenMonth).toBeGreaterThanOrEqual(1);
          expect(c.breakevenMonth).toBeLessThanOrEqual(36);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the adjusted book is never above the claimed book, and equals it with no haircut', () => {
    fc.assert(
      fc.property(ledger, assumptions, (l, a) => {
        const c = businessCase(l, resolveAssumptions(a));
        expect(c.firstLook.adjustedBook).toBeLessThanOrEqual(c.firstLook.claimedBook * (1 + 1e-12));
        const none = businessCase(l, resolveAssumptions({ haircut: 0 }));
        expect(none.firstLook.adjustedBook).toBeCloseTo(none.firstLook.claimedBook, 0);
      }),
    );
  });

  it('shares and realizations on the three bases are null or ≥ 0; concentration shares grow from top-1 to top-3', () => {
    fc.assert(
      fc.property(ledger, (l) => {
        const { figures } = attorneyChecks(l);
        for (const s of figures.clientShares) if (s !== null) expect(s).toBeGreaterThanOrEqual(0);
        for (const p of Object.values(figures.realizationByPeriod))
          for (const v of Object.values(p)) if (v !== null) expect(v).toBeGreaterThanOrEqual(0);
        if (figures.topClientShare !== null && figures.top3Share !== null)
          expect(figures.top3Share).toBeGreaterThanOrEqual(figures.topClientShare);
        if (figures.agedReceivablesShare !== null) {
          expect(figures.agedReceivablesShare).toBeGreaterThanOrEqual(0);
          expect(figures.agedReceivablesShare).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('haircuts and fractions outside 0–1 are refused, and so are NaN and Infinity', () => {
    const outside = fc.oneof(
      fc.double({ min: 1, max: 1e6, noNaN: true, minExcluded: true }),
      // −0 is 0, a fraction like any other.
      fc.double({ min: -1e6, max: 0, noNaN: true, maxExcluded: true }).filter((v) => !Object.is(v, -0)),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    const field = fc.constantFrom('haircut', 'realizationAtFirm', 'recruiterFeePct');
    fc.assert(
      fc.property(field, outside, (key, value) => {
        expect(assumptionsSchema.safeParse({ [key]: value }).success).toBe(false);
        expect(() => resolveAssumptions({ [key]: value })).toThrow();
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 19 }), outside, (index, value) => {
        expect(assumptionsSchema.safeParse({ clientHaircuts: { [index]: value } }).success).toBe(false);
      }),
    );
    fc.assert(
      fc.property(field, fractionIn, (key, value) => {
        expect(resolveAssumptions({ [key]: value })[key as 'haircut']).toBe(value);
      }),
    );
  });
});
