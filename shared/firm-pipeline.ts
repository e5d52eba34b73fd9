import { z } from 'zod';
import { longText } from './form-fields';
import { LIMITS } from './limits';
import { PAGE_MESSAGES, pageQuerySchema } from './paging';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from './requests';
import { CONFLICTS_STATUSES } from './team';
import { isUuid } from './uuid';

/**
 * PRODUCT.md §6: the recruiter's pipeline — the list's query, notes and the request's timeline. Both the
 * server (validation, SQL) and the web (filters, labels) read these.
 */
export const FIRM_REQUEST_SORTS = [
  '-sent',
  'sent',
  'due',
  '-due',
  '-shared',
  'shared',
  'position',
  '-position',
  // PRODUCT.md §15: by stage and by last activity.
  'status',
  '-status',
  '-activity',
  'activity',
] as const;
export type FirmRequestSort = (typeof FIRM_REQUEST_SORTS)[number];
export const FIRM_REQUEST_SORT_LABELS: Record<FirmRequestSort, string> = {
  '-sent': 'Newest sent',
  sent: 'Oldest sent',
  due: 'Due soonest',
  '-due': 'Due latest',
  '-shared': 'Newest shared',
  shared: 'Oldest shared',
  position: 'Position A–Z',
  '-position': 'Position Z–A',
  status: 'Stage',
  '-status': 'Stage (reversed)',
  '-activity': 'Latest activity',
  activity: 'Oldest activity',
};

const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** A pending invitation is mailed again at most once a day: when, after it was last sent or resent. */
export const nextResendAt = (lastSentAt: string | Date) =>
  new Date(new Date(lastSentAt).getTime() + RESEND_AFTER_MS);

export const PIPELINE_MESSAGES = {
  unknownStatus: 'Choose one of the listed statuses',
  unknownSort: 'Choose one of the listed sort orders',
  badLimit: PAGE_MESSAGES.badLimit,
  badCursor: PAGE_MESSAGES.badCursor,
  searchTooLong: 'Search for at most 200 characters',
  withdrawOnlyPending: 'Only a pending invitation can be withdrawn.',
  resendOnlyPending: 'Only a pending invitation can be resent.',
  resendTooSoon: 'This invitation was sent less than 24 hours ago. You can resend it once a day.',
  noteRequired: 'Write a note first.',
  noteTooLong: `A note can be at most ${LIMITS.longText} characters.`,
  unknownReviewer: 'Choose a reviewer of your firm, or me',
  unknownConflicts: 'Choose pending, cleared or issues',
  onlyTrue: 'Leave this out or set it to true',
} as const;

/** `new=true`, `overdue=true`: a flag filter is either asked for or left out. */
const trueFlag = z
  .enum(['true'], { error: PIPELINE_MESSAGES.onlyTrue })
  .transform(() => true as const)
  .optional();

/**
 * `GET /api/firm/lpq-requests?status=&reviewer=&conflicts=&new=&overdue=&q=&sort=&limit=&cursor=`
 * (PRODUCT.md §6, §15).
 */
export const firmRequestListQuerySchema = pageQuerySchema.extend({
  status: z.enum(REQUEST_STATUSES, { error: PIPELINE_MESSAGES.unknownStatus }).optional(),
  reviewer: z
    .string({ error: PIPELINE_MESSAGES.unknownReviewer })
    .refine((v) => v === 'me' || isUuid(v), PIPELINE_MESSAGES.unknownReviewer)
    .optional(),
  conflicts: z.enum(CONFLICTS_STATUSES, { error: PIPELINE_MESSAGES.unknownConflicts }).optional(),
  new: trueFlag,
  overdue: trueFlag,
  q: z.string().trim().max(200, PIPELINE_MESSAGES.searchTooLong).optional(),
  sort: z.enum(FIRM_REQUEST_SORTS, { error: PIPELINE_MESSAGES.unknownSort }).default('-sent'),
});
export type FirmRequestListQuery = z.output<typeof firmRequestListQuerySchema>;

/** Firm-only notes on a request: never shown to the attorney. */
export const requestNoteSchema = z.object({
  body: longText(z.string({ error: PIPELINE_MESSAGES.noteRequired }))
    .trim()
    .min(1, PIPELINE_MESSAGES.noteRequired)
    .max(LIMITS.longText, PIPELINE_MESSAGES.noteTooLong),
});
export type RequestNote = { id: string; body: string; authorName: string; createdAt: string };

/** The CSV export's columns, in order. */
export const FIRM_REQUEST_CSV_COLUMNS = [
  'Attorney Email',
  'Attorney Name',
  'Position',
  'Practice Area',
  'Status',
  'Sent',
  'Due',
  'Shared',
] as const;

export const statusLabel = (status: RequestStatus) => REQUEST_STATUS_LABELS[status];
