import { z } from 'zod';
import { fileReferenceSchema } from './files';
import {
  FIELD_MESSAGES,
  isIsoDate,
  list,
  longText,
  optionalNumber,
  optionalText,
  singleLineText,
} from './form-fields';
import { LIMITS } from './limits';
import type { PrefilledFields } from './prefill-sources';
import type { FirmQuestion, FirmSpecificQuestions, RequestStatus } from './requests';
import type { PackageParts } from './sharing';

/** Spec 2.11: the four steps of a position LPQ; a fifth when the request has firm questions. */
export const POSITION_LPQ_STEPS = [
  'General Information',
  'Professional Experience',
  'Business Development',
  'References & Documents',
];
export const FIRM_QUESTIONS_STEP = 'Firm-Specific Questions';

export const POSITION_LPQ_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Valid email is required',
  answerRequired: 'This question is required',
  invalidAnswer: 'Invalid answer for this question',
  alreadySubmitted: 'This LPQ has already been submitted.',
  requestClosed: 'This request is closed: the firm has completed its review.',
  notFoundTitle: 'LPQ Not Found',
  notFoundText: 'The requested LPQ could not be found.',
} as const;

/** Spec §3 LPQ record formData. Every field optional while saving progress. */
export const positionLpqFormDataSchema = z.object({
  name: optionalText(LIMITS.nameMax * 2),
  address: optionalText(LIMITS.mediumText),
  email: optionalText(LIMITS.emailMax),
  phone: optionalText(50),
  barAdmissions: optionalText(LIMITS.mediumText),
  currentFirm: optionalText(LIMITS.shortText),
  position: optionalText(LIMITS.shortText),
  yearsExperience: optionalNumber({
    int: true,
    min: LIMITS.yearsExperienceMin,
    max: LIMITS.yearsExperienceMax,
  }),
  practiceAreas: list(singleLineText().max(LIMITS.shortText), LIMITS.listMax).optional(),
  significantMatters: optionalText(LIMITS.longText),
  publications: optionalText(LIMITS.longText),
  clientOriginationExperience: optionalText(LIMITS.longText),
  portableBusiness: optionalText(LIMITS.longText),
  clientRelationships: optionalText(LIMITS.longText),
  references: optionalText(LIMITS.longText),
  documents: list(fileReferenceSchema, LIMITS.maxLpqDocuments).optional(),
});
export type PositionLpqFormData = z.output<typeof positionLpqFormDataSchema>;

/** Completing requires name and a valid e-mail (spec §5, PRODUCT.md §5). */
export const positionLpqCompleteFormDataSchema = positionLpqFormDataSchema.extend({
  name: z
    .string({ error: POSITION_LPQ_MESSAGES.nameRequired })
    .trim()
    .min(1, POSITION_LPQ_MESSAGES.nameRequired)
    .max(LIMITS.nameMax * 2),
  email: z
    .string({ error: POSITION_LPQ_MESSAGES.emailRequired })
    .trim()
    .pipe(z.email(POSITION_LPQ_MESSAGES.emailRequired)),
});

const answerValue = z.union([
  longText().max(LIMITS.longText, FIELD_MESSAGES.tooLong(LIMITS.longText)),
  z.number(),
  z.boolean(),
  z.null(),
]);
/** Answers to the firm's questions, keyed by question id. */
export const firmAnswersSchema = z
  .record(z.string().max(100), answerValue)
  .refine((r) => Object.keys(r).length <= 200);
export type FirmAnswers = z.output<typeof firmAnswersSchema>;

/**
 * The answer to one question: an own property only, so an id such as `toString` or `constructor`
 * never reads what every object inherits. Stored answers come from JSON as plain objects.
 */
export function answerOf(answers: Record<string, unknown> | null | undefined, id: string): unknown {
  return answers && Object.hasOwn(answers, id) ? answers[id] : undefined;
}

/** Answers as a null-prototype object: no key of it is inherited, whatever the ids are. */
export function answerRecord(entries: Iterable<[string, unknown]>): FirmAnswers {
  const record = Object.create(null) as FirmAnswers;
  for (const [id, value] of entries) record[id] = value as FirmAnswers[string];
  return record;
}

/** PUT /api/lpqs/{id}: `status` may be sent (spec §7); the server decides it. */
export const positionLpqSaveSchema = z.object({
  formData: positionLpqFormDataSchema,
  firmAnswers: firmAnswersSchema.optional(),
  status: z.string().max(50).optional(),
});
export const positionLpqCompleteSchema = z.object({
  formData: positionLpqCompleteFormDataSchema,
  firmAnswers: firmAnswersSchema.optional(),
});

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** One answer's problem, or null: wrong type for the question, or missing when required and `complete`. */
export function answerProblem(q: FirmQuestion, value: unknown, complete: boolean): string | null {
  if (isBlank(value)) return complete && q.required ? POSITION_LPQ_MESSAGES.answerRequired : null;
  switch (q.type) {
    case 'yesno':
      return typeof value === 'boolean' || value === 'yes' || value === 'no'
        ? null
        : POSITION_LPQ_MESSAGES.invalidAnswer;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : POSITION_LPQ_MESSAGES.invalidAnswer;
    case 'select':
      return typeof value === 'string' && (q.options ?? []).includes(value)
        ? null
        : POSITION_LPQ_MESSAGES.invalidAnswer;
    case 'date':
      return typeof value === 'string' && isIsoDate(value) ? null : POSITION_LPQ_MESSAGES.invalidAnswer;
    default:
      return typeof value === 'string' ? null : POSITION_LPQ_MESSAGES.invalidAnswer;
  }
}

/** Per-question problems keyed `firmAnswers.<id>`; answers to unknown questions are dropped by the caller. */
export function firmAnswerErrors(
  questions: FirmSpecificQuestions | null,
  answers: FirmAnswers,
  complete: boolean,
) {
  const errors: Record<string, string> = {};
  for (const section of questions?.sections ?? []) {
    for (const q of section.questions) {
      const problem = answerProblem(q, answerOf(answers, q.id), complete);
      if (problem) errors[`firmAnswers.${q.id}`] = problem;
    }
  }
  return errors;
}

/** PRODUCT.md §5: the position LPQ's own status, apart from its request's. */
export const POSITION_LPQ_STATUSES = ['draft', 'in_progress', 'submitted'] as const;
export type PositionLpqStatus = (typeof POSITION_LPQ_STATUSES)[number];
export const POSITION_LPQ_STATUS_LABELS: Record<PositionLpqStatus, string> = {
  draft: 'Not started',
  in_progress: 'In Progress',
  submitted: 'Submitted',
};
/** The firm reads a draft as not started (PRODUCT.md §6 package.positionLpq.status). */
export const FIRM_POSITION_LPQ_STATUS_LABELS: Record<string, string> = {
  ...POSITION_LPQ_STATUS_LABELS,
  not_started: POSITION_LPQ_STATUS_LABELS.draft,
};

/** Request statuses in which the attorney may still save and submit the position LPQ. */
export const POSITION_LPQ_OPEN_REQUEST_STATUSES: RequestStatus[] = ['accepted', 'in_progress', 'reviewed'];

export type PositionLpq = {
  id: string;
  requestId: string;
  firmName: string;
  positionTitle: string;
  practiceArea: string;
  /** The position LPQ's own status. */
  status: PositionLpqStatus;
  /** The request's status (the firm's review). */
  requestStatus: RequestStatus;
  formData: PositionLpqFormData;
  firmSpecificQuestions: FirmSpecificQuestions | null;
  firmAnswers: FirmAnswers;
  /** When it was last saved (autosave restores a draft only over an older record). */
  updatedAt: string;
  /**
   * The formData fields that still hold what registration, the profile, the master LPQ or the attorney's
   * previous LPQ gave, with that source: the page marks them (enter once). Empty once submitted.
   */
  prefilled: PrefilledFields;
};

/** PRODUCT.md §6: the attorney's view of a request. */
export type AttorneyRequestItem = {
  id: string;
  firmName: string;
  positionTitle: string;
  practiceArea: string;
  status: RequestStatus;
  sentAt: string;
  dueDate: string | null;
  contactPersonName: string;
  contactPersonTitle: string;
  contactPhone: string | null;
  additionalMessage: string | null;
  firmSpecificQuestions: FirmSpecificQuestions | null;
  lpqId: string | null;
  /** The position LPQ's own status (PRODUCT.md §5): submitting it leaves the request's status alone. */
  lpqStatus: PositionLpqStatus | null;
  lpqSubmittedAt: string | null;
  sharedAt: string | null;
  /** The latest version sent to the firm; null until shared. */
  version: number | null;
  /** The parts of the latest version; null until shared. */
  include: PackageParts | null;
  accessUntil: string | null;
  revokedAt: string | null;
  /**
   * The master LPQ was saved after the latest version went to the firm: its answers may differ from what
   * the firm has (GET …/changes says which), and Send update would bring the firm up to date.
   */
  masterLpqChangedSinceShare: boolean;
};

/** The LPQ Requests page's counts over every request (the list itself comes in pages). */
export type AttorneyRequestSummary = {
  pending: number;
  shared: number;
  firms: number;
  underReview: number;
  /** What a share sends now unless the attorney chooses otherwise: the share dialog's ticks. */
  shareDefaults: PackageParts;
};

/** The spec's client sends no body; Fastify then hands the route null. */
export const declineRequestSchema = z.object({ reason: optionalText(LIMITS.mediumText) }).nullish();
