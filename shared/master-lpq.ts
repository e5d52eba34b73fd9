import { z } from 'zod';
import { type FileRef, fileReferenceSchema } from './files';
import {
  FIELD_MESSAGES,
  isFilled,
  list,
  optionalBoolean,
  optionalDate,
  optionalNumber,
  optionalText,
} from './form-fields';
import { LIMITS } from './limits';
import { DISCLOSURE_FLAGS, disclosuresSchema, explanationKey } from './master-lpq-disclosures';

/** Spec §5 master LPQ messages, verbatim. */
export const MASTER_LPQ_MESSAGES = {
  name: 'Name is required',
  address: 'Address is required',
  email: 'Valid email is required',
  phone: 'Phone is required',
  barAdmissions: 'Bar admissions are required',
  employerName: 'Current employer is required',
  startDate: 'Start date is required',
  currentPosition: 'Current position is required',
  reasonForDeparture: 'Reason for departure is required',
  priorEmployerName: 'Employer name is required',
  departureDate: 'Departure date is required',
  compensationExpectations: 'Compensation expectations are required',
  employeeType: 'Employee type must be W2, K1 or other',
  clientName: 'Client name is required',
  isKeyRelationshipManager: 'Please explain relationship management',
  shareOriginationCredit: 'Please explain origination credit',
  portedClientsHistory: 'Please explain ported clients',
  portabilityDependencies: 'Please explain portability dependencies',
  specialFeeArrangements: 'Please explain fee arrangements',
  supportNeeded: 'Support requirements are required',
  marketingBudget: 'Marketing budget requirements are required',
  portabilityLikelihood: 'Portability likelihood must be a whole percentage from 0 to 100',
  amount: 'Must be a number of 0 or more',
  /** PRODUCT.md §12: the attorney's figures. */
  realizationBasis: 'Choose collected over billed, collected over worked or collected over matter rate',
  reportedRealization: 'Reported realization must be a percentage from 0 to 200',
  guaranteeMonths: 'Guarantee months must be a whole number from 0 to 36',
  teamRole: 'Role must be partner, counsel, associate, paralegal or other',
  teamLikelihood: 'Likelihood must be likely, possible or unlikely',
  classYear: 'Class year must be a year from 1950 to 2100',
  creditType: 'Credit must be origination, responsible, working or shared',
  creditShare: 'Credit share must be a percentage from 0 to 100',
  feeArrangement: 'Fee arrangement must be hourly, fixed, contingent, capped, retainer or mixed',
  portabilityEvidence:
    'Evidence must be originated, engagement in own name, client indicated or institutional panel, each once',
  /** A disclosure question left without a Yes or a No. */
  disclosureUnanswered: 'Please answer Yes or No',
} as const;

/** Spec 2.12: the seven steps of the master LPQ page. */
export const MASTER_LPQ_STEPS = [
  'General Information',
  'Professional Experience',
  'Financial Information',
  'Client Information',
  'Practice Requirements',
  'Disclosures',
  'Documents',
] as const;
const STEP_OF_SECTION: Record<string, number> = {
  generalInfo: 0,
  currentEmployment: 1,
  priorEmployment: 1,
  financialInfo: 2,
  clientsInfo: 3,
  practiceRequirements: 4,
  disclosures: 5,
  resumeUrl: 6,
  conflictsFormUrl: 6,
  diversityFormUrl: 6,
  documents: 6,
};
/** The step (0-based) that holds a field, from its dotted path ('clientsInfo.topClients.0.clientName'). */
export const stepOfField = (path: string) => STEP_OF_SECTION[path.split('.')[0]] ?? 0;

export const EMPLOYEE_TYPES = ['W2', 'K1', 'other'] as const;
export const EMPLOYEE_TYPE_LABELS: Record<(typeof EMPLOYEE_TYPES)[number], string> = {
  W2: 'W2 (employee)',
  K1: 'K1 (partner)',
  other: 'Other',
};

const S = LIMITS.shortText;
const M = LIMITS.mediumText;
const L = LIMITS.longText;
const amount = () => optionalNumber({ min: 0, message: MASTER_LPQ_MESSAGES.amount });
/** '$1,250,000' → 1250000, '' → null; anything else is left for the number check to refuse. */
function numberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const bare = value.replace(/[$,\s]/g, '');
  if (bare === '') return null;
  const n = Number(bare);
  return Number.isFinite(n) ? n : value;
}
/**
 * A dollar amount the form once took as free text (current and expected compensation, billing rate…):
 * stored as a number now; a numeric text sent by an older client ('950', '$1,200,000') still counts.
 */
const amountFromText = () => z.preprocess(numberFromText, amount()) as unknown as ReturnType<typeof amount>;
/** '95%' or '95' → 95 (PRODUCT.md §12: a percentage typed either way), '' → null. */
function percentFromText(value: unknown): unknown {
  return typeof value === 'string' ? numberFromText(value.replace(/%\s*$/, '')) : value;
}
/** A percentage (0–max) as the attorney types it; stored as the number (95, not 0.95). */
const percentage = (max: number, message: string) =>
  z.preprocess(percentFromText, optionalNumber({ min: 0, max, message })) as unknown as ReturnType<
    typeof optionalNumber
  >;
/** A money amount of the §12 figures: a number, or a typed '$1,250,000'. */
const money = amountFromText;
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message }).nullable().optional();

export const generalInfoSchema = z.object({
  name: optionalText(S),
  address: optionalText(M),
  email: optionalText(LIMITS.emailMax).refine(
    (v) => !v || z.email().safeParse(v).success,
    MASTER_LPQ_MESSAGES.email,
  ),
  phone: optionalText(S),
  barAdmissions: optionalText(M),
  /** The onboarding wizard's personal summary. */
  personalSummary: optionalText(L),
});

export const currentEmploymentSchema = z.object({
  employerName: optionalText(S),
  startDate: optionalDate(),
  currentPosition: optionalText(S),
  reasonForDeparture: optionalText(M),
});

export const priorEmploymentSchema = z.object({
  employerName: optionalText(S),
  startDate: optionalDate(),
  departureDate: optionalDate(),
  reasonForDeparture: optionalText(M),
});

/**
 * One period of the financial table (PRODUCT.md §6): numbers, each optional. §12 adds the non-billable hours
 * and the worked value (recorded time at standard rates; when blank the formulas use rate × billableHours).
 */
export const financialPeriodSchema = z.object({
  rate: amount(),
  effectiveRate: amount(),
  billableHours: amount(),
  collections: amount(),
  billedDollars: amount(),
  portableOriginations: amount(),
  workingAttorneyTime: amount(),
  nonBillableHours: amount(),
  workedValue: money(),
});

/** PRODUCT.md §12: the three bases of realization a firm may mean. */
export const REALIZATION_BASES = [
  'collected_over_billed',
  'collected_over_worked',
  'collected_over_matter_rate',
] as const;
export type RealizationBasis = (typeof REALIZATION_BASES)[number];
export const TEAM_ROLES = ['partner', 'counsel', 'associate', 'paralegal', 'other'] as const;
export const TEAM_LIKELIHOODS = ['likely', 'possible', 'unlikely'] as const;
export const CREDIT_TYPES = ['origination', 'responsible', 'working', 'shared'] as const;
export const FEE_ARRANGEMENTS = ['hourly', 'fixed', 'contingent', 'capped', 'retainer', 'mixed'] as const;
export const PORTABILITY_EVIDENCE = [
  'originated',
  'engagement_in_own_name',
  'client_indicated',
  'institutional_panel',
] as const;
/** The labels of §12's choices, as the form, the package and the PDF show them (never the codes). */
export const REALIZATION_BASIS_LABELS: Record<RealizationBasis, string> = {
  collected_over_billed: 'Collected over billed',
  collected_over_worked: 'Collected over worked value',
  collected_over_matter_rate: 'Collected over matter rate',
};
/** One line on each basis, beside the computed realization. */
export const REALIZATION_BASIS_DEFINITIONS: Record<RealizationBasis, string> = {
  collected_over_billed: 'Collections ÷ billed dollars: what clients paid of what was invoiced.',
  collected_over_worked:
    'Collections ÷ worked value (recorded time at standard rates): what was paid of all the time recorded.',
  collected_over_matter_rate:
    'Collections ÷ (effective rate × billable hours): what was paid of the time at the rates agreed for the matters.',
};
export const TEAM_ROLE_LABELS: Record<(typeof TEAM_ROLES)[number], string> = {
  partner: 'Partner',
  counsel: 'Counsel',
  associate: 'Associate',
  paralegal: 'Paralegal',
  other: 'Other',
};
export const TEAM_LIKELIHOOD_LABELS: Record<(typeof TEAM_LIKELIHOODS)[number], string> = {
  likely: 'Likely',
  possible: 'Possible',
  unlikely: 'Unlikely',
};
export const CREDIT_TYPE_LABELS: Record<(typeof CREDIT_TYPES)[number], string> = {
  origination: 'Origination credit',
  responsible: 'Responsible (billing) credit',
  working: 'Working credit',
  shared: 'Shared credit',
};
/** One line on each kind of credit. */
export const CREDIT_TYPE_DEFINITIONS: Record<(typeof CREDIT_TYPES)[number], string> = {
  origination: 'You brought the client to the firm.',
  responsible: 'You manage the relationship and the billing, whoever brought the client.',
  working: 'You recorded the time; someone else holds the relationship.',
  shared: 'The credit is split with other partners (say your share).',
};
export const FEE_ARRANGEMENT_LABELS: Record<(typeof FEE_ARRANGEMENTS)[number], string> = {
  hourly: 'Hourly',
  fixed: 'Fixed fee',
  contingent: 'Contingent',
  capped: 'Capped fee',
  retainer: 'Retainer',
  mixed: 'Mixed',
};
export const PORTABILITY_EVIDENCE_LABELS: Record<(typeof PORTABILITY_EVIDENCE)[number], string> = {
  originated: 'I originated the client',
  engagement_in_own_name: 'The engagement letter is in my name',
  client_indicated: 'The client has said it would follow',
  institutional_panel: 'I am on the client’s panel in my own right',
};
/** The receivables buckets by age, in order. */
export const RECEIVABLE_BUCKETS = [
  ['current', 'Current (under 30 days)'],
  ['d30to60', '30–60 days'],
  ['d60to90', '60–90 days'],
  ['over90', 'Over 90 days'],
] as const;

/** §12: at most 20 team members and 20 items of potential business. */
export const LEDGER_LIMITS = { teamMax: 20, potentialBusinessMax: 20 } as const;

/** §12: the year to date. */
export const ytdSchema = z.object({
  through: optionalDate(),
  billableHours: amount(),
  billedDollars: money(),
  collections: money(),
});
/** One year's compensation: the total and how much of it is fixed and variable. */
export const compensationYearSchema = z.object({ total: money(), fixed: money(), variable: money() });
export const compensationHistorySchema = z.object({
  currentYear: compensationYearSchema.optional(),
  lastYear: compensationYearSchema.optional(),
  yearBefore: compensationYearSchema.optional(),
});
export const compensationAskSchema = z.object({
  yearOneTotal: money(),
  guaranteeMonths: z.preprocess(
    numberFromText,
    optionalNumber({ int: true, min: 0, max: 36, message: MASTER_LPQ_MESSAGES.guaranteeMonths }),
  ) as unknown as ReturnType<typeof optionalNumber>,
  notes: optionalText(M),
});
/** Someone who would follow the attorney. */
export const teamMemberSchema = z.object({
  role: optionalEnum(TEAM_ROLES, MASTER_LPQ_MESSAGES.teamRole),
  classYear: z.preprocess(
    numberFromText,
    optionalNumber({ int: true, min: 1950, max: 2100, message: MASTER_LPQ_MESSAGES.classYear }),
  ) as unknown as ReturnType<typeof optionalNumber>,
  billableHours: amount(),
  rate: money(),
  likelihood: optionalEnum(TEAM_LIKELIHOODS, MASTER_LPQ_MESSAGES.teamLikelihood),
});
/** A client's receivables by age. */
export const receivablesSchema = z.object({
  current: money(),
  d30to60: money(),
  d60to90: money(),
  over90: money(),
});
/** New work the attorney expects to bring: never counted as portable. */
export const potentialBusinessSchema = z.object({ description: optionalText(M), projected: money() });
export const FINANCIAL_PERIODS = [
  ['currentYear', 'Current Year'],
  ['lastYear', 'Last Year'],
  ['yearBefore', 'Year Before'],
] as const;
export const FINANCIAL_PERIOD_FIELDS = [
  ['rate', 'Rate'],
  ['effectiveRate', 'Effective Rate'],
  ['billableHours', 'Billable Hours'],
  ['collections', 'Collections'],
  ['billedDollars', 'Billed Dollars'],
  ['portableOriginations', 'Portable Originations'],
  ['workingAttorneyTime', 'Working Attorney Time'],
  ['nonBillableHours', 'Non-billable Hours'],
  ['workedValue', 'Worked Value'],
] as const;
/** The unit a figure is in when its name does not say it (issue 67: Working Attorney Time is hours). */
export const FINANCIAL_FIELD_UNITS: Partial<Record<(typeof FINANCIAL_PERIOD_FIELDS)[number][0], string>> = {
  workingAttorneyTime: 'hours',
};
/** PRODUCT.md §12: the year to date's figures (a period of its own, as the fourth column). */
export const YTD_FIELDS = [
  ['billableHours', 'Billable Hours'],
  ['billedDollars', 'Billed Dollars'],
  ['collections', 'Collections'],
] as const;

export const financialInfoSchema = z.object({
  employeeType: z.enum(EMPLOYEE_TYPES, { error: MASTER_LPQ_MESSAGES.employeeType }).nullable().optional(),
  employeeTypeExplanation: optionalText(M),
  compensationExpectations: optionalText(M),
  currentYear: financialPeriodSchema.optional(),
  lastYear: financialPeriodSchema.optional(),
  yearBefore: financialPeriodSchema.optional(),
  currentCompensation: amountFromText(),
  expectedCompensation: amountFromText(),
  billingRate: amountFromText(),
  annualBillableHours: amountFromText(),
  businessDevelopment: optionalText(M),
  collectionsHistory: optionalText(M),
  ytd: ytdSchema.optional(),
  realizationBasis: optionalEnum(REALIZATION_BASES, MASTER_LPQ_MESSAGES.realizationBasis),
  reportedRealization: percentage(200, MASTER_LPQ_MESSAGES.reportedRealization),
  compensationHistory: compensationHistorySchema.optional(),
  compensationAsk: compensationAskSchema.optional(),
  team: list(teamMemberSchema, LEDGER_LIMITS.teamMax).optional(),
});

export const topClientSchema = z.object({
  clientName: optionalText(S),
  isOriginator: optionalBoolean(),
  ytdCollections: amount(),
  lastYearCollections: amount(),
  yearBeforeCollections: amount(),
  minimumProjected: amount(),
  reasonableProjected: amount(),
  optimisticProjected: amount(),
  portabilityLikelihood: optionalNumber({
    int: true,
    min: 0,
    max: 100,
    message: MASTER_LPQ_MESSAGES.portabilityLikelihood,
  }),
  creditType: optionalEnum(CREDIT_TYPES, MASTER_LPQ_MESSAGES.creditType),
  creditShare: percentage(100, MASTER_LPQ_MESSAGES.creditShare),
  feeArrangement: optionalEnum(FEE_ARRANGEMENTS, MASTER_LPQ_MESSAGES.feeArrangement),
  practiceArea: optionalText(S),
  wip: money(),
  receivables: receivablesSchema.optional(),
  portabilityEvidence: z
    .array(z.enum(PORTABILITY_EVIDENCE, { error: MASTER_LPQ_MESSAGES.portabilityEvidence }), {
      error: MASTER_LPQ_MESSAGES.portabilityEvidence,
    })
    .refine((v) => new Set(v).size === v.length, MASTER_LPQ_MESSAGES.portabilityEvidence)
    .optional(),
});

export const clientsInfoSchema = z.object({
  topClients: list(topClientSchema, LIMITS.listMax).optional(),
  isKeyRelationshipManager: optionalText(M),
  shareOriginationCredit: optionalText(M),
  portedClientsHistory: optionalText(M),
  portabilityDependencies: optionalText(M),
  specialFeeArrangements: optionalText(M),
  clientPortability: optionalText(M),
  clientConcentration: optionalText(M),
  averageEngagementValue: amountFromText(),
  clientRelationships: optionalText(M),
  potentialBusiness: list(potentialBusinessSchema, LEDGER_LIMITS.potentialBusinessMax).optional(),
});

export const practiceRequirementsSchema = z.object({
  supportNeeded: optionalText(M),
  marketingBudget: optionalText(M),
  intellectualProperty: optionalText(M),
  specializedResources: optionalText(M),
  clientGuidelines: optionalBoolean(),
  clientGuidelinesExplanation: optionalText(M),
  supportStaff: optionalText(M),
  officeSpace: optionalText(M),
  technology: optionalText(M),
  startDate: optionalDate(),
  locationPreferences: optionalText(M),
});

export {
  DISCLOSURE_FLAGS,
  DISCLOSURE_TEXT_FIELDS,
  type DisclosureFlag,
  disclosuresSchema,
  explanationKey,
} from './master-lpq-disclosures';

/** The fields Save Template requires, with their messages (spec §5); also the base of lpqCompletion. */
export const MASTER_LPQ_REQUIRED_FIELDS = [
  [['generalInfo', 'name'], MASTER_LPQ_MESSAGES.name],
  [['generalInfo', 'address'], MASTER_LPQ_MESSAGES.address],
  [['generalInfo', 'email'], MASTER_LPQ_MESSAGES.email],
  [['generalInfo', 'phone'], MASTER_LPQ_MESSAGES.phone],
  [['generalInfo', 'barAdmissions'], MASTER_LPQ_MESSAGES.barAdmissions],
  [['currentEmployment', 'employerName'], MASTER_LPQ_MESSAGES.employerName],
  [['currentEmployment', 'startDate'], MASTER_LPQ_MESSAGES.startDate],
  [['currentEmployment', 'currentPosition'], MASTER_LPQ_MESSAGES.currentPosition],
  [['currentEmployment', 'reasonForDeparture'], MASTER_LPQ_MESSAGES.reasonForDeparture],
  [['financialInfo', 'employeeType'], MASTER_LPQ_MESSAGES.employeeType],
  [['financialInfo', 'compensationExpectations'], MASTER_LPQ_MESSAGES.compensationExpectations],
  [['clientsInfo', 'isKeyRelationshipManager'], MASTER_LPQ_MESSAGES.isKeyRelationshipManager],
  [['clientsInfo', 'shareOriginationCredit'], MASTER_LPQ_MESSAGES.shareOriginationCredit],
  [['clientsInfo', 'portedClientsHistory'], MASTER_LPQ_MESSAGES.portedClientsHistory],
  [['clientsInfo', 'portabilityDependencies'], MASTER_LPQ_MESSAGES.portabilityDependencies],
  [['clientsInfo', 'specialFeeArrangements'], MASTER_LPQ_MESSAGES.specialFeeArrangements],
  [['practiceRequirements', 'supportNeeded'], MASTER_LPQ_MESSAGES.supportNeeded],
  [['practiceRequirements', 'marketingBudget'], MASTER_LPQ_MESSAGES.marketingBudget],
] as const;

const PRIOR_EMPLOYMENT_REQUIRED = [
  ['employerName', MASTER_LPQ_MESSAGES.priorEmployerName],
  ['startDate', MASTER_LPQ_MESSAGES.startDate],
  ['departureDate', MASTER_LPQ_MESSAGES.departureDate],
  ['reasonForDeparture', MASTER_LPQ_MESSAGES.reasonForDeparture],
] as const;

export const MASTER_LPQ_SECTIONS = [
  'generalInfo',
  'currentEmployment',
  'priorEmployment',
  'financialInfo',
  'clientsInfo',
  'practiceRequirements',
  'disclosures',
] as const;

const urlField = () => optionalText(500).unwrap().nullable().optional();

/**
 * The completion rule (PRODUCT.md §5), one for the server, the form and the 'What is missing' panel:
 * every answer the spec's required messages ask for, every disclosure answered Yes or No (an absent flag is
 * not a No), and an explanation for each Yes. Empty when the template is complete.
 */
export function missingRequiredFields(lpq: Record<string, unknown>) {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const at = (section: string) => (lpq[section] ?? {}) as Record<string, unknown>;
  for (const [[section, field], message] of MASTER_LPQ_REQUIRED_FIELDS) {
    if (!isFilled(at(section)[field])) issues.push({ path: [section, field], message });
  }
  const prior = (lpq.priorEmployment ?? []) as Record<string, unknown>[];
  prior.forEach((job, i) => {
    for (const [field, message] of PRIOR_EMPLOYMENT_REQUIRED) {
      if (!isFilled(job[field])) issues.push({ path: ['priorEmployment', i, field], message });
    }
  });
  const clients = (at('clientsInfo').topClients ?? []) as Record<string, unknown>[];
  clients.forEach((client, i) => {
    if (!isFilled(client.clientName))
      issues.push({
        path: ['clientsInfo', 'topClients', i, 'clientName'],
        message: MASTER_LPQ_MESSAGES.clientName,
      });
  });
  const disclosures = at('disclosures');
  for (const [flag, , explain] of DISCLOSURE_FLAGS) {
    const answer = disclosures[flag];
    if (typeof answer !== 'boolean')
      issues.push({ path: ['disclosures', flag], message: MASTER_LPQ_MESSAGES.disclosureUnanswered });
    else if (answer && !isFilled(disclosures[explanationKey(flag)]))
      issues.push({ path: ['disclosures', explanationKey(flag)], message: explain });
  }
  return issues;
}

/**
 * The fields of POST /api/attorney/master-lpq (PRODUCT.md §6): types, lengths and ranges. The server
 * checks completeness on the stored template merged with the body, since a body may carry some sections.
 */
export const masterLpqBodySchema = z.object({
  generalInfo: generalInfoSchema.optional(),
  currentEmployment: currentEmploymentSchema.optional(),
  priorEmployment: list(priorEmploymentSchema, LIMITS.listMax).optional(),
  financialInfo: financialInfoSchema.optional(),
  clientsInfo: clientsInfoSchema.optional(),
  practiceRequirements: practiceRequirementsSchema.optional(),
  disclosures: disclosuresSchema.optional(),
  resumeUrl: urlField(),
  conflictsFormUrl: urlField(),
  diversityFormUrl: urlField(),
  documents: list(fileReferenceSchema, LIMITS.maxLpqDocuments).optional(),
  isComplete: z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).default(false),
});

/**
 * The whole template as Save Template sends it: with isComplete false any part may be missing; with
 * isComplete true every required field must be there (the form's resolver).
 */
export const masterLpqSchema = masterLpqBodySchema.check((ctx) => {
  if (!ctx.value.isComplete) return;
  for (const issue of missingRequiredFields(ctx.value as Record<string, unknown>)) {
    ctx.issues.push({ code: 'custom', input: undefined, ...issue });
  }
});
export type MasterLpqInput = z.input<typeof masterLpqSchema>;
export type MasterLpqBody = z.output<typeof masterLpqSchema>;

/** GET /api/attorney/master-lpq: the documents as the server stored them, each the attorney's own file. */
export type MasterLpq = Omit<MasterLpqBody, 'documents'> & {
  documents?: FileRef[];
  id: string;
  attorneyId: string;
  createdAt: string;
  updatedAt: string;
};

/**
 * PRODUCT.md §5: the share of required answers given (the required fields and the disclosure questions);
 * 100 only once the saved template is complete.
 */
export function masterLpqCompletion(lpq: Record<string, unknown> | null, isComplete: boolean): number {
  if (isComplete) return 100;
  if (!lpq) return 0;
  const total = MASTER_LPQ_REQUIRED_FIELDS.length + DISCLOSURE_FLAGS.length;
  const missing = missingRequiredFields(lpq).filter(
    (i) => i.path.length === 2 && !String(i.path[1]).endsWith('Explanation'),
  ).length;
  return Math.min(99, Math.round(((total - missing) / total) * 100));
}
