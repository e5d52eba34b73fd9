import {
  DISCLOSURE_FLAGS,
  DISCLOSURE_TEXT_FIELDS,
  explanationKey,
  FINANCIAL_PERIOD_FIELDS,
  type MasterLpq,
  type MasterLpqInput,
} from '@shared/master-lpq';

/** Spec 2.12: the seven steps, and the sections each edits (to jump to the first step with an error). */
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
  documents: 6,
  resumeUrl: 6,
};
export const stepOfField = (path: string) => STEP_OF_SECTION[path.split('.')[0]] ?? 0;

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
});

/** Every field present, so every input is controlled from the first render. */
export function emptyMasterLpq(): MasterLpqInput {
  const disclosures: Record<string, unknown> = {};
  for (const [flag] of DISCLOSURE_FLAGS) {
    disclosures[flag] = false;
    disclosures[explanationKey(flag)] = '';
  }
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
      currentCompensation: '',
      expectedCompensation: '',
      billingRate: '',
      annualBillableHours: '',
      businessDevelopment: '',
      collectionsHistory: '',
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
      averageEngagementValue: '',
      clientRelationships: '',
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stored values over the empty form, section by section (a stored section may lack fields). */
function mergeInto(base: unknown, stored: unknown): unknown {
  if (stored === undefined) return base;
  if (isRecord(base) && isRecord(stored)) {
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
  if (values.clientsInfo)
    values.clientsInfo.topClients = (body.clientsInfo?.topClients ?? []).map((c) =>
      mergeInto(emptyTopClient(), c),
    ) as never;
  return values;
}
