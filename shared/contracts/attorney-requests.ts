import { z } from 'zod';
import { PARTY_ROLES, ROW_STATUSES } from '../conflicts';
import { pageQuerySchema } from '../paging';
import { declineRequestSchema } from '../position-lpq';
import {
  accessLogQuerySchema,
  accessReadsQuerySchema,
  previewQuerySchema,
  shareRequestSchema,
} from '../sharing';
import { CONFLICTS_STATUSES } from '../team';
import { defineContracts, idParams, timestamp } from './contract';
import { accessActionSchema } from './enums';
import { candidateFirmProfileResponse } from './firm';
import {
  accessLogEntryResponse,
  attorneyRequestItemResponse,
  packageChangeResponse,
  packagePartsResponse,
  sharePreviewResponse,
} from './requests';

/** PRODUCT.md §13: the answers that come back to the attorney, row by row; the firm's other notes stay the firm's. */
export const attorneyConflictsResponse = z.object({
  conflictsStatus: z.enum(CONFLICTS_STATUSES).nullable(),
  /** PRODUCT.md §13: when the pre-check in force was sent (a pending request); else null. */
  precheckSentAt: timestamp().nullable(),
  rows: z.array(
    z.object({
      rowId: z.string(),
      partyName: z.string(),
      partyRole: z.enum(PARTY_ROLES),
      clientName: z.string(),
      status: z.enum(ROW_STATUSES).nullable(),
      noteToAttorney: z.string().nullable(),
    }),
  ),
});

export const attorneyRequestContracts = defineContracts('Attorney requests and sharing', {
  conflicts: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/conflicts',
    summary: 'The conflicts team’s answer to each row of the attorney’s conflicts check',
    audience: 'attorney',
    params: idParams,
    response: { 200: attorneyConflictsResponse },
  },
  sendConflictsPrecheck: {
    method: 'POST',
    path: '/api/attorney/lpq-requests/:id/conflicts-precheck',
    summary:
      'Send the firm’s conflicts team a pre-check of the conflicts form’s rows before sharing (a pending request)',
    audience: 'attorney',
    params: idParams,
    errors: {
      409: 'the request is not pending, the conflicts form has no rows, or the firm has no conflicts team',
    },
    response: { 200: attorneyConflictsResponse },
  },
  withdrawConflictsPrecheck: {
    method: 'DELETE',
    path: '/api/attorney/lpq-requests/:id/conflicts-precheck',
    summary: 'Withdraw the conflicts pre-check while the request is pending',
    audience: 'attorney',
    params: idParams,
    errors: { 409: 'the request is not pending, or no pre-check is in force' },
    response: { 200: attorneyConflictsResponse },
  },
  list: {
    method: 'GET',
    path: '/api/attorney/lpq-requests',
    summary:
      'A page of the requests sent to the attorney’s verified address, newest first; the next page’s URL in `Link: <…>; rel="next"`',
    audience: 'attorney',
    query: pageQuerySchema,
    response: { 200: z.array(attorneyRequestItemResponse) },
  },
  summary: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/summary',
    summary: 'The counts of every request: pending, shared, under review and firms',
    audience: 'attorney',
    response: {
      200: z.object({
        pending: z.number(),
        shared: z.number(),
        firms: z.number(),
        underReview: z.number(),
        shareDefaults: packagePartsResponse,
      }),
    },
  },
  share: {
    method: 'POST',
    path: '/api/attorney/lpq-requests/:id/share',
    summary: 'Share the package (version 1) with the parts chosen and an optional access end date',
    audience: 'attorney',
    params: idParams,
    body: shareRequestSchema,
    errors: { 409: 'the request is no longer pending, or the master LPQ is incomplete' },
    response: { 200: attorneyRequestItemResponse },
  },
  preview: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/preview',
    summary: 'The package the firm would receive now, in the firm’s shape',
    audience: 'attorney',
    params: idParams,
    query: previewQuerySchema,
    errors: { 409: 'the request cannot be shared' },
    response: { 200: sharePreviewResponse },
  },
  update: {
    method: 'POST',
    path: '/api/attorney/lpq-requests/:id/update',
    summary: 'Send an update: the next version of the package',
    audience: 'attorney',
    params: idParams,
    body: shareRequestSchema,
    errors: { 409: 'the request is not shared', 429: 'too many updates sent for this request' },
    response: { 200: attorneyRequestItemResponse },
  },
  revoke: {
    method: 'POST',
    path: '/api/attorney/lpq-requests/:id/revoke',
    summary: 'Revoke the firm’s access',
    audience: 'attorney',
    params: idParams,
    errors: { 409: 'the request is not shared' },
    response: { 200: attorneyRequestItemResponse },
  },
  changes: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/changes',
    summary:
      'What differs between the version the firm has and what Send update would send now, one entry per changed value',
    audience: 'attorney',
    params: idParams,
    errors: { 409: 'the request is not shared' },
    response: { 200: z.array(packageChangeResponse) },
  },
  firmProfile: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/firm-profile',
    summary: 'The profile the inviting firm keeps for candidates (404 while it has none)',
    audience: 'attorney',
    params: idParams,
    response: { 200: candidateFirmProfileResponse },
  },
  decline: {
    method: 'POST',
    path: '/api/attorney/lpq-requests/:id/decline',
    summary: 'Decline a pending request, with an optional reason',
    audience: 'attorney',
    params: idParams,
    body: declineRequestSchema,
    errors: { 409: 'the request is no longer pending' },
    response: { 200: attorneyRequestItemResponse },
  },
  accessLog: {
    method: 'GET',
    path: '/api/attorney/access-log',
    summary: 'Every firm read of the attorney’s data, grouped per firm user, request and 30 minutes',
    audience: 'attorney',
    query: accessLogQuerySchema,
    response: { 200: z.array(accessLogEntryResponse) },
  },
  accessReads: {
    method: 'GET',
    path: '/api/attorney/access-log/reads',
    summary:
      'The individual reads of one access log entry (its requestId, readerId, firstAt as from, at as to), newest first; the next page’s URL in `Link: <…>; rel="next"`',
    audience: 'attorney',
    query: accessReadsQuerySchema,
    response: {
      200: z.array(z.object({ at: timestamp(), action: accessActionSchema, what: z.string() })),
    },
  },
});
