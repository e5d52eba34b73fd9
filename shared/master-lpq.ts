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

/** One period of the financial table (PRODUCT.md §6): numbers, each optional. */
export const financialPeriodSchema = z.object({
  rate: amount(),
  effectiveRate: amount(),
  billableHours: amount(),
  collections: amount(),
  billedDollars: amount(),
  portableOriginations: amount(),
  workingAttorneyTime: amount(),
});
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
