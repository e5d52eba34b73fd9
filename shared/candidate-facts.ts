import { POSITION_LABELS, POSITIONS } from './attorney';
import { formatMoney } from './format';
import { FINANCIAL_PERIODS } from './master-lpq';
import type { PrefillSource } from './prefill-sources';

type Json = Record<string, unknown>;
const recordOf = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});

/** The profile's position as the forms write it in words ('senior_associate' → 'Senior Associate'). */
export const positionLabel = (position: unknown) =>
  typeof position === 'string' && (POSITIONS as readonly string[]).includes(position)
    ? POSITION_LABELS[position as (typeof POSITIONS)[number]]
    : undefined;

/** One fact with where it may come from, best first. */
export type FactCandidates = readonly (readonly [value: unknown, source: PrefillSource])[];

/**
 * Issue 67 item 10: who the candidate is — current firm, title, bar admissions (with the years the master LPQ
 * gives them), years of experience and practice areas — with where each may come from, best first. The
 * master LPQ is the certified record and comes first; the profile only fills what it does not hold (the
 * profile feeds the master LPQ, it never competes with it). The one definition the package's summary, the
 * attorney's preview (the same summary) and the position LPQ's prefill read.
 */
export function candidateFacts(input: { profile?: unknown; masterLpq?: unknown }) {
  const profile = recordOf(input.profile);
  const lpq = recordOf(input.masterLpq);
  const general = recordOf(lpq.generalInfo);
  const employment = recordOf(lpq.currentEmployment);
  return {
    currentFirm: [
      [employment.employerName, 'master LPQ'],
      [profile.currentFirm, 'profile'],
    ],
    title: [
      [employment.currentPosition, 'master LPQ'],
      [positionLabel(profile.position), 'profile'],
    ],
    barAdmissions: [
      [general.barAdmissions, 'master LPQ'],
      [profile.barAdmissions, 'profile'],
    ],
    // The master LPQ asks no years of experience: the profile's.
    yearsExperience: [[profile.yearsExperience, 'profile']],
    practiceAreas: [[profile.practiceAreas, 'profile']],
  } satisfies Record<string, FactCandidates>;
}

const given = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/** The first given value of a fact, or undefined. */
export const bestOf = (candidates: FactCandidates): unknown => candidates.find(([v]) => given(v))?.[0];

/**
 * Issue 67 item 11: the review page's candidate card — name, current firm and title (the facts above), the
 * portable book and the ask (the master LPQ's compensation expectations). Book and ask are financial: a
 * reader without the hiring parts (the master LPQ absent, PRODUCT.md §9) gets neither (undefined), never a
 * blank.
 */
export function candidateCard(pkg: {
  attorney: { firstName: string; lastName: string };
  profile?: unknown;
  masterLpq?: unknown;
}) {
  const name = `${pkg.attorney.firstName} ${pkg.attorney.lastName}`.trim();
  if (pkg.masterLpq === undefined) return { name };
  const facts = candidateFacts(pkg);
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const firmAndTitle = [text(bestOf(facts.currentFirm)), text(bestOf(facts.title))]
    .filter(Boolean)
    .join(' · ');
  const financial = recordOf(recordOf(pkg.masterLpq).financialInfo);
  return {
    name,
    firmAndTitle,
    book: portableBook(pkg.masterLpq),
    ask: text(financial.compensationExpectations) || null,
  };
}

/**
 * The portable book as the summary words it: the latest period's portable originations, else the sum of the
 * top clients' reasonable projections; null when neither is given.
 */
export function portableBook(masterLpq: unknown): string | null {
  const lpq = recordOf(masterLpq);
  const financial = recordOf(lpq.financialInfo);
  for (const [period, label] of FINANCIAL_PERIODS) {
    const value = formatMoney(recordOf(financial[period]).portableOriginations, '');
    if (value) return `${value} (${label} portable originations)`;
  }
  const clients = recordOf(lpq.clientsInfo).topClients;
  const projected = (Array.isArray(clients) ? clients : [])
    .map((c) => recordOf(c).reasonableProjected)
    .filter((v): v is number => typeof v === 'number');
  return projected.length
    ? `${formatMoney(projected.reduce((a, b) => a + b, 0))} (reasonable projection, top clients)`
    : null;
}
