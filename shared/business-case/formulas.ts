import type { RealizationBasis } from '../master-lpq';
import { type Assumptions, HORIZON_MONTHS } from './assumptions';

/**
 * The formulas of PRODUCT.md §12, each a pure function over the attorney's figures. Ratios are fractions
 * (0.9, not 90). A ratio whose denominator is 0 or blank is null, never Infinity or NaN; a ratio whose
 * numerator is a single blank figure is null too (a blank is not a zero collected). Blank amounts count as
 * 0 in sums. Nothing else in the product computes these numbers.
 */

/** A figure as stored: a number, or blank (null, undefined). */
export type Amount = number | null | undefined;

export type LedgerPeriod = {
  rate?: Amount;
  effectiveRate?: Amount;
  billableHours?: Amount;
  collections?: Amount;
  billedDollars?: Amount;
  workedValue?: Amount;
};
export type LedgerClient = {
  clientName?: string | null;
  lastYearCollections?: Amount;
  reasonableProjected?: Amount;
  receivables?: { current?: Amount; d30to60?: Amount; d60to90?: Amount; over90?: Amount } | null;
  portabilityEvidence?: readonly string[] | null;
};
export type LedgerTeamMember = { likelihood?: string | null };
/** The parts of the master LPQ the formulas read (PRODUCT.md §12, 'The attorney's figures'). */
export type Ledger = {
  financialInfo?: {
    currentYear?: LedgerPeriod | null;
    lastYear?: LedgerPeriod | null;
    yearBefore?: LedgerPeriod | null;
    ytd?: LedgerPeriod | null;
    realizationBasis?: RealizationBasis | null;
    reportedRealization?: Amount;
    compensationAsk?: { yearOneTotal?: Amount } | null;
    team?: readonly LedgerTeamMember[] | null;
  } | null;
  clientsInfo?: { topClients?: readonly LedgerClient[] | null } | null;
};

/** A figure that was given (a finite number), else null. */
export const given = (value: Amount): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** A figure as a term of a sum: blank is 0. */
const orZero = (value: Amount) => given(value) ?? 0;

/** numerator / denominator; null when either is blank or the denominator is 0. Never Infinity or NaN. */
export function ratio(numerator: Amount, denominator: Amount): number | null {
  const n = given(numerator);
  const d = given(denominator);
  if (n === null || d === null || d === 0) return null;
  const r = n / d;
  return Number.isFinite(r) ? r : null;
}

const clientsOf = (ledger: Ledger) => ledger.clientsInfo?.topClients ?? [];

/** The claimed book B: Σ reasonableProjected of the top clients (the 12-month portable book claimed). */
export function claimedBook(ledger: Ledger): number {
  return clientsOf(ledger).reduce((sum, c) => sum + orZero(c.reasonableProjected), 0);
}

/** The haircut the firm applies to client `index`: its own, else the default haircut. */
export const clientHaircut = (assumptions: Assumptions, index: number): number =>
  assumptions.clientHaircuts[String(index)] ?? assumptions.haircut;

/** The adjusted book A: Σ reasonableProjected × (1 − h), h the client's haircut. */
export function adjustedBook(ledger: Ledger, assumptions: Assumptions): number {
  return clientsOf(ledger).reduce(
    (sum, c, i) => sum + orZero(c.reasonableProjected) * (1 - clientHaircut(assumptions, i)),
    0,
  );
}

/** The compensation asked for year one (blank when not given). */
export const compensationAsk = (ledger: Ledger): number | null =>
  given(ledger.financialInfo?.compensationAsk?.yearOneTotal);

/** Comp:Book: the year-one compensation ask over a book (claimed or adjusted). */
export const compToBook = (ask: Amount, book: Amount): number | null => ratio(ask, book);

/** The value of recorded time at standard rates: as typed, else rate × billable hours. */
export function workedValue(period: LedgerPeriod | null | undefined): number | null {
  if (!period) return null;
  const typed = given(period.workedValue);
  if (typed !== null) return typed;
  const rate = given(period.rate);
  const hours = given(period.billableHours);
  return rate === null || hours === null ? null : rate * hours;
}

/** The matter-rate value: effective rate × billable hours (blank when either is). */
function matterRateValue(period: LedgerPeriod): number | null {
  const rate = given(period.effectiveRate);
  const hours = given(period.billableHours);
  return rate === null || hours === null ? null : rate * hours;
}

/** Realization of one period on one basis (collections over billed, worked or matter-rate value). */
export function realization(period: LedgerPeriod | null | undefined, basis: RealizationBasis): number | null {
  if (!period) return null;
  switch (basis) {
    case 'collected_over_billed':
      return ratio(period.collections, period.billedDollars);
    case 'collected_over_worked':
      return ratio(period.collections, workedValue(period));
    case 'collected_over_matter_rate':
      return ratio(period.collections, matterRateValue(period));
  }
}

/** Realization of a period on all three bases, as the form shows it. */
export const realizationOnEveryBasis = (period: LedgerPeriod | null | undefined) => ({
  collected_over_billed: realization(period, 'collected_over_billed'),
  collected_over_worked: realization(period, 'collected_over_worked'),
  collected_over_matter_rate: realization(period, 'collected_over_matter_rate'),
});

/** The first-look realization: the last complete year (lastYear) on `basis`. */
export const lastYearRealization = (ledger: Ledger, basis: RealizationBasis) =>
  realization(ledger.financialInfo?.lastYear, basis);

/** Trend: the compound annual growth of collections, yearBefore → currentYear (two years). */
export function collectionsCagr(ledger: Ledger): number | null {
  const growth = ratio(
    ledger.financialInfo?.currentYear?.collections,
    ledger.financialInfo?.yearBefore?.collections,
  );
  return growth === null ? null : Math.sqrt(growth) - 1;
}

/** Each top client's share of last year's collections (null when either is blank or the total is 0). */
export const clientShares = (ledger: Ledger): (number | null)[] =>
  clientsOf(ledger).map((c) => ratio(c.lastYearCollections, ledger.financialInfo?.lastYear?.collections));

/** The `n` largest clients' last-year collections over last year's collections (null without any client figure). */
function largestShare(ledger: Ledger, n: number): number | null {
  const figures = clientsOf(ledger)
    .map((c) => given(c.lastYearCollections))
    .filter((v): v is number => v !== null)
    .sort((a, b) => b - a);
  if (figures.length === 0) return null;
  const top = figures.slice(0, n).reduce((sum, v) => sum + v, 0);
  return ratio(top, ledger.financialInfo?.lastYear?.collections);
}
/** Concentration: the largest client's share of last year's collections. */
export const topClientShare = (ledger: Ledger) => largestShare(ledger, 1);
/** Concentration: the three largest clients' share of last year's collections. */
export const top3Share = (ledger: Ledger) => largestShare(ledger, 3);

/** Aged receivables share: Σ over 90 days / Σ of all four buckets, over the top clients. */
export function agedReceivablesShare(ledger: Ledger): number | null {
  let aged = 0;
  let all = 0;
  for (const c of clientsOf(ledger)) {
    const r = c.receivables;
    if (!r) continue;
    aged += orZero(r.over90);
    all += orZero(r.current) + orZero(r.d30to60) + orZero(r.d60to90) + orZero(r.over90);
  }
  return ratio(aged, all);
}

/** Team size: the people who would follow with likelihood 'likely'. */
export const teamSize = (ledger: Ledger): number =>
  (ledger.financialInfo?.team ?? []).filter((m) => m.likelihood === 'likely').length;

/** The year's figures the contribution is built on. */
export type Economics = { revenue: number; costs: number; recruiterFee: number };

/**
 * Revenue R = A × (1 + rateChange) × realizationAtFirm; costs K = yearOneTotal + teamCost +
 * overheadPerLawyer × (1 + teamSize); the recruiter's fee F = recruiterFeePct × yearOneTotal.
 */
export function economics(
  ledger: Ledger,
  assumptions: Assumptions,
  book = adjustedBook(ledger, assumptions),
): Economics {
  const ask = compensationAsk(ledger) ?? 0;
  return {
    revenue: book * (1 + assumptions.rateChange) * assumptions.realizationAtFirm,
    costs: ask + assumptions.teamCost + assumptions.overheadPerLawyer * (1 + teamSize(ledger)),
    recruiterFee: assumptions.recruiterFeePct * ask,
  };
}

/** Contribution: year 1 C1 = R − K − F (the fee is paid once); year 2 C2 = R − K. */
export function contribution(e: Economics): { year1: number; year2: number } {
  return { year1: e.revenue - e.costs - e.recruiterFee, year2: e.revenue - e.costs };
}

/**
 * The cumulative contribution month by month, 1…36: month m brings R/12 once m > collectionLagMonths and
 * costs K/12, and month 1 also pays the fee F.
 */
export function monthlyCumulative(
  e: Economics,
  collectionLagMonths: number,
): { month: number; cumulative: number }[] {
  const months: { month: number; cumulative: number }[] = [];
  let total = 0;
  for (let m = 1; m <= HORIZON_MONTHS; m++) {
    total += (m > collectionLagMonths ? e.revenue / 12 : 0) - e.costs / 12 - (m === 1 ? e.recruiterFee : 0);
    months.push({ month: m, cumulative: total });
  }
  return months;
}

/**
 * The breakeven month: the first month whose running total is ≥ 0, else null within 36 months. A cent
 * of rounding is forgiven (sums of twelfths), so a curve that reaches exactly 0 breaks even that month.
 */
export function breakevenMonth(e: Economics, collectionLagMonths: number): number | null {
  const hit = monthlyCumulative(e, collectionLagMonths).find((m) => m.cumulative >= -0.005);
  return hit ? hit.month : null;
}

export type SensitivityRow = {
  label: string;
  adjustedBook: number;
  compToBook: number | null;
  year1: number;
};

/** The portability rates the sensitivity tries: what verified moves show, what candidates expect, all. */
export const SENSITIVITY_PORTABILITY = [
  [0.35, '35% of the claimed book follows'],
  [0.57, '57% of the claimed book follows'],
  [1, 'The whole claimed book follows'],
] as const;
/** How far the sensitivity moves realization at the firm, either way. */
export const SENSITIVITY_REALIZATION_STEP = 0.05;

/**
 * Sensitivity: C1 and Comp:Book with A replaced by B × 0.35, B × 0.57 and B × 1.0; then C1 with
 * realizationAtFirm − 0.05 (not below 0) and + 0.05, on the adjusted book.
 */
export function sensitivity(ledger: Ledger, assumptions: Assumptions): SensitivityRow[] {
  const claimed = claimedBook(ledger);
  const ask = compensationAsk(ledger);
  const rows: SensitivityRow[] = SENSITIVITY_PORTABILITY.map(([share, label]) => {
    const book = claimed * share;
    return {
      label,
      adjustedBook: book,
      compToBook: compToBook(ask, book),
      year1: contribution(economics(ledger, assumptions, book)).year1,
    };
  });
  const adjusted = adjustedBook(ledger, assumptions);
  for (const step of [-SENSITIVITY_REALIZATION_STEP, SENSITIVITY_REALIZATION_STEP]) {
    const realizationAtFirm = Math.max(0, Math.round((assumptions.realizationAtFirm + step) * 1000) / 1000);
    rows.push({
      label: `Realization at the firm ${Math.round(realizationAtFirm * 100)}%`,
      adjustedBook: adjusted,
      compToBook: compToBook(ask, adjusted),
      year1: contribution(economics(ledger, { ...assumptions, realizationAtFirm }, adjusted)).year1,
    });
  }
  return rows;
}
