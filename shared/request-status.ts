/**
 * The request's statuses, their labels and colours, the moves between them and the firm's question types:
 * plain constants, apart from the schemas of shared/requests.ts (which re-exports them), so a screen that
 * only shows a status does not load zod with its first code (the firm's review header, bench/lighthouse.ts).
 */

/** PRODUCT.md §5: the request lifecycle. */
export const REQUEST_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'in_progress',
  'reviewed',
  'completed',
  'withdrawn',
  'revoked',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The position LPQ's status as the firm reads it in a package (PRODUCT.md §6 package.positionLpq.status):
 * the attorney's draft reads as not started.
 */
export const FIRM_POSITION_LPQ_STATUSES = ['not_started', 'in_progress', 'submitted'] as const;
export type FirmPositionLpqStatus = (typeof FIRM_POSITION_LPQ_STATUSES)[number];

/** Spec §4 labels. */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending Response',
  accepted: 'Accepted',
  declined: 'Declined',
  in_progress: 'In Progress',
  reviewed: 'Under Review',
  completed: 'Review Complete',
  withdrawn: 'Withdrawn',
  revoked: 'Access Revoked',
};

/** One colour per status, on both sides' badges (Mantine colour names). */
export const REQUEST_STATUS_COLORS: Record<RequestStatus, string> = {
  pending: 'yellow',
  accepted: 'teal',
  in_progress: 'blue',
  reviewed: 'violet',
  completed: 'green',
  declined: 'gray',
  withdrawn: 'gray',
  revoked: 'red',
};

/** Spec 2.16: on the attorney's cards accepted and in_progress read 'Documents Shared'. */
export const ATTORNEY_CARD_STATUS_LABELS: Record<RequestStatus, string> = {
  ...REQUEST_STATUS_LABELS,
  accepted: 'Documents Shared',
  in_progress: 'Documents Shared',
  withdrawn: 'Withdrawn by the firm',
};

/**
 * PRODUCT.md §5: the statuses in which the firm holds the shared package — what the attorney's 'Documents
 * Shared' counts, and when there is a version to update, preview or compare.
 */
export const PACKAGE_SHARED_STATUSES: RequestStatus[] = ['accepted', 'in_progress', 'reviewed', 'completed'];
export const UNDER_REVIEW_STATUSES: RequestStatus[] = ['reviewed'];
/** The dashboards' 'Shared' count: shared and not under review, which is counted on its own. */
export const SHARED_NOT_IN_REVIEW_STATUSES: RequestStatus[] = PACKAGE_SHARED_STATUSES.filter(
  (s) => !UNDER_REVIEW_STATUSES.includes(s),
);

/** Every allowed move: from → to. Anything else is 409. */
export const REQUEST_TRANSITIONS: Record<RequestStatus, RequestStatus[]> = {
  pending: ['accepted', 'declined', 'withdrawn'],
  accepted: ['in_progress', 'reviewed', 'completed', 'revoked'],
  in_progress: ['reviewed', 'completed', 'revoked'],
  reviewed: ['completed', 'revoked'],
  declined: [],
  completed: ['revoked'],
  withdrawn: [],
  revoked: [],
};

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

/** POST /api/firm/lpq-requests/{id}/status: the two moves a firm makes. */
export const FIRM_REVIEW_STATUSES = ['reviewed', 'completed'] as const;

/** Statuses after which the firm has no package to read, whatever happens next. */
const ACCESS_ENDED_STATUSES: readonly RequestStatus[] = ['revoked', 'withdrawn', 'declined'];

/**
 * Issue 67: the firm's access to the request has ended — revoked, withdrawn, declined, or past its access end
 * date (inclusive: the firm reads through that day, `today` a UTC calendar date) — so nothing that grants
 * access to it is offered any more (Assign Reviewers).
 */
export const accessHasEnded = (
  request: { status: RequestStatus; accessUntil: string | null },
  today: string,
) => ACCESS_ENDED_STATUSES.includes(request.status) || (!!request.accessUntil && request.accessUntil < today);

const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * A pending invitation is mailed again at most once a day: when, after it was last sent or resent. Here, with
 * the statuses and no schema, so the request page that shows it does not load the validation library.
 */
export const nextResendAt = (lastSentAt: string | Date) =>
  new Date(new Date(lastSentAt).getTime() + RESEND_AFTER_MS);
