import type { RealizationBasis } from '../master-lpq';
import { type Assumptions, DEFAULT_ASSUMPTIONS } from './assumptions';
import { type Flag, flagsOf } from './flags';
import {
  adjustedBook,
  agedReceivablesShare,
  breakevenMonth,
  claimedBook,
  clientHaircut,
  clientShares,
  collectionsCagr,
  compensationAsk,
  compToBook,
  contribution,
  economics,
  type Ledger,
  lastYearRealization,
  monthlyCumulative,
  realizationOnEveryBasis,
  type SensitivityRow,
  sensitivity,
  teamSize,
  top3Share,
  topClientShare,
} from './formulas';

/**
 * PRODUCT.md §12 in one module: the attorney's figures and flags, the firm's assumptions with their
 * defaults, the contribution, the breakeven month and the sensitivity. The attorney's checks, the firm's
 * workbench, the PDF and the XLSX all compute through it.
 */
export * from './assumptions';
export * from './flags';
export * from './formulas';

type Realizations = ReturnType<typeof realizationOnEveryBasis>;

/** What the attorney's form and checks show as computed (claimed figures only: no firm's haircut). */
export type AttorneyFigures = {
  claimedBook: number;
  compAsk: number | null;
  compToBookClaimed: number | null;
  collectionsCagr: number | null;
  /** The first look's realization: last year on the attorney's stated basis (else the default basis). */
  realization: { basis: RealizationBasis; value: number | null };
  realizationByPeriod: {
    yearBefore: Realizations;
    lastYear: Realizations;
    currentYear: Realizations;
    ytd: Realizations;
  };
  topClientShare: number | null;
  top3Share: number | null;
  agedReceivablesShare: number | null;
  teamSize: number;
  /** Each top client's share of last year's collections, by index. */
  clientShares: (number | null)[];
};

/** The attorney's computed figures (GET /api/attorney/master-lpq/checks, and the form as it is typed). */
export function attorneyFigures(ledger: Ledger): AttorneyFigures {
  const fin = ledger.financialInfo ?? {};
  const basis = fin.realizationBasis ?? DEFAULT_ASSUMPTIONS.realizationBasis;
  const book = claimedBook(ledger);
  const ask = compensationAsk(ledger);
  return {
    claimedBook: book,
    compAsk: ask,
    compToBookClaimed: compToBook(ask, book),
    collectionsCagr: collectionsCagr(ledger),
    realization: { basis, value: lastYearRealization(ledger, basis) },
    realizationByPeriod: {
      yearBefore: realizationOnEveryBasis(fin.yearBefore),
      lastYear: realizationOnEveryBasis(fin.lastYear),
      currentYear: realizationOnEveryBasis(fin.currentYear),
      ytd: realizationOnEveryBasis(fin.ytd),
    },
    topClientShare: topClientShare(ledger),
    top3Share: top3Share(ledger),
    agedReceivablesShare: agedReceivablesShare(ledger),
    teamSize: teamSize(ledger),
    clientShares: clientShares(ledger),
  };
}

/** The attorney's checks: the figures and the flags on the default assumptions. */
export function attorneyChecks(ledger: Ledger): { figures: AttorneyFigures; flags: Flag[] } {
  return { figures: attorneyFigures(ledger), flags: flagsOf(ledger, DEFAULT_ASSUMPTIONS) };
}

/** The firm's business case on a ledger and its assumptions (§12 'The firm's workbench', without the version). */
export type BusinessCase = {
  assumptions: Assumptions;
  firstLook: {
    claimedBook: number;
    adjustedBook: number;
    compAsk: number | null;
    compToBookClaimed: number | null;
    compToBookAdjusted: number | null;
    collectionsCagr: number | null;
    realization: { basis: RealizationBasis; value: number | null };
    topClientShare: number | null;
    top3Share: number | null;
    agedReceivablesShare: number | null;
    teamSize: number;
  };
  contribution: { year1: number; year2: number };
  breakevenMonth: number | null;
  sensitivity: SensitivityRow[];
  flags: Flag[];
  clients: {
    index: number;
    clientName: string;
    claimed: number;
    haircut: number;
    adjusted: number;
    share: number | null;
    evidence: string[];
  }[];
  monthly: { month: number; cumulative: number }[];
};

export function businessCase(ledger: Ledger, assumptions: Assumptions = DEFAULT_ASSUMPTIONS): BusinessCase {
  const claimed = claimedBook(ledger);
  const adjusted = adjustedBook(ledger, assumptions);
  const ask = compensationAsk(ledger);
  const e = economics(ledger, assumptions, adjusted);
  const shares = clientShares(ledger);
  return {
    assumptions,
    firstLook: {
      claimedBook: claimed,
      adjustedBook: adjusted,
      compAsk: ask,
      compToBookClaimed: compToBook(ask, claimed),
      compToBookAdjusted: compToBook(ask, adjusted),
      collectionsCagr: collectionsCagr(ledger),
      realization: {
        basis: assumptions.realizationBasis,
        value: lastYearRealization(ledger, assumptions.realizationBasis),
      },
      topClientShare: topClientShare(ledger),
      top3Share: top3Share(ledger),
      agedReceivablesShare: agedReceivablesShare(ledger),
      teamSize: teamSize(ledger),
    },
    contribution: contribution(e),
    breakevenMonth: breakevenMonth(e, assumptions.collectionLagMonths),
    sensitivity: sensitivity(ledger, assumptions),
    flags: flagsOf(ledger, assumptions),
    clients: (ledger.clientsInfo?.topClients ?? []).map((c, index) => {
      const claimedOne = typeof c.reasonableProjected === 'number' ? c.reasonableProjected : 0;
      const haircut = clientHaircut(assumptions, index);
      return {
        index,
        clientName: c.clientName ?? '',
        claimed: claimedOne,
        haircut,
        adjusted: claimedOne * (1 - haircut),
        share: shares[index],
        evidence: [...(c.portabilityEvidence ?? [])],
      };
    }),
    monthly: monthlyCumulative(e, assumptions.collectionLagMonths),
  };
}
