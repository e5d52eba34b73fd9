import { ONBOARDING_EMPLOYMENT_TYPES, type OnboardingValues, POSITION_LABELS, POSITIONS } from './attorney';
import type { BusinessPlanInput } from './business-plan';
import { candidateFacts, positionLabel } from './candidate-facts';
import { type ConflictsFormInput, conflictsFromMasterLpq } from './conflicts';
import type { FileRef } from './files';
import type { MasterLpqBody, MasterLpqInput } from './master-lpq';
import type { PositionLpqFormData } from './position-lpq';
import type { PrefilledFields, PrefillSource } from './prefill-sources';

/**
 * Enter once: every attorney form starts from what the attorney already gave — the name and
 * e-mail of registration, the profile, the master LPQ and, for a position LPQ, their latest other one —
 * and says which fields it filled and from where, so the screen can mark them. A field that already holds
 * a value is never replaced. A firm's own questions are never prefilled: answers belong to one firm.
 */
export type Prefill<T> = { values: T; prefilled: PrefilledFields };

/** What the attorney already gave, as each side holds it (the server's rows, the screen's queries). */
export type AttorneyFacts = {
  user?: { firstName?: string | null; lastName?: string | null; email?: string | null } | null;
  profile?: {
    phone?: string | null;
    currentFirm?: string | null;
    position?: string | null;
    yearsExperience?: number | null;
    barAdmissions?: string | null;
    practiceAreas?: readonly string[] | null;
  } | null;
  masterLpq?: Partial<MasterLpqBody> | null;
};

type Candidate = readonly [value: unknown, source: PrefillSource];

/** Nothing given: absent, null, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/** Two field values are the same answer (texts, numbers, booleans, lists of them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  return Object.is(a, b);
}

/** The value at a dotted path ('clientsInfo.topClients.0.clientName'), own properties only. */
export function valueAt(values: unknown, path: string): unknown {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function setAt(values: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let at = values;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]] = value;
}

const firstGiven = (candidates: readonly Candidate[]) => candidates.find(([value]) => !isEmptyValue(value));

/** Each path left empty in `values` takes its first given candidate; `values` itself is not changed. */
function fillEmpty<T>(values: T, table: Record<string, readonly Candidate[]>): Prefill<T> {
  const out = structuredClone(values) as Record<string, unknown>;
  const prefilled: PrefilledFields = {};
  for (const [path, candidates] of Object.entries(table)) {
    if (!isEmptyValue(valueAt(out, path))) continue;
    const given = firstGiven(candidates);
    if (!given) continue;
    setAt(out, path, structuredClone(given[0]));
    prefilled[path] = given[1];
  }
  return { values: out as T, prefilled };
}

const fullName = (user: AttorneyFacts['user']) =>
  [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The master LPQ from registration and the profile: name, e-mail, phone, bar admissions, current employer
 * and position, wherever the template (as saved, `values`) has none yet.
 */
export function prefillMasterLpq(values: MasterLpqInput, facts: AttorneyFacts): Prefill<MasterLpqInput> {
  const { user, profile } = facts;
  return fillEmpty(values, {
    'generalInfo.name': [[fullName(user), 'registration']],
    'generalInfo.email': [[user?.email, 'registration']],
    'generalInfo.phone': [[profile?.phone, 'profile']],
    'generalInfo.barAdmissions': [[profile?.barAdmissions, 'profile']],
    'currentEmployment.employerName': [[profile?.currentFirm, 'profile']],
    'currentEmployment.currentPosition': [[positionLabel(profile?.position), 'profile']],
  });
}

/** The position LPQ's fields a prefill fills (its documents are the package's, never marked). */
export const POSITION_LPQ_PREFILL_FIELDS = [
  'name',
  'email',
  'phone',
  'address',
  'barAdmissions',
  'currentFirm',
  'position',
  'yearsExperience',
  'practiceAreas',
  'significantMatters',
  'publications',
  'clientOriginationExperience',
  'portableBusiness',
  'clientRelationships',
  'references',
] as const satisfies readonly (keyof PositionLpqFormData)[];
type PositionLpqPrefillField = (typeof POSITION_LPQ_PREFILL_FIELDS)[number];

export type PositionLpqFacts = AttorneyFacts & {
  /** The attorney's latest other position LPQ they saved or submitted: its formData only, never firmAnswers. */
  previousLpq?: Partial<PositionLpqFormData> | Record<string, unknown> | null;
  /** The documents of the package being shared. */
  documents?: FileRef[];
};

/** Where each position LPQ field may come from, best first; the previous LPQ is always the last resort. */
function positionLpqCandidates(facts: PositionLpqFacts): Record<PositionLpqPrefillField, Candidate[]> {
  const { user, profile } = facts;
  const lpq = facts.masterLpq ?? {};
  const previous = (facts.previousLpq ?? {}) as Record<string, unknown>;
  const candidate = candidateFacts({ profile, masterLpq: lpq });
  const table: Record<PositionLpqPrefillField, Candidate[]> = {
    name: [
      [lpq.generalInfo?.name, 'master LPQ'],
      [fullName(user), 'registration'],
    ],
    email: [
      [lpq.generalInfo?.email, 'master LPQ'],
      [user?.email, 'registration'],
    ],
    phone: [
      [profile?.phone, 'profile'],
      [lpq.generalInfo?.phone, 'master LPQ'],
    ],
    address: [[lpq.generalInfo?.address, 'master LPQ']],
    // Issue 67: who the candidate is, as the package's summary reads it (the master LPQ first).
    barAdmissions: [...candidate.barAdmissions],
    currentFirm: [...candidate.currentFirm],
    position: [...candidate.title],
    yearsExperience: [...candidate.yearsExperience],
    practiceAreas: [...candidate.practiceAreas],
    significantMatters: [],
    publications: [],
    clientOriginationExperience: [[lpq.financialInfo?.businessDevelopment, 'master LPQ']],
    portableBusiness: [[lpq.clientsInfo?.clientPortability, 'master LPQ']],
    clientRelationships: [[lpq.clientsInfo?.clientRelationships, 'master LPQ']],
    references: [[lpq.disclosures?.references, 'master LPQ']],
  };
  for (const field of POSITION_LPQ_PREFILL_FIELDS) table[field].push([previous[field], 'your previous LPQ']);
  return table;
}

/**
 * A new position LPQ (at share time, PRODUCT.md §5): every field from the name, e-mail, profile and master
 * LPQ, and what none of them holds (significant matters, publications…) from the attorney's previous LPQ,
 * so a second firm's LPQ asks only that firm's own questions.
 */
export function prefillPositionLpq(facts: PositionLpqFacts): Prefill<PositionLpqFormData> {
  const values: Record<string, unknown> = {};
  const prefilled: PrefilledFields = {};
  for (const [field, candidates] of Object.entries(positionLpqCandidates(facts))) {
    const given = firstGiven(candidates);
    if (!given) continue;
    values[field] = structuredClone(given[0]);
    prefilled[field] = given[1];
  }
  values.documents = facts.documents ?? [];
  return { values: values as PositionLpqFormData, prefilled };
}

/**
 * The position LPQ fields whose stored value is still what a source holds, with that source: what the
 * screen marks as prefilled. A field the attorney changed is no longer marked.
 */
export function positionLpqPrefillMarks(
  formData: Partial<PositionLpqFormData> | Record<string, unknown>,
  facts: PositionLpqFacts,
): PrefilledFields {
  const marks: PrefilledFields = {};
  for (const [field, candidates] of Object.entries(positionLpqCandidates(facts))) {
    const stored = (formData as Record<string, unknown>)[field];
    if (isEmptyValue(stored)) continue;
    const match = candidates.find(([value]) => !isEmptyValue(value) && sameValue(value, stored));
    if (match) marks[field] = match[1];
  }
  return marks;
}

/**
 * Spec §4's auto-populate, kept: the master LPQ's name, its top clients not already listed (billings from
 * YTD, else last year's collections) and the employer note; plus the attorney's name from registration and
 * the firm name from the profile or master LPQ when the form has none. Filled texts are never replaced.
 */
export function prefillConflictsForm(
  current: ConflictsFormInput,
  facts: AttorneyFacts,
): Prefill<ConflictsFormInput> {
  const lpq = facts.masterLpq ?? null;
  const fromLpq = lpq ? conflictsFromMasterLpq(lpq) : null;
  const filled = fillEmpty(current, {
    attorneyName: [
      [fromLpq?.attorneyName, 'master LPQ'],
      [fullName(facts.user), 'registration'],
    ],
    firmName: [
      [facts.profile?.currentFirm, 'profile'],
      [lpq?.currentEmployment?.employerName, 'master LPQ'],
    ],
  });
  const values = filled.values;
  const prefilled = { ...filled.prefilled };
  if (!fromLpq) return { values, prefilled };

  const clients = [...(values.currentClients ?? [])];
  const listed = new Set(clients.map((c) => c.clientName?.trim().toLowerCase()));
  for (const client of fromLpq.currentClients) {
    if (listed.has(client.clientName.trim().toLowerCase())) continue;
    const i = clients.push(client) - 1;
    prefilled[`currentClients.${i}.clientName`] = 'master LPQ';
    if (client.annualBillings) prefilled[`currentClients.${i}.annualBillings`] = 'master LPQ';
  }
  values.currentClients = clients;

  // PRODUCT.md §13: a matter per current client not already in a matter.
  const matters = [...(values.matters ?? [])];
  const inMatters = new Set(matters.map((m) => m.clientName?.trim().toLowerCase()));
  for (const matter of fromLpq.matters) {
    if (inMatters.has(matter.clientName.trim().toLowerCase())) continue;
    const i = matters.push(matter) - 1;
    prefilled[`matters.${i}.clientName`] = 'master LPQ';
  }
  values.matters = matters;

  const note = fromLpq.potentialConflicts;
  const existing = values.potentialConflicts?.trim() ?? '';
  if (note && !existing.includes(note)) {
    values.potentialConflicts = [existing, note].filter(Boolean).join('\n');
    if (!existing) prefilled.potentialConflicts = 'master LPQ';
  }
  return { values, prefilled };
}

/**
 * The business plan from the master LPQ and the profile: the professional summary as the business
 * description, the practice areas, the top clients as the target market, business development as client
 * acquisition, and support staff, technology and office space as the operations plan.
 */
export function prefillBusinessPlan(
  values: BusinessPlanInput,
  facts: AttorneyFacts,
): Prefill<BusinessPlanInput> {
  const lpq = facts.masterLpq ?? {};
  const requirements = lpq.practiceRequirements;
  const clientNames = (lpq.clientsInfo?.topClients ?? [])
    .map((c) => c.clientName?.trim())
    .filter(Boolean)
    .join(', ');
  const filled = fillEmpty(values, {
    'executiveSummary.businessDescription': [[lpq.generalInfo?.personalSummary, 'master LPQ']],
    'marketAnalysis.targetMarket': [[clientNames && `Current clients: ${clientNames}`, 'master LPQ']],
    'businessDevelopment.clientAcquisition': [[lpq.financialInfo?.businessDevelopment, 'master LPQ']],
    'operationsPlan.staffingPlan': [
      [requirements?.supportStaff, 'master LPQ'],
      [requirements?.supportNeeded, 'master LPQ'],
    ],
    'operationsPlan.technologyNeeds': [[requirements?.technology, 'master LPQ']],
    'operationsPlan.officeRequirements': [[requirements?.officeSpace, 'master LPQ']],
  });
  const areas = facts.profile?.practiceAreas ?? [];
  const plan = filled.values;
  if (areas.length && isEmptyValue(plan.legalServices?.practiceAreas)) {
    plan.legalServices = {
      ...plan.legalServices,
      practiceAreas: areas.map((area) => ({ area, description: '', targetClients: '', pricingStrategy: '' })),
    } as BusinessPlanInput['legalServices'];
    areas.forEach((_, i) => {
      filled.prefilled[`legalServices.practiceAreas.${i}.area`] = 'profile';
    });
  }
  return filled;
}

/** Profile fields the master LPQ also asks for, where the profile has none: phone, firm, position, bar. */
const profileFromMasterLpq = (lpq: Partial<MasterLpqBody>): Record<string, readonly Candidate[]> => {
  const position = lpq.currentEmployment?.currentPosition?.trim().toLowerCase();
  return {
    phone: [[lpq.generalInfo?.phone, 'master LPQ']],
    currentFirm: [[lpq.currentEmployment?.employerName, 'master LPQ']],
    position: [[POSITIONS.find((p) => POSITION_LABELS[p].toLowerCase() === position), 'master LPQ']],
    barAdmissions: [[lpq.generalInfo?.barAdmissions, 'master LPQ']],
  };
};

/** The attorney profile from the master LPQ, where the profile has none. */
export function prefillProfile<T extends Record<string, unknown>>(
  values: T,
  facts: AttorneyFacts,
): Prefill<T> {
  return fillEmpty(values, profileFromMasterLpq(facts.masterLpq ?? {}));
}

/**
 * Onboarding from the master LPQ (the profile fields it also asks for) and the profile's position as the
 * employment type, where it names one (a partner may be equity or not, so that one is left to choose) and
 * the master LPQ has no current position of its own (the employment type is saved as that position).
 */
export function prefillOnboarding(values: OnboardingValues, facts: AttorneyFacts): Prefill<OnboardingValues> {
  const position = facts.profile?.position;
  const ownPosition = facts.masterLpq?.currentEmployment?.currentPosition;
  const employmentType = isEmptyValue(ownPosition)
    ? ONBOARDING_EMPLOYMENT_TYPES.find((t) => t === position)
    : undefined;
  return fillEmpty(values, {
    ...profileFromMasterLpq(facts.masterLpq ?? {}),
    employmentType: [[employmentType, 'profile']],
  });
}
