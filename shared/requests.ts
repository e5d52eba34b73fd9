import { z } from 'zod';
import { LIMITS } from './limits';

/** PRODUCT.md §5: the request lifecycle. */
export const REQUEST_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'in_progress',
  'reviewed',
  'completed',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Spec §4 labels. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending Response',
  accepted: 'Accepted',
  declined: 'Declined',
  in_progress: 'In Progress',
  reviewed: 'Under Review',
  completed: 'Review Complete',
};

/** Spec 2.16: on the attorney's cards accepted and in_progress read 'Documents Shared'. */
export const ATTORNEY_CARD_STATUS_LABELS: Record<RequestStatus, string> = {
  ...REQUEST_STATUS_LABELS,
  accepted: 'Documents Shared',
  in_progress: 'Documents Shared',
};

/** Shared = accepted + in_progress + completed; Under Review = reviewed (PRODUCT.md §5). */
export const SHARED_STATUSES: RequestStatus[] = ['accepted', 'in_progress', 'completed'];
export const UNDER_REVIEW_STATUSES: RequestStatus[] = ['reviewed'];

/** Every allowed move: from → to. Anything else is 409. */
export const REQUEST_TRANSITIONS: Record<RequestStatus, RequestStatus[]> = {
  pending: ['accepted', 'declined'],
  accepted: ['in_progress', 'reviewed', 'completed'],
  in_progress: ['reviewed', 'completed'],
  reviewed: ['completed'],
  declined: [],
  completed: [],
};

export const REQUEST_MESSAGES = {
  masterLpqIncomplete: 'Complete your Master LPQ before sharing.',
  notPending: 'This request has already been answered.',
  invalidTransition: 'This request cannot move to that status.',
  firmProfileRequired: 'Complete your firm profile before sending requests.',
} as const;

export const QUESTION_TYPES = ['text', 'textarea', 'yesno', 'select', 'date', 'number'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Text',
  textarea: 'Long text',
  yesno: 'Yes / No',
  select: 'Single choice',
  date: 'Date',
  number: 'Number',
};

export const firmQuestionSchema = z
  .object({
    id: z.string().min(1).max(100),
    text: z.string().trim().min(1, 'Question text is required').max(LIMITS.mediumText),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean(),
    options: z.array(z.string().trim().min(1).max(LIMITS.shortText)).max(LIMITS.listMax).optional(),
  })
  .refine((q) => q.type !== 'select' || (q.options?.length ?? 0) >= 1, {
    message: 'Add at least one option',
    path: ['options'],
  });

export const firmSectionSchema = z.object({
  title: z.string().trim().min(1, 'Section title is required').max(LIMITS.shortText),
  questions: z.array(firmQuestionSchema).max(LIMITS.listMax),
});

/** PRODUCT.md §6: `{ sections: [ { title, questions: [ { id, text, type, required, options? } ] } ] }`. */
export const firmSpecificQuestionsSchema = z.object({ sections: z.array(firmSectionSchema).max(20) });
export type FirmSpecificQuestions = z.infer<typeof firmSpecificQuestionsSchema>;
export type FirmQuestion = z.infer<typeof firmQuestionSchema>;
