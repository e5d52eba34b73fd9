import { formatFraction, formatMoney } from '../format';
import { type PORTABILITY_EVIDENCE, REALIZATION_BASIS_LABELS } from '../master-lpq';
import type { Assumptions } from './assumptions';
import type { Flag, FlagCode } from './flags';

/**
 * The words of the firm's workbench (PRODUCT.md §12 'The firm's workbench'): the first look's labels, the
 * assumptions' labels and hints, the flags as the firm reads them (the attorney's wording is theirs: 'the
 * realization you report') and the charts' titles. The screen and the package PDF use these.
 */

/** The first look, in the order the card shows it. */
export const FIRST_LOOK_LABELS = {
  book: 'Portable book (12 months)',
  compAsk: 'Year-one compensation ask',
  compToBook: 'Comp:Book',
  collectionsCagr: 'Trend of collections',
  realization: 'Realization last year',
  topClientShare: 'Largest client',
  top3Share: 'Top three clients',
  agedReceivablesShare: 'Receivables over 90 days',
  teamSize: 'Team likely to follow',
} as const;

export const FIRST_LOOK_HINTS = {
  book: 'Claimed: the sum of the clients’ reasonable projections. Adjusted: after the firm’s haircuts.',
  compToBook: 'The year-one ask over the book, claimed and adjusted.',
  collectionsCagr: 'Growth a year, from the year before last to this year.',
  topClientShare: 'Share of last year’s collections.',
  agedReceivablesShare: 'Of the top clients’ receivables.',
} as const;

export type AssumptionKey = Exclude<keyof Assumptions, 'clientHaircuts'>;

/** How each assumption is typed: a percentage (stored as a fraction), dollars, whole months, or a choice. */
export const ASSUMPTION_FIELDS: readonly {
  key: AssumptionKey;
  label: string;
  hint: string;
  kind: 'percent' | 'signedPercent' | 'money' | 'months' | 'basis';
}[] = [
  {
    key: 'haircut',
    label: 'Haircut',
    hint: 'The share of each client’s projection the firm expects not to follow.',
    kind: 'percent',
  },
  {
    key: 'rateChange',
    label: 'Rate change at the firm',
    hint: 'How the firm’s rates differ from the attorney’s (−10% = lower).',
    kind: 'signedPercent',
  },
  {
    key: 'realizationAtFirm',
    label: 'Realization at the firm',
    hint: 'The share of worked value the firm expects to collect.',
    kind: 'percent',
  },
  {
    key: 'teamCost',
    label: 'Team cost (year one)',
    hint: 'What the team that follows costs the firm.',
    kind: 'money',
  },
  {
    key: 'overheadPerLawyer',
    label: 'Overhead per lawyer',
    hint: 'For the attorney and each likely team member.',
    kind: 'money',
  },
  {
    key: 'recruiterFeePct',
    label: 'Recruiter’s fee',
    hint: 'A share of the year-one compensation, paid once.',
    kind: 'percent',
  },
  {
    key: 'collectionLagMonths',
    label: 'Months before collections',
    hint: 'Months before the first collections arrive.',
    kind: 'months',
  },
  {
    key: 'realizationBasis',
    label: 'Realization basis',
    hint: 'The definition of realization the first look uses.',
    kind: 'basis',
  },
];

export const REALIZATION_BASIS_OPTIONS = Object.entries(REALIZATION_BASIS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** The flags as the firm reads them: a title, and a line of the figures behind it. */
export const FIRM_FLAG_TITLES: Record<FlagCode, string> = {
  projection_above_trend: 'Projection above the trend',
  client_concentration: 'Concentration on one client',
  aged_receivables: 'Aged receivables',
  realization_mismatch: 'Reported realization differs',
  unsupported_projection: 'Projection without evidence',
};

const num = (v: number | string | null | undefined) => (typeof v === 'number' ? v : null);

/** One line of a flag's figures, for the firm (`clientName` names a client by its index). */
export function firmFlagFigures(flag: Flag, clientName: (index: number) => string): string {
  const f = flag.figures;
  switch (flag.code) {
    case 'projection_above_trend':
      return `Claimed book ${formatMoney(num(f.claimedBook))} against this year’s collections of ${formatMoney(num(f.currentYearCollections))} (last year ${formatMoney(num(f.lastYearCollections))}).`;
    case 'client_concentration':
      return `${clientName(num(f.clientIndex) ?? 0)} brought ${formatFraction(num(f.topClientShare))} of last year’s collections.`;
    case 'aged_receivables':
      return `${formatFraction(num(f.agedReceivablesShare))} of the top clients’ receivables are over 90 days old.`;
    case 'realization_mismatch': {
      const basis = typeof f.basis === 'string' ? f.basis : '';
      const label = REALIZATION_BASIS_LABELS[basis as keyof typeof REALIZATION_BASIS_LABELS] ?? basis;
      return `Reported ${formatFraction(num(f.reportedRealization))}; computed ${formatFraction(num(f.computedRealization))} (${label.toLowerCase()}).`;
    }
    case 'unsupported_projection':
      return `${clientName(num(f.clientIndex) ?? 0)}: ${formatMoney(num(f.reasonableProjected))} projected, no evidence that the client would follow.`;
  }
}

/** Portability evidence as the firm reads it (the attorney's labels speak in the first person). */
export const FIRM_EVIDENCE_LABELS: Record<(typeof PORTABILITY_EVIDENCE)[number], string> = {
  originated: 'Originated',
  engagement_in_own_name: 'Engagement in own name',
  client_indicated: 'Client said it would follow',
  institutional_panel: 'On the client’s panel',
};

/** The four charts of §12, each with its text alternative's caption. */
export const CHART_TITLES = {
  periods: 'Collections, billed and worked value',
  shares: 'Each client’s share of last year’s collections',
  book: 'Claimed and adjusted book by client',
  cumulative: 'Cumulative contribution by month',
} as const;

export const BUSINESS_CASE_TEXT = {
  privateNote:
    'Private to your firm: the attorney never sees these assumptions or results. Opening the case is recorded as a view.',
  breakevenNone: 'Not within 36 months',
  clientHaircutPlaceholder: (haircut: number) => `${formatFraction(haircut)} (default)`,
} as const;

/** 'Month 14', or that it does not break even within the horizon. */
export const breakevenText = (month: number | null) =>
  month === null ? BUSINESS_CASE_TEXT.breakevenNone : `Month ${month}`;

/** A client's name as the case shows it: its name, else 'Client N'. */
export const clientLabelOf = (name: string | null | undefined, index: number) =>
  name?.trim() ? name.trim() : `Client ${index + 1}`;

const SHORT_MONEY = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
/** `$1.2M`, `-$350K`: a chart's axis, where a phone has room for a few characters. */
export const formatMoneyShort = (value: number) => SHORT_MONEY.format(value);
