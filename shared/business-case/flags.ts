import { formatFraction, formatMoney } from '../format';
import { REALIZATION_BASIS_LABELS } from '../master-lpq';
import { type Assumptions, DEFAULT_ASSUMPTIONS } from './assumptions';
import {
  agedReceivablesShare,
  claimedBook,
  given,
  type Ledger,
  lastYearRealization,
  topClientShare,
} from './formulas';

/** The questions a firm will ask (PRODUCT.md §12 flags), with their thresholds. */
export const FLAG_CODES = [
  'projection_above_trend',
  'client_concentration',
  'aged_receivables',
  'realization_mismatch',
  'unsupported_projection',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];
export const FLAG_THRESHOLDS = {
  /** The claimed book may be up to 1.25 × this year's collections when collections fall. */
  projectionOverCollections: 1.25,
  topClientShare: 0.15,
  agedReceivablesShare: 0.2,
  /** Two points of realization, as a fraction. */
  realizationTolerance: 0.02,
} as const;

/** What the attorney sees as the flag's title, after 'Firms are likely to ask about …'. */
export const FLAG_TITLES: Record<FlagCode, string> = {
  projection_above_trend: 'a projection above the trend',
  client_concentration: 'how much rests on one client',
  aged_receivables: 'receivables over 90 days',
  realization_mismatch: 'the realization you report',
  unsupported_projection: 'a projection without evidence',
};

export type Flag = {
  code: FlagCode;
  message: string;
  /** The numbers behind the flag (fractions and dollars). */
  figures: Record<string, number | string | null>;
  /** The dotted path of the field to fix ('clientsInfo.topClients.2.portabilityEvidence'). */
  field: string;
};

const money = (v: number) => formatMoney(v);
const clientLabel = (name: string | null | undefined, index: number) =>
  name?.trim() ? name.trim() : `Client ${index + 1}`;

/**
 * The flags of §12 on a ledger, in the order of FLAG_CODES (a flag per client for unsupported projections).
 * The attorney's checks use the default assumptions (for the realization basis when the attorney states none).
 */
export function flagsOf(ledger: Ledger, assumptions: Assumptions = DEFAULT_ASSUMPTIONS): Flag[] {
  const flags: Flag[] = [];
  const fin = ledger.financialInfo ?? {};
  const clients = ledger.clientsInfo?.topClients ?? [];

  const book = claimedBook(ledger);
  const current = given(fin.currentYear?.collections);
  const last = given(fin.lastYear?.collections);
  if (
    current !== null &&
    last !== null &&
    current < last &&
    book > FLAG_THRESHOLDS.projectionOverCollections * current
  )
    flags.push({
      code: 'projection_above_trend',
      message: `The claimed book (${money(book)}) is more than 1.25 × this year's collections (${money(current)}), which are below last year's (${money(last)}).`,
      figures: { claimedBook: book, currentYearCollections: current, lastYearCollections: last },
      field: 'financialInfo.currentYear.collections',
    });

  const top = topClientShare(ledger);
  if (top !== null && top > FLAG_THRESHOLDS.topClientShare) {
    let largest = 0;
    clients.forEach((c, i) => {
      if ((given(c.lastYearCollections) ?? -1) > (given(clients[largest].lastYearCollections) ?? -1))
        largest = i;
    });
    flags.push({
      code: 'client_concentration',
      message: `${clientLabel(clients[largest]?.clientName, largest)} brought ${formatFraction(top)} of last year's collections (more than 15%).`,
      figures: { topClientShare: top, clientIndex: largest },
      field: `clientsInfo.topClients.${largest}.lastYearCollections`,
    });
  }

  const aged = agedReceivablesShare(ledger);
  if (aged !== null && aged > FLAG_THRESHOLDS.agedReceivablesShare) {
    let oldest = 0;
    clients.forEach((c, i) => {
      if ((given(c.receivables?.over90) ?? 0) > (given(clients[oldest].receivables?.over90) ?? 0)) oldest = i;
    });
    flags.push({
      code: 'aged_receivables',
      message: `${formatFraction(aged)} of the top clients' receivables are over 90 days old (more than 20%).`,
      figures: { agedReceivablesShare: aged, clientIndex: oldest },
      field: `clientsInfo.topClients.${oldest}.receivables.over90`,
    });
  }

  const reported = given(fin.reportedRealization);
  const basis = fin.realizationBasis ?? assumptions.realizationBasis;
  const computed = lastYearRealization(ledger, basis);
  if (
    reported !== null &&
    computed !== null &&
    // Rounded to a hundredth of a point, so 0.95 − 0.93 is not read as a hair over 0.02.
    Math.round(Math.abs(reported / 100 - computed) * 10000) > FLAG_THRESHOLDS.realizationTolerance * 10000
  )
    flags.push({
      code: 'realization_mismatch',
      message: `The realization you report (${formatFraction(reported / 100)}) differs by more than 2 points from last year's, computed as ${REALIZATION_BASIS_LABELS[basis].toLowerCase()} (${formatFraction(computed)}).`,
      figures: { reportedRealization: reported / 100, computedRealization: computed, basis },
      field: 'financialInfo.reportedRealization',
    });

  clients.forEach((c, i) => {
    const projected = given(c.reasonableProjected) ?? 0;
    if (projected > 0 && !(c.portabilityEvidence && c.portabilityEvidence.length > 0))
      flags.push({
        code: 'unsupported_projection',
        message: `${clientLabel(c.clientName, i)}: a reasonable projection of ${money(projected)} with no evidence that the client would follow.`,
        figures: { clientIndex: i, reasonableProjected: projected },
        field: `clientsInfo.topClients.${i}.portabilityEvidence`,
      });
  });
  return flags;
}
