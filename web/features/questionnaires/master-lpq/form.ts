import { isJsonObject } from '@shared/json-depth';
import {
  DISCLOSURE_FLAGS,
  DISCLOSURE_TEXT_FIELDS,
  explanationKey,
  FINANCIAL_PERIOD_FIELDS,
  type MasterLpq,
  type MasterLpqInput,
} from '@shared/master-lpq';

export { MASTER_LPQ_STEPS, stepOfField } from '@shared/master-lpq';

/** The master LPQ page's address that opens the step of `field` and puts the cursor in it. */
export const masterLpqFieldHref = (field: string) =>
  `/attorney/master-lpq?field=${encodeURIComponent(field)}`;

const emptyPeriod = () =>
  Object.fromEntries(FINANCIAL_PERIOD_FIELDS.map(([key]) => [key, null])) as Record<string, null>;

export const emptyPriorEmployment = () => ({
  employerName: '',
  startDate: '',
  departureDate: '',
  reasonForDeparture: '',
});

export const emptyTopClient = () => ({
  clientName: '',
  isOriginator: false,
  ytdCollections: null,
  lastYearCollections: null,
  yearBeforeCollections: null,
  minimumProjected: null,
  reasonableProjected: null,
  optimisticProjected: null,
  portabilityLikelihood: null,
  creditType: null,
  creditShare: null,
  feeArrangement: null,
  practiceArea: '',
  wip: null,
  receivables: { current: null, d30to60: null, d60to90: null, over90: null },
  portabilityEvidence: [] as never[],
});

export const emptyTeamMember = () => ({
  role: null,
  classYear: null,
  billableHours: null,
  rate: null,
  likelihood: null,
});

export const emptyPotentialBusiness = () => ({ description: '', projected: null });

const emptyCompensationYear = () => ({ total: null, fixed: null, variable: null });

/**
 * Every field present, so every input is controlled from the first render; the disclosure questions
 * start unanswered (absent), never No.
 */
export function emptyMasterLpq(): MasterLpqInput {
  const disclosures: Record<string, unknown> = {};
  for (const [flag] of DISCLOSURE_FLAGS) disclosures[explanationKey(flag)] = '';
  for (const [field] of DISCLOSURE_TEXT_FIELDS) disclosures[field] = '';
  return {
    generalInfo: { name: '', address: '', email: '', phone: '', barAdmissions: '', personalSummary: '' },
    currentEmployment: { employerName: '', startDate: '', currentPosition: '', reasonForDeparture: '' },
    priorEmployment: [],
    financialInfo: {
      employeeType: null,
      employeeTypeExplanation: '',
      compensationExpectations: '',
      currentYear: emptyPeriod(),
      lastYear: emptyPeriod(),
      yearBefore: emptyPeriod(),
      currentCompensation: null,
      expectedCompensation: null,
      billingRate: null,
      annualBillableHours: null,
      businessDevelopment: '',
      collectionsHistory: '',
      ytd: { through: '', billableHours: null, billedDollars: null, collections: null },
      realizationBasis: null,
      reportedRealization: null,
      compensationHistory: {
        currentYear: emptyCompensationYear(),
        lastYear: emptyCompensationYear(),
        yearBefore: emptyCompensationYear(),
      },
      compensationAsk: { yearOneTotal: null, guaranteeMonths: null, notes: '' },
      team: [],
    },
    clientsInfo: {
      topClients: [],
      isKeyRelationshipManager: '',
      shareOriginationCredit: '',
      portedClientsHistory: '',
      portabilityDependencies: '',
      specialFeeArrangements: '',
      clientPortability: '',
      clientConcentration: '',
      averageEngagementValue: null,
      clientRelationships: '',
      potentialBusiness: [],
    },
    practiceRequirements: {
      supportNeeded: '',
      marketingBudget: '',
      intellectualProperty: '',
      specializedResources: '',
      clientGuidelines: false,
      clientGuidelinesExplanation: '',
      supportStaff: '',
      officeSpace: '',
      technology: '',
      startDate: '',
      locationPreferences: '',
    },
    disclosures: disclosures as MasterLpqInput['disclosures'],
    resumeUrl: null,
    conflictsFormUrl: null,
    diversityFormUrl: null,
    documents: [],
    isComplete: false,
  };
}

/** Stored values over the empty form, section by section (a stored section may lack fields). */
function mergeInto(base: unknown, stored: unknown): unknown {
  if (stored === undefined) return base;
  if (isJsonObject(base) && isJsonObject(stored)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(stored)) out[k] = mergeInto(base[k], v);
    return out;
  }
  return stored ?? base;
}

export function toMasterLpqFormValues(saved: MasterLpq | null | undefined): MasterLpqInput {
  const empty = emptyMasterLpq();
  if (!saved) return empty;
  const { id: _id, attorneyId: _a, createdAt: _c, updatedAt: _u, ...body } = saved;
  const values = mergeInto(empty, body) as MasterLpqInput;
  values.priorEmployment = (body.priorEmployment ?? []).map((p) =>
    mergeInto(emptyPriorEmployment(), p),
  ) as never;
  if (values.clientsInfo) {
    values.clientsInfo.topClients = (body.clientsInfo?.topClients ?? []).map((c) =>
      mergeInto(emptyTopClient(), c),
    ) as never;
    values.clientsInfo.potentialBusiness = (body.clientsInfo?.potentialBusiness ?? []).map((p) =>
      mergeInto(emptyPotentialBusiness(), p),
    ) as never;
  }
  if (values.financialInfo)
    values.financialInfo.team = (body.financialInfo?.team ?? []).map((m) =>
      mergeInto(emptyTeamMember(), m),
    ) as never;
  return values;
}
