import { z } from 'zod';
import { emailField } from './auth';
import { todayUtc } from './calendar';
import type { Certification } from './certification';
import type { FileRef } from './files';
import { isoDateString, singleLineText, textRule } from './form-fields';
import { LIMITS } from './limits';
import {
  FIRM_REVIEW_STATUSES,
  type FirmPositionLpqStatus,
  QUESTION_TYPES,
  type RequestStatus,
} from './request-status';
import type { ConflictsStatus, ReadablePart } from './team';
import type { TimelineEvent } from './timeline';

export * from './request-status';

/** PRODUCT.md §6: invitations a firm may send (429 beyond). */
export const INVITATION_LIMITS = { perHour: 50, perDay: 200 } as const;

export const REQUEST_MESSAGES = {
  masterLpqIncomplete: 'Complete your Master LPQ before sharing.',
  notPending: 'This request has already been answered.',
  invalidTransition: 'This request cannot move to that status.',
  firmProfileRequired: 'Complete your firm profile before sending requests.',
  positionTitleRequired: 'Position title is required',
  practiceAreaRequired: 'Practice area is required',
  dueDateFormat: 'Enter the due date as yyyy-mm-dd',
  dueDateInPast: 'The due date cannot be in the past',
  duplicateQuestionIds: 'Each question needs its own id',
  invalidQuestionId: 'A question id may use only letters, digits, - and _ (at most 64), and no reserved name',
  firmEmailUnverified: 'Verify your email address before sending invitations.',
  invitationAlreadyOpen: 'An invitation for this position is already open.',
  tooManyInvitations: `You can send at most ${INVITATION_LIMITS.perHour} invitations an hour and ${INVITATION_LIMITS.perDay} a day. Please try again later.`,
} as const;

/** Letters, digits, - and _, at most 64: what a question id may be (answers are keyed by it). */
export const QUESTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** `toString`, `constructor`, `__proto__`…: keys every plain object already has. */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A question id that is safe as an object key: the pattern, and none of Object.prototype's names. */
export const isSafeQuestionId = (id: string) => QUESTION_ID_PATTERN.test(id) && !PROTOTYPE_NAMES.has(id);

export const firmQuestionSchema = z
  .object({
    // Answers are keyed by this id; the server gives one to a question that comes without.
    id: z
      .string({ error: REQUEST_MESSAGES.invalidQuestionId })
      .refine(isSafeQuestionId, REQUEST_MESSAGES.invalidQuestionId)
      .default(() => crypto.randomUUID()),
    text: singleLineText().trim().min(1, 'Question text is required').max(LIMITS.mediumText),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean().default(false),
    options: z.array(singleLineText().trim().min(1).max(LIMITS.shortText)).max(LIMITS.listMax).optional(),
  })
  .refine((q) => q.type !== 'select' || (q.options?.length ?? 0) >= 1, {
    message: 'Add at least one option',
    path: ['options'],
  });

export const firmSectionSchema = z.object({
  title: singleLineText().trim().min(1, 'Section title is required').max(LIMITS.shortText),
  questions: z.array(firmQuestionSchema).max(LIMITS.listMax),
});

/** PRODUCT.md §6: `{ sections: [ { title, questions: [ { id, text, type, required, options? } ] } ] }`. */
export const firmSpecificQuestionsSchema = z.object({ sections: z.array(firmSectionSchema).max(20) }).refine(
  (v) => {
    const ids = v.sections.flatMap((s) => s.questions.map((q) => q.id));
    return new Set(ids).size === ids.length;
  },
  { message: REQUEST_MESSAGES.duplicateQuestionIds, path: ['sections'] },
);
export type FirmSpecificQuestions = z.output<typeof firmSpecificQuestionsSchema>;
export type FirmQuestion = z.output<typeof firmQuestionSchema>;
export type FirmQuestionInput = z.input<typeof firmQuestionSchema>;
export type FirmSection = z.output<typeof firmSectionSchema>;
export type FirmSectionInput = z.input<typeof firmSectionSchema>;

/** A saved custom section of the firm's library (GET /api/firm/custom-sections). */
export type CustomSection = FirmSection & { id: string; createdAt: string; updatedAt: string };

/** Today as yyyy-mm-dd (UTC): due dates before it are refused. */

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), textRule(max, z.string()).trim().max(max).optional());

/**
 * PRODUCT.md §6: POST /api/firm/lpq-requests. Unknown keys (status, firmId, …) are stripped.
 * Contact details left out come from the firm profile.
 */
export const createLpqRequestSchema = z.object({
  attorneyEmail: z.preprocess((v) => v ?? '', emailField),
  positionTitle: singleLineText(z.string({ error: REQUEST_MESSAGES.positionTitleRequired }))
    .trim()
    .min(1, REQUEST_MESSAGES.positionTitleRequired)
    .max(LIMITS.shortText),
  practiceArea: singleLineText(z.string({ error: REQUEST_MESSAGES.practiceAreaRequired }))
    .trim()
    .min(1, REQUEST_MESSAGES.practiceAreaRequired)
    .max(LIMITS.shortText),
  dueDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    isoDateString(REQUEST_MESSAGES.dueDateFormat)
      .refine((v) => v >= todayUtc(), REQUEST_MESSAGES.dueDateInPast)
      .optional(),
  ),
  contactPersonName: optionalText(LIMITS.nameMax * 2),
  contactPersonTitle: optionalText(LIMITS.shortText),
  contactPhone: optionalText(50),
  additionalMessage: optionalText(LIMITS.mediumText),
  firmSpecificQuestions: z.preprocess((v) => v ?? undefined, firmSpecificQuestionsSchema.optional()),
});
export type CreateLpqRequestInput = z.input<typeof createLpqRequestSchema>;

/** POST /api/firm/lpq-requests/{id}/status: the two moves a firm makes (FIRM_REVIEW_STATUSES). */
export const firmRequestStatusSchema = z.object({
  status: z.enum(FIRM_REVIEW_STATUSES, { error: 'Status must be reviewed or completed' }),
});

/** PRODUCT.md §6 firm request item, plus what the detail screen shows. */
export type FirmRequestItem = {
  id: string;
  attorneyEmail: string;
  attorneyName: string | null;
  firmName: string;
  positionTitle: string;
  practiceArea: string;
  status: RequestStatus;
  sentAt: string;
  dueDate: string | null;
  sharedAt: string | null;
  declineReason: string | null;
  declinedAt: string | null;
  reviewedAt: string | null;
  completedAt: string | null;
  withdrawnAt: string | null;
  revokedAt: string | null;
  /** The access end date the attorney set (inclusive), or null. */
  accessUntil: string | null;
  /** The shared package's latest version; null until shared. */
  version: number | null;
  contactPersonName: string;
  contactPersonTitle: string;
  contactPhone: string | null;
  additionalMessage: string | null;
  firmSpecificQuestions: FirmSpecificQuestions | null;
  /** Sent, resent, reminded, shared, reviewed, … with dates, oldest first. */
  timeline: TimelineEvent[];
  /** PRODUCT.md §5: shared, updated or submitted since a member of the firm last opened the package. */
  isNew: boolean;
};

/**
 * PRODUCT.md §15: a row of the firm's pipeline (`GET /api/firm/lpq-requests`): the item and what the list
 * shows of who reviews it, its conflicts, its position LPQ, what happened last and whether it is overdue.
 */
export type FirmRequestListItem = FirmRequestItem & {
  reviewers: { userId: string; name: string }[];
  /** Null before a share (or a conflicts pre-check). */
  conflictsStatus: ConflictsStatus | null;
  /** Rows of the conflicts check without an answer (0 before a share). */
  conflictsWaiting: number;
  /** Null before a share, and for a member whose roles do not reach the hiring parts (conflicts only). */
  positionLpqStatus: FirmPositionLpqStatus | null;
  lastActivity: { at: string; text: string };
  /** Its due date has passed while it is pending. */
  overdue: boolean;
};

type Json = Record<string, unknown>;

/** The frozen package a firm reads once a request is shared (PRODUCT.md §5, §6): one version of it. */
export type SharedPackage = {
  version: number;
  /** PRODUCT.md §11: who certified this version, when, and its fingerprint; null when not certified. */
  certification: Certification | null;
  /**
   * Every version's number and date, oldest first, and how many answers changed from the version before in
   * the parts this reader gets (issue 67; null for version 1 or when not counted).
   */
  versions: { version: number; sharedAt: string; changes?: number | null }[];
  sharedAt: string;
  attorney: { id: string; firstName: string; lastName: string; email: string };
  // PRODUCT.md §9: a part the reader's roles do not reach is absent (undefined), never blanked.
  profile?: Json | null;
  masterLpq?: Json;
  conflictsForm?: Json | null;
  diversityForm?: Json | null;
  businessPlan?: Json | null;
  documents?: FileRef[];
  positionLpq?: { status: FirmPositionLpqStatus; formData: Json; firmAnswers: Json } | null;
};
export type Reviewer = { userId: string; firstName: string; lastName: string };
export type FirmRequestDetail = FirmRequestItem & {
  package: SharedPackage | null;
  visibleParts: ReadablePart[];
  reviewers: Reviewer[];
  /** Issue 67: the version that was the latest when this member last opened the package (null: never). */
  lastOpenedVersion?: number | null;
  /** Issue 67: the conflicts status and rows waiting, as the pipeline lists them (null before a share). */
  conflictsStatus?: ConflictsStatus | null;
  conflictsWaiting?: number;
};

/** The package's parts in the order the tabs and the PDF show them. */
export const PACKAGE_SECTIONS = {
  profile: 'Profile',
  masterLpq: 'Master LPQ',
  positionLpq: 'Position LPQ',
  firmQuestions: 'Firm-Specific Questions',
  conflictsForm: 'Conflicts of Interest',
  diversityForm: 'Diversity Self-Identification',
  businessPlan: 'Business Plan',
  documents: 'Documents',
} as const;

export const DIVERSITY_NOTICE =
  'Voluntary and confidential. Provided for diversity reporting only; it must not be used in hiring decisions.';

export const ADDITIONAL_QUESTIONS_TITLE = 'Additional Questions';

/** The invitation screen's form: saved sections are picked by id, new questions typed in place. */
export const lpqRequestFormSchema = createLpqRequestSchema.omit({ firmSpecificQuestions: true }).extend({
  savedSectionIds: z.array(z.string()).default([]),
  questions: z.array(firmQuestionSchema).max(LIMITS.listMax).default([]),
});
export type LpqRequestFormValues = z.input<typeof lpqRequestFormSchema>;

/**
 * The request's firm-specific questions: the chosen saved sections, then the new questions as one more
 * section. Answers are keyed by question id, so an id seen before gets a fresh one.
 */
export function composeFirmQuestions(
  savedSections: FirmSection[],
  newQuestions: FirmQuestion[],
): FirmSpecificQuestions | undefined {
  const sections = [...savedSections];
  if (newQuestions.length) sections.push({ title: ADDITIONAL_QUESTIONS_TITLE, questions: newQuestions });
  if (sections.length === 0) return undefined;
  const seen = new Set<string>();
  return {
    sections: sections.map((section) => ({
      title: section.title,
      questions: section.questions.map((q) => {
        const id = seen.has(q.id) ? crypto.randomUUID() : q.id;
        seen.add(id);
        return { ...q, id };
      }),
    })),
  };
}
