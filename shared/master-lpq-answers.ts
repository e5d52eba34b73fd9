import {
  DISCLOSURE_FLAGS,
  DISCLOSURE_TEXT_FIELDS,
  explanationKey,
  FINANCIAL_PERIOD_FIELDS,
  FINANCIAL_PERIODS,
  MASTER_LPQ_STEPS,
  masterLpqBodySchema,
  missingRequiredFields,
  stepOfField,
  YTD_FIELDS,
} from './master-lpq';
import {
  CLIENT_AMOUNT_FIELDS,
  CLIENT_RELATIONSHIP_FIELDS,
  COMPENSATION_ASK_FIELDS,
  COMPENSATION_FIELDS,
  COMPENSATION_YEAR_FIELDS,
  CURRENT_EMPLOYMENT_FIELDS,
  FINANCIAL_NOTE_FIELDS,
  type FieldSpec,
  GENERAL_INFO_FIELDS,
  POTENTIAL_BUSINESS_FIELDS,
  PRACTICE_REQUIREMENT_FIELDS,
  PRIOR_EMPLOYMENT_FIELDS,
  REALIZATION_FIELDS,
  RECEIVABLE_FIELDS,
  TEAM_FIELDS,
  TOP_CLIENT_LABELS,
} from './package-labels';

/**
 * One answer the master LPQ still needs: missing (the template is not complete without it) or invalid
 * (a save refuses it). `field` is the form's dotted path, `label` the form's label for it.
 */
export type MissingAnswer = {
  step: number;
  stepTitle: string;
  field: string;
  label: string;
  message: string;
  kind: 'missing' | 'invalid';
};

const labelsOf = (fields: FieldSpec[]) => Object.fromEntries(fields.map(([key, label]) => [key, label]));

/** The form's label of each field, by section (the labels the firm's review shows too). */
const SECTION_LABELS: Record<string, Record<string, string>> = {
  generalInfo: labelsOf(GENERAL_INFO_FIELDS),
  currentEmployment: labelsOf(CURRENT_EMPLOYMENT_FIELDS),
  financialInfo: labelsOf([...COMPENSATION_FIELDS, ...FINANCIAL_NOTE_FIELDS, ...REALIZATION_FIELDS]),
  clientsInfo: labelsOf(CLIENT_RELATIONSHIP_FIELDS),
  practiceRequirements: labelsOf(PRACTICE_REQUIREMENT_FIELDS),
  disclosures: {
    ...Object.fromEntries(DISCLOSURE_FLAGS.map(([flag, question]) => [flag, question])),
    // An explanation is listed under its question; the message says what to explain.
    ...Object.fromEntries(DISCLOSURE_FLAGS.map(([flag, question]) => [explanationKey(flag), question])),
    ...Object.fromEntries(DISCLOSURE_TEXT_FIELDS),
  },
};
const PRIOR_LABELS = labelsOf(PRIOR_EMPLOYMENT_FIELDS);
const CLIENT_LABELS: Record<string, string> = {
  ...Object.fromEntries(CLIENT_AMOUNT_FIELDS),
  ...TOP_CLIENT_LABELS,
};
const RECEIVABLE_LABELS: Record<string, string> = Object.fromEntries(RECEIVABLE_FIELDS);
const YTD_LABELS: Record<string, string> = { ...Object.fromEntries(YTD_FIELDS), through: 'Through' };
const COMPENSATION_YEAR_LABELS: Record<string, string> = Object.fromEntries(COMPENSATION_YEAR_FIELDS);
const ASK_LABELS = labelsOf(COMPENSATION_ASK_FIELDS);
const TEAM_LABELS = labelsOf(TEAM_FIELDS);
const POTENTIAL_LABELS = labelsOf(POTENTIAL_BUSINESS_FIELDS);
const PERIOD_LABELS: Record<string, string> = Object.fromEntries(FINANCIAL_PERIODS);
const PERIOD_FIELD_LABELS: Record<string, string> = Object.fromEntries(FINANCIAL_PERIOD_FIELDS);
const DOCUMENT_LABELS: Record<string, string> = {
  resumeUrl: 'Resume',
  documents: 'Supporting documents',
  conflictsFormUrl: 'Conflicts of Interest Form',
  diversityFormUrl: 'Diversity Self-Identification Form',
};

/** The label the master LPQ form shows for a field ('Client 2: Client Name', 'Last Year Collections'). */
export function masterLpqFieldLabel(field: string): string {
  const [section, second, third, fourth, fifth] = field.split('.');
  if (section === 'priorEmployment' && third)
    return `Prior Employer ${Number(second) + 1}: ${PRIOR_LABELS[third] ?? third}`;
  if (section === 'clientsInfo' && second === 'topClients' && fourth === 'receivables' && fifth)
    return `Client ${Number(third) + 1}: ${RECEIVABLE_LABELS[fifth] ?? fifth}`;
  if (section === 'clientsInfo' && second === 'topClients' && fourth)
    return `Client ${Number(third) + 1}: ${CLIENT_LABELS[fourth] ?? fourth}`;
  if (section === 'clientsInfo' && second === 'potentialBusiness' && fourth)
    return `Potential Business ${Number(third) + 1}: ${POTENTIAL_LABELS[fourth] ?? fourth}`;
  if (section === 'financialInfo' && second === 'ytd' && third)
    return `Year to Date ${YTD_LABELS[third] ?? third}`;
  if (section === 'financialInfo' && second === 'compensationHistory' && fourth)
    return `${PERIOD_LABELS[third] ?? third} ${COMPENSATION_YEAR_LABELS[fourth] ?? fourth}`;
  if (section === 'financialInfo' && second === 'compensationAsk' && third) return ASK_LABELS[third] ?? third;
  if (section === 'financialInfo' && second === 'team' && fourth)
    return `Team Member ${Number(third) + 1}: ${TEAM_LABELS[fourth] ?? fourth}`;
  if (section === 'financialInfo' && PERIOD_LABELS[second] && third)
    return `${PERIOD_LABELS[second]} ${PERIOD_FIELD_LABELS[third] ?? third}`;
  if (DOCUMENT_LABELS[section]) return DOCUMENT_LABELS[section];
  return (second && SECTION_LABELS[section]?.[second]) || field;
}

/**
 * Every missing or invalid answer of a master LPQ (saved data or the form's current values), in the
 * order of the form: the list of the 'What is missing' panel and, through missingRequiredFields, the rule
 * the server stores as isComplete. An answer both missing and invalid is listed once, as invalid.
 */
export function missingAnswers(lpq: unknown): MissingAnswer[] {
  const record = (typeof lpq === 'object' && lpq !== null ? lpq : {}) as Record<string, unknown>;
  const parsed = masterLpqBodySchema.safeParse(record);
  const invalid = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
  const invalidFields = new Set(invalid.map((i) => i.path.join('.')));
  const missing = missingRequiredFields(record)
    .map((i) => ({ path: i.path.map(String), message: i.message }))
    .filter((i) => !invalidFields.has(i.path.join('.')));
  const answer = (kind: MissingAnswer['kind']) => (issue: { path: string[]; message: string }) => {
    const field = issue.path.join('.');
    const step = stepOfField(field);
    return {
      step,
      stepTitle: MASTER_LPQ_STEPS[step],
      field,
      label: masterLpqFieldLabel(field),
      message: issue.message,
      kind,
    };
  };
  const all = [...invalid.map(answer('invalid')), ...missing.map(answer('missing'))];
  // Stable by step: the panel reads like the form, step by step.
  return all
    .map((a, i) => [a, i] as const)
    .sort((x, y) => x[0].step - y[0].step || x[1] - y[1])
    .map(([a]) => a);
}

export type StepStatus = 'complete' | 'incomplete' | 'error';

/** Each step's mark: has errors (a save would refuse an answer), incomplete, or complete. */
export function masterLpqStepStatuses(answers: MissingAnswer[]): StepStatus[] {
  return MASTER_LPQ_STEPS.map((_, step) => {
    const own = answers.filter((a) => a.step === step);
    if (own.some((a) => a.kind === 'invalid')) return 'error';
    return own.length ? 'incomplete' : 'complete';
  });
}
