import { z } from 'zod';
import { firmProfileSchema, firmRegistrationSchema } from '../firm';
import {
  bulkActionSchema,
  firmRequestListQuerySchema,
  requestNoteSchema,
  savedViewSchema,
} from '../firm-pipeline';
import { createLpqRequestSchema, firmRequestStatusSchema, firmSectionSchema } from '../requests';
import { changesQuerySchema } from '../sharing';
import { userResponse } from './auth';
import { defineContracts, idParams, raw, storedForm, timestamp } from './contract';
import {
  firmRequestDetailResponse,
  firmRequestItemResponse,
  firmRequestListItemResponse,
  firmSpecificQuestionsResponse,
  packageChangeResponse,
  requestNoteResponse,
} from './requests';

/** GET /api/firm/profile (shared/firm.ts FirmProfile): the profile's fields with its offices. */
export const firmProfileResponse = storedForm(
  firmProfileSchema,
  {
    userId: z.string(),
    firmName: z.string(),
    offices: z.array(
      z.object({ id: z.string(), city: z.string(), state: z.string(), numberOfAttorneys: z.number() }),
    ),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  },
  'The firm profile: the fields of firmProfileSchema as validated on save (shared/firm.ts).',
);

/**
 * GET /api/attorney/lpq-requests/{id}/firm-profile (shared/firm-profile-view.ts CandidateFirmProfile):
 * the firm profile without the account's own fields (id, sign-in address, created date).
 */
export const candidateFirmProfileResponse = storedForm(
  z.object(Object.fromEntries(Object.entries(firmProfileSchema.shape).filter(([key]) => key !== 'email'))),
  {
    firmName: z.string(),
    offices: firmProfileResponse.shape.offices,
    updatedAt: timestamp(),
  },
  'The firm profile an invited attorney reads: the fields of firmProfileSchema but the sign-in address.',
);

const customSectionResponse = firmSpecificQuestionsResponse.shape.sections.element.extend({
  id: z.string(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `?version=N`: one of the package's versions (the latest when left out). */
const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(100000).optional() });

export const firmContracts = defineContracts('Firm', {
  register: {
    method: 'POST',
    path: '/api/register/firm',
    summary: 'Register a firm: account, firm profile and offices at once',
    audience: 'public',
    body: firmRegistrationSchema,
    errors: { 409: 'the address has an account already', 429: 'too many registrations from this address' },
    response: { 201: userResponse },
  },
  getProfile: {
    method: 'GET',
    path: '/api/firm/profile',
    summary: 'The firm’s profile',
    audience: 'firm',
    response: { 200: firmProfileResponse },
  },
  createProfile: {
    method: 'POST',
    path: '/api/firm/profile',
    summary: 'Create the firm profile (409 if one exists)',
    audience: 'firm',
    body: firmProfileSchema,
    errors: { 409: 'the profile exists already' },
    response: { 201: firmProfileResponse },
  },
  saveProfile: {
    method: 'PUT',
    path: '/api/firm/profile',
    summary: 'Replace the firm profile',
    audience: 'firm',
    body: firmProfileSchema,
    response: { 200: firmProfileResponse },
  },
  dashboardStats: {
    method: 'GET',
    path: '/api/firm/dashboard-stats',
    summary: 'The firm dashboard’s stat cards',
    audience: 'firm',
    response: {
      200: z.object({
        invitationsSent: z.number(),
        pending: z.number(),
        shared: z.number(),
        underReview: z.number(),
        declined: z.number(),
        newSinceLastVisit: z.number(),
        waitingOnMe: z.number(),
        conflictsWaiting: z.number(),
        // Issue 64 item 6: each of the three counts stops at COUNT_CAP; true where more matched.
        capped: z.object({
          newSinceLastVisit: z.boolean(),
          waitingOnMe: z.boolean(),
          conflictsWaiting: z.boolean(),
        }),
      }),
    },
  },
  listCustomSections: {
    method: 'GET',
    path: '/api/firm/custom-sections',
    summary: 'The firm’s library of question sections',
    audience: 'firm',
    response: { 200: z.array(customSectionResponse) },
  },
  createCustomSection: {
    method: 'POST',
    path: '/api/firm/custom-sections',
    summary: 'Add a section to the library',
    audience: 'firm',
    body: firmSectionSchema,
    response: { 201: customSectionResponse },
  },
  updateCustomSection: {
    method: 'PUT',
    path: '/api/firm/custom-sections/:id',
    summary: 'Change a section of the library',
    audience: 'firm',
    params: idParams,
    body: firmSectionSchema,
    response: { 200: customSectionResponse },
  },
  deleteCustomSection: {
    method: 'DELETE',
    path: '/api/firm/custom-sections/:id',
    summary: 'Remove a section from the library',
    audience: 'firm',
    params: idParams,
    response: { 204: raw('Deleted') },
  },
});

/** PRODUCT.md §15 (shared/firm-pipeline.ts SavedView). */
export const savedViewResponse = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  createdAt: timestamp(),
});

/** PRODUCT.md §15 (shared/firm-pipeline.ts BulkResult). */
export const bulkResultResponse = z.object({
  done: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), message: z.string() })),
});

export const firmRequestContracts = defineContracts('Firm requests', {
  list: {
    method: 'GET',
    path: '/api/firm/lpq-requests',
    apiScopes: ['requests:read'],
    summary:
      'A page of the firm’s requests; the next page’s URL in `Link: <…>; rel="next"`, the number of rows the filters match in `X-Total-Count`, up to 1,000 (`X-Total-Capped: true` when more match)',
    audience: 'firm',
    query: firmRequestListQuerySchema,
    response: { 200: z.array(firmRequestListItemResponse) },
  },
  csv: {
    method: 'GET',
    path: '/api/firm/lpq-requests.csv',
    apiScopes: ['requests:read'],
    summary: 'The same rows as CSV, all pages',
    audience: 'firm',
    query: firmRequestListQuerySchema.omit({ limit: true, cursor: true }),
    response: { 200: raw('The list as CSV (Content-Disposition: attachment)', 'text/csv') },
  },
  withdraw: {
    method: 'POST',
    path: '/api/firm/lpq-requests/:id/withdraw',
    apiScopes: ['requests:write'],
    summary: 'Withdraw a pending invitation',
    audience: 'firm',
    params: idParams,
    errors: { 409: 'the invitation is no longer pending' },
    response: { 200: firmRequestItemResponse },
  },
  resend: {
    method: 'POST',
    path: '/api/firm/lpq-requests/:id/resend',
    apiScopes: ['requests:write'],
    summary: 'Resend a pending invitation (once per 24 hours)',
    audience: 'firm',
    params: idParams,
    errors: { 409: 'the invitation is no longer pending', 429: 'resent less than 24 hours ago' },
    response: { 200: firmRequestItemResponse },
  },
  listNotes: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/notes',
    summary: 'The firm’s own notes on a request, oldest first; never shown to the attorney',
    audience: 'firm',
    params: idParams,
    response: { 200: z.array(requestNoteResponse) },
  },
  addNote: {
    method: 'POST',
    path: '/api/firm/lpq-requests/:id/notes',
    summary: 'Add a note',
    audience: 'firm',
    params: idParams,
    body: requestNoteSchema,
    response: { 201: requestNoteResponse },
  },
  create: {
    method: 'POST',
    path: '/api/firm/lpq-requests',
    apiScopes: ['requests:write'],
    summary: 'Invite an attorney: send an LPQ request',
    audience: 'firm',
    body: createLpqRequestSchema,
    errors: {
      409: 'an invitation to this address is open, the firm’s address is not verified or its profile is missing',
      429: 'too many invitations sent',
    },
    response: { 201: firmRequestItemResponse },
  },
  get: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id',
    apiScopes: ['requests:read', 'packages:read'],
    summary: 'A request with its package (null until shared and after revocation)',
    description:
      'Through an API token the package is there only with `packages:read` (a read, and an access event named after the token); with `requests:read` alone it is null.',
    audience: 'firm',
    params: idParams,
    query: versionQuery,
    response: { 200: firmRequestDetailResponse },
  },
  changes: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/changes',
    apiScopes: ['packages:read'],
    summary: 'What changed between two versions of the package',
    audience: 'firm',
    params: idParams,
    query: changesQuerySchema,
    response: { 200: z.array(packageChangeResponse) },
  },
  setStatus: {
    method: 'POST',
    path: '/api/firm/lpq-requests/:id/status',
    summary: 'Mark a shared request reviewed or completed',
    audience: 'firm',
    params: idParams,
    body: firmRequestStatusSchema,
    errors: { 409: 'the request is not in a status that allows it' },
    response: { 200: firmRequestItemResponse },
  },
  packagePdf: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/package.pdf',
    apiScopes: ['packages:read'],
    summary: 'The package as a PDF (404 before sharing)',
    audience: 'firm',
    params: idParams,
    query: versionQuery,
    response: { 200: raw('The package PDF (Content-Disposition: attachment)', 'application/pdf') },
  },
  bulk: {
    method: 'POST',
    path: '/api/firm/lpq-requests/bulk',
    summary:
      'A bulk action on up to 100 requests (resend, withdraw: recruiters; assign a reviewer: admins and recruiters), each handled on its own',
    audience: 'firm',
    body: bulkActionSchema,
    response: { 200: bulkResultResponse },
  },
  listViews: {
    method: 'GET',
    path: '/api/firm/views',
    summary: 'The member’s own saved views of the list, oldest first',
    audience: 'firm',
    response: { 200: z.array(savedViewResponse) },
  },
  createView: {
    method: 'POST',
    path: '/api/firm/views',
    summary: 'Save a view of the list: a name and the list’s query string (filters and sort)',
    audience: 'firm',
    body: savedViewSchema,
    errors: { 409: 'a view of that name exists, or the member keeps 50 already' },
    response: { 201: savedViewResponse },
  },
  deleteView: {
    method: 'DELETE',
    path: '/api/firm/views/:id',
    summary: 'Delete one of the member’s saved views',
    audience: 'firm',
    params: idParams,
    response: { 204: raw('Deleted') },
  },
});
