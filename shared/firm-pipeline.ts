import { z } from 'zod';
import { longText, singleLineText } from './form-fields';
import { formatNumber } from './format';
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

/**
 * Issue 64 item 6: the list's result count (X-Total-Count, '3 of 12') and the dashboard's pipeline cards count at
 * most this many rows (a count over a `limit COUNT_CAP + 1` subquery), so their cost stops growing with the
 * matches at 10,000 requests a firm. A count beyond it is sent as COUNT_CAP with a flag saying so
 * (`X-Total-Capped: true`, the dashboard's `capped`) and read as '1,000+'.
 */
export const COUNT_CAP = 1000;

/** A count as the list and the dashboard show it: '12', '1,000', or '1,000+' when it reached the cap. */
export const countLabel = (n: number, capped = false) =>
  capped ? `${formatNumber(COUNT_CAP)}+` : formatNumber(n);

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

/** PRODUCT.md §15: the list's filters and sort as a view keeps them (no page size, no cursor). */
export const firmRequestViewQuerySchema = firmRequestListQuerySchema.omit({ limit: true, cursor: true });
export type FirmRequestViewQuery = z.output<typeof firmRequestViewQuerySchema>;

/** The keys of the list's query a view (and the list screen's URL) carries, in the order they are written. */
export const VIEW_QUERY_KEYS = ['status', 'reviewer', 'conflicts', 'new', 'overdue', 'q', 'sort'] as const;

/** Parses a query string (`status=pending&overdue=true`) as the list's filters; null if it is not one. */
export function parseViewQuery(query: string): FirmRequestViewQuery | null {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!(VIEW_QUERY_KEYS as readonly string[]).includes(key) || key in raw) return null;
    raw[key] = value;
  }
  const parsed = firmRequestViewQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The query string of these filters, keys in VIEW_QUERY_KEYS's order, the default sort left out. */
export function viewQueryString(query: Partial<Record<(typeof VIEW_QUERY_KEYS)[number], unknown>>): string {
  const params = new URLSearchParams();
  for (const key of VIEW_QUERY_KEYS) {
    const value = query[key];
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (key === 'sort' && value === '-sent') continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export const SAVED_VIEW_LIMIT = 50;

export const VIEW_MESSAGES = {
  nameRequired: 'Name this view.',
  nameTooLong: `A view's name can be at most ${LIMITS.shortText} characters.`,
  badQuery: 'This view’s filters are not ones the list knows.',
  duplicate: 'You already have a view with this name.',
  tooMany: `You can keep at most ${SAVED_VIEW_LIMIT} views. Delete one first.`,
} as const;

/** `POST /api/firm/views { name, query }` (PRODUCT.md §15): the member's own saved view of the list. */
export const savedViewSchema = z.object({
  name: singleLineText(z.string({ error: VIEW_MESSAGES.nameRequired }))
    .trim()
    .min(1, VIEW_MESSAGES.nameRequired)
    .max(LIMITS.shortText, VIEW_MESSAGES.nameTooLong),
  query: z
    .string({ error: VIEW_MESSAGES.badQuery })
    .max(1000, VIEW_MESSAGES.badQuery)
    .refine((q) => parseViewQuery(q) !== null, VIEW_MESSAGES.badQuery)
    .transform((q) => viewQueryString(parseViewQuery(q)!)),
});
export type SavedView = { id: string; name: string; query: string; createdAt: string };

/** PRODUCT.md §15: bulk actions on a selection of the list, each request on its own. */
export const BULK_ACTIONS = ['resend', 'withdraw', 'assign'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_LIMIT = 100;

export const BULK_MESSAGES = {
  unknownAction: 'Choose resend, withdraw or assign',
  noIds: 'Select at least one request.',
  tooMany: `Select at most ${BULK_LIMIT} requests at a time.`,
  badId: 'Each selected request must be a request id.',
  reviewerRequired: 'Choose the reviewer to assign.',
  notFound: 'This request is not in your list.',
} as const;

export const bulkActionSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: BULK_MESSAGES.unknownAction }),
    ids: z
      .array(z.string({ error: BULK_MESSAGES.badId }).refine(isUuid, BULK_MESSAGES.badId), {
        error: BULK_MESSAGES.noIds,
      })
      .min(1, BULK_MESSAGES.noIds)
      .max(BULK_LIMIT, BULK_MESSAGES.tooMany),
    reviewerId: z
      .string({ error: BULK_MESSAGES.reviewerRequired })
      .refine(isUuid, BULK_MESSAGES.reviewerRequired)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'assign' && !body.reviewerId)
      ctx.addIssue({ code: 'custom', path: ['reviewerId'], message: BULK_MESSAGES.reviewerRequired });
  });
export type BulkActionInput = z.output<typeof bulkActionSchema>;
export type BulkResult = { done: string[]; refused: { id: string; message: string }[] };
