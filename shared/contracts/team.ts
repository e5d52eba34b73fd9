import { z } from 'zod';
import { conflictsAnswerSchema, PARTY_ROLES, ROW_STATUSES } from '../conflicts';
import {
  acceptInvitationSchema,
  conflictsQuerySchema,
  firmSettingsSchema,
  invitationLookupSchema,
  inviteMemberSchema,
  memberRolesSchema,
  reviewersSchema,
} from '../team-forms';
import { userResponse } from './auth';
import {
  calendarDate,
  defineContracts,
  documentedOf,
  idParams,
  raw,
  storedDocument,
  timestamp,
} from './contract';
import { conflictsStatusEnum, firmRoleSchema, readablePartSchema } from './enums';
import { conflictsFormResponse, diversityFormResponse } from './forms';
import { reviewerResponse } from './requests';

const roles = z.array(firmRoleSchema);

export const memberResponse = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles,
  twoFactorEnabled: z.boolean(),
  lastActiveAt: timestamp().nullable(),
});

export const invitationResponse = z.object({
  id: z.string(),
  email: z.string(),
  roles,
  expiresAt: timestamp(),
  invitedByName: z.string(),
  lastSentAt: timestamp(),
});

/** PRODUCT.md §13: null while the request has no rows (nothing shared or pre-checked). */
const conflictsStatus = conflictsStatusEnum.nullable();

/** PRODUCT.md §13: one row as the conflicts team sees it, with its answer. */
export const firmConflictsRowResponse = z.object({
  rowId: z.string(),
  partyName: z.string(),
  partyRole: z.enum(PARTY_ROLES),
  clientName: z.string(),
  /** Null in a pre-check (no matter descriptions before sharing) and for a withheld matter. */
  matterDescription: z.string().nullable(),
  current: z.boolean(),
  openedOn: z.string().nullable(),
  closedOn: z.string().nullable(),
  clientMayObject: z.boolean(),
  /** A withheld matter's number of parties; else null. */
  partyCount: z.number().nullable(),
  /** The version the row is in (null: the pre-check). */
  version: z.number().nullable(),
  status: z.enum(ROW_STATUSES).nullable(),
  noteToAttorney: z.string().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: timestamp().nullable(),
});

export const firmConflictsRowsResponse = z.object({
  conflictsStatus,
  conflictsWaiting: z.number(),
  rows: z.array(firmConflictsRowResponse),
});

/** PRODUCT.md §13: a pre-check (a pending request) carries the position alone: the rest is null. */
const precheckFields = {
  precheck: z.boolean(),
  /** When the pre-check in force was sent; null once shared. */
  precheckSentAt: timestamp().nullable(),
};

export const conflictsQueueItemResponse = z.object({
  requestId: z.string(),
  attorneyName: z.string().nullable(),
  positionTitle: z.string(),
  practiceArea: z.string().nullable(),
  sharedAt: timestamp().nullable(),
  version: z.number().nullable(),
  ...precheckFields,
  conflictsStatus,
  /** PRODUCT.md §13: how many rows wait for an answer. */
  conflictsWaiting: z.number(),
  /** The conflicts form was shared with this version. */
  conflictsFormShared: z.boolean(),
  decidedAt: timestamp().nullable(),
});

export const conflictsViewResponse = z.object({
  requestId: z.string(),
  attorneyName: z.string().nullable(),
  attorneyEmail: z.string().nullable(),
  positionTitle: z.string(),
  practiceArea: z.string().nullable(),
  version: z.number().nullable(),
  sharedAt: timestamp().nullable(),
  ...precheckFields,
  conflictsForm: storedDocument(
    'The conflicts form as shared',
    documentedOf(conflictsFormResponse),
  ).nullable(),
  /** The master LPQ's employers (names and dates) and top clients' names: no figures (PRODUCT.md §9). */
  employers: z.array(
    z.object({
      employerName: z.string(),
      startDate: calendarDate().nullable(),
      departureDate: calendarDate().nullable(),
      current: z.boolean(),
    }),
  ),
  clientNames: z.array(z.string()),
  conflictsStatus,
  conflictsWaiting: z.number(),
  /** PRODUCT.md §13: the rows and their answers. */
  rows: z.array(firmConflictsRowResponse),
  /** PRODUCT.md §9's manual decisions, kept: §13's answers per row replaced them. */
  clearances: z.array(
    z.object({
      status: conflictsStatusEnum,
      note: z.string().nullable(),
      decidedByName: z.string(),
      version: z.number(),
      createdAt: timestamp(),
    }),
  ),
});

export const selfIdentificationResponse = z.object({
  forms: z.array(
    z.object({
      requestId: z.string(),
      attorneyName: z.string(),
      positionTitle: z.string(),
      sharedAt: timestamp(),
      form: storedDocument(
        'The diversity self-identification form as shared',
        documentedOf(diversityFormResponse),
      ),
    }),
  ),
  /** Per question, how many forms gave each answer. */
  counts: z.record(z.string(), z.record(z.string(), z.number())),
});

export const audienceResponse = z.object({
  parts: z.array(
    z.object({
      part: readablePartSchema,
      roles,
      people: z.array(z.object({ name: z.string(), roles })),
    }),
  ),
  diversityAccepted: z.boolean(),
  /** Why the diversity form cannot go to this firm (null when it can). */
  diversityRefusal: z.string().nullable(),
});

export const firmAuditEventResponse = z.object({
  id: z.number(),
  at: timestamp(),
  actorName: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

const userIdParams = z.object({ userId: z.string().max(100) });
const rowParams = z.object({ id: z.string().max(100), rowId: z.string().max(100) });

export const teamContracts = defineContracts('Firm team', {
  listMembers: {
    method: 'GET',
    path: '/api/firm/members',
    summary: 'The firm’s members with their roles (admins and recruiters)',
    audience: 'firm',
    response: { 200: z.array(memberResponse) },
  },
  updateMember: {
    method: 'PUT',
    path: '/api/firm/members/:userId',
    summary: 'Change a member’s roles (admins; the last admin stays an admin)',
    audience: 'firm',
    params: userIdParams,
    body: memberRolesSchema,
    errors: { 409: 'it would leave the firm without an administrator' },
    response: { 200: memberResponse },
  },
  removeMember: {
    method: 'DELETE',
    path: '/api/firm/members/:userId',
    summary: 'Remove a member from the firm: their sessions end at once (admins)',
    audience: 'firm',
    params: userIdParams,
    errors: { 409: 'it would leave the firm without an administrator' },
    response: { 204: raw('Removed') },
  },
  listInvitations: {
    method: 'GET',
    path: '/api/firm/invitations',
    summary: 'Open invitations to join the firm (admins)',
    audience: 'firm',
    response: { 200: z.array(invitationResponse) },
  },
  invite: {
    method: 'POST',
    path: '/api/firm/invitations',
    summary: 'Invite a member by e-mail with roles (admins)',
    audience: 'firm',
    body: inviteMemberSchema,
    errors: { 409: 'an invitation to this address is open, or the address cannot join a firm' },
    response: { 201: invitationResponse },
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/firm/invitations/:id/resend',
    summary: 'Mail an invitation again, with a new link valid 7 days (admins)',
    audience: 'firm',
    params: idParams,
    response: { 200: invitationResponse },
  },
  cancelInvitation: {
    method: 'DELETE',
    path: '/api/firm/invitations/:id',
    summary: 'Cancel an invitation: its link stops working (admins)',
    audience: 'firm',
    params: idParams,
    response: { 204: raw('Cancelled') },
  },
  lookupInvitation: {
    method: 'POST',
    path: '/api/auth/invitation',
    summary: 'What a mailed member invitation is for, before accepting it',
    audience: 'public',
    body: invitationLookupSchema,
    errors: { 429: 'too many invitation links tried from this address' },
    response: {
      200: z.object({
        firmName: z.string(),
        email: z.string(),
        roles,
        /** A firm account without a firm exists for the address: it joins with its password. */
        accountExists: z.boolean(),
      }),
    },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/auth/accept-invitation',
    summary: 'Accept a member invitation: create the account or join with an existing one; signs in',
    audience: 'public',
    body: acceptInvitationSchema,
    errors: {
      409: 'the address cannot join this firm',
      429: 'too many invitation links tried from this address',
    },
    response: { 200: userResponse },
  },
  getReviewers: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/reviewers',
    summary: 'The reviewers assigned to a request (admins and recruiters)',
    audience: 'firm',
    params: idParams,
    response: { 200: z.array(reviewerResponse) },
  },
  setReviewers: {
    method: 'PUT',
    path: '/api/firm/lpq-requests/:id/reviewers',
    summary: 'Assign the request’s reviewers: members with the reviewer role (admins and recruiters)',
    audience: 'firm',
    params: idParams,
    body: reviewersSchema,
    errors: {
      409: 'a diversity officer cannot review candidates; the firm’s access to the request has ended (issue 67)',
    },
    response: { 200: z.array(reviewerResponse) },
  },
  conflictsQueue: {
    method: 'GET',
    path: '/api/firm/conflicts',
    summary: 'Shared requests with their conflicts status (the conflicts role)',
    audience: 'firm',
    query: conflictsQuerySchema,
    response: { 200: z.array(conflictsQueueItemResponse) },
  },
  conflictsView: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/conflicts',
    summary: 'The conflicts view: the conflicts form, employers and top clients’ names (the conflicts role)',
    audience: 'firm',
    params: idParams,
    response: { 200: conflictsViewResponse },
  },
  conflictsCsv: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/conflicts.csv',
    summary: 'The request’s conflicts rows for the firm’s conflicts system, as CSV (the conflicts role)',
    audience: 'firm',
    params: idParams,
    response: { 200: raw('The rows as CSV, UTF-8 with a BOM (Content-Disposition: attachment)', 'text/csv') },
  },
  conflictsXlsx: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/conflicts.xlsx',
    summary:
      'The request’s conflicts rows for the firm’s conflicts system, as a workbook (the conflicts role)',
    audience: 'firm',
    params: idParams,
    response: {
      200: raw(
        'The rows as an XLSX workbook (Content-Disposition: attachment)',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    },
  },
  conflictsWaitingCsv: {
    method: 'GET',
    path: '/api/firm/conflicts.csv',
    summary:
      'Every request with conflicts rows awaiting an answer, one line per row, as CSV (the conflicts role)',
    audience: 'firm',
    response: { 200: raw('The rows as CSV, UTF-8 with a BOM (Content-Disposition: attachment)', 'text/csv') },
  },
  answerConflictsRow: {
    method: 'PUT',
    path: '/api/firm/lpq-requests/:id/conflicts/rows/:rowId',
    summary: 'Answer one conflicts row, with an optional note to the attorney (the conflicts role)',
    audience: 'firm',
    params: rowParams,
    body: conflictsAnswerSchema,
    response: { 200: firmConflictsRowsResponse },
  },
  selfIdentification: {
    method: 'GET',
    path: '/api/firm/self-identification',
    summary: 'The self-identification forms attorneys chose to share, and counts (the diversity role)',
    audience: 'firm',
    response: { 200: selfIdentificationResponse },
  },
  selfIdentificationCountsCsv: {
    method: 'GET',
    path: '/api/firm/self-identification/counts.csv',
    summary: 'The counts as CSV; a count under 5 reads fewer than 5 (the diversity role)',
    audience: 'firm',
    response: { 200: raw('The counts as CSV (Content-Disposition: attachment)', 'text/csv') },
  },
  getSettings: {
    method: 'GET',
    path: '/api/firm/settings',
    summary: 'The firm’s settings (admins)',
    audience: 'firm',
    response: { 200: firmSettingsSchema },
  },
  saveSettings: {
    method: 'PUT',
    path: '/api/firm/settings',
    summary: 'Change the firm’s settings (admins)',
    audience: 'firm',
    body: firmSettingsSchema,
    errors: { 409: 'members must set up two-step sign-in before the firm requires it' },
    response: { 200: firmSettingsSchema },
  },
  audit: {
    method: 'GET',
    path: '/api/firm/audit',
    summary: 'Member and settings changes, newest first (admins)',
    audience: 'firm',
    response: { 200: z.array(firmAuditEventResponse) },
  },
  audience: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/audience',
    summary: 'Who at the firm can read each part of the package, by role and name',
    audience: 'attorney',
    params: idParams,
    response: { 200: audienceResponse },
  },
});
