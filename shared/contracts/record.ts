import { z } from 'zod';
import { AUDIT_BREAKS, receiptFromLine, TRAIL_RECEIPT_SCHEME } from '../audit-trail';
import { defineContracts, idParams, raw, timestamp } from './contract';

/** PRODUCT.md §11: verify a shared version, and download and check each request's audit trail. */

const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(100000).optional() });

const MISMATCH_PROBLEMS = ['changed', 'added', 'removed', 'missing', 'unrecorded'] as const;

/** GET …/verify (shared/certification.ts VersionVerification): paths, never values. */
export const versionVerificationResponse = z.object({
  intact: z.boolean(),
  version: z.number(),
  certifiedBy: z.string().nullable(),
  certifiedAt: timestamp().nullable(),
  fingerprint: z.string().nullable(),
  mismatches: z.array(
    z.object({
      part: z
        .string()
        .meta({ description: 'profile, masterLpq, conflictsForm, …, documents, certification, auditTrail' }),
      path: z
        .string()
        .meta({ description: 'The field’s path, e.g. masterLpq.financialInfo.currentYear.rate' }),
      problem: z.enum(MISMATCH_PROBLEMS),
    }),
  ),
});

/** PRODUCT.md §11: a trail's heads signed with the server's Ed25519 key (shared/audit-trail.ts TrailReceipt). */
export const trailReceiptSchema = z.object({
  scheme: z.literal(TRAIL_RECEIPT_SCHEME),
  keyId: z.string().max(64),
  signedAt: z.iso.datetime({ error: 'Enter a date and time (ISO 8601).' }),
  heads: z
    .array(
      z.object({
        requestId: z.string().max(64),
        events: z.number().int().min(0),
        hash: z.string().max(128),
      }),
    )
    .min(1)
    .max(10000),
  signature: z.string().max(200),
});

/** GET …/audit/verify (shared/audit-trail.ts AuditVerification). */
export const auditVerificationResponse = z.object({
  intact: z.boolean(),
  events: z.number(),
  brokenAt: z
    .object({ requestId: z.string(), seq: z.number(), problem: z.enum(AUDIT_BREAKS), message: z.string() })
    .nullable(),
  receipt: trailReceiptSchema
    .nullable()
    .meta({ description: 'The trail’s head as it stands, signed; null while the chain is broken' }),
});

/** POST …/audit/verify: a receipt given back, as the object or as its one line ('lp-receipt.…'). */
const receiptBody = z.object({
  receipt: z.preprocess(receiptFromLine, trailReceiptSchema),
});

const RECEIPT_HEADER = {
  'Trail-Receipt':
    'The trail’s head signed with the record key, as one line (lp-receipt.…); absent while broken',
};

const csv = raw('The audit trail as CSV (Content-Disposition: attachment)', 'text/csv', RECEIPT_HEADER);
const pdf = raw(
  'The audit trail as a PDF (Content-Disposition: attachment)',
  'application/pdf',
  RECEIPT_HEADER,
);

export const recordContracts = defineContracts('Certification and audit trail', {
  verifyVersion: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/verify',
    summary:
      'Recompute a version’s fingerprint and its documents’ hashes from what is stored, and name what differs',
    audience: 'firm',
    params: idParams,
    query: versionQuery,
    response: { 200: versionVerificationResponse },
  },
  firmTrailCsv: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/audit.csv',
    summary: 'The request’s audit trail as CSV',
    audience: 'firm',
    params: idParams,
    response: { 200: csv },
  },
  firmTrailPdf: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/audit.pdf',
    summary: 'The request’s audit trail as PDF',
    audience: 'firm',
    params: idParams,
    response: { 200: pdf },
  },
  firmTrailVerify: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/audit/verify',
    summary: 'Whether the request’s audit trail is intact',
    audience: 'firm',
    params: idParams,
    response: { 200: auditVerificationResponse },
  },
  firmTrailVerifyReceipt: {
    method: 'POST',
    path: '/api/firm/lpq-requests/:id/audit/verify',
    summary: 'Whether the request’s audit trail still holds the head a receipt signed',
    audience: 'firm',
    params: idParams,
    body: receiptBody,
    response: { 200: auditVerificationResponse },
  },
  attorneyTrailCsv: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/audit.csv',
    summary: 'A request’s audit trail as CSV',
    audience: 'attorney',
    params: idParams,
    response: { 200: csv },
  },
  attorneyTrailPdf: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/audit.pdf',
    summary: 'A request’s audit trail as PDF',
    audience: 'attorney',
    params: idParams,
    response: { 200: pdf },
  },
  attorneyTrailVerify: {
    method: 'GET',
    path: '/api/attorney/lpq-requests/:id/audit/verify',
    summary: 'Whether a request’s audit trail is intact',
    audience: 'attorney',
    params: idParams,
    response: { 200: auditVerificationResponse },
  },
  attorneyTrailVerifyReceipt: {
    method: 'POST',
    path: '/api/attorney/lpq-requests/:id/audit/verify',
    summary: 'Whether a request’s audit trail still holds the head a receipt signed',
    audience: 'attorney',
    params: idParams,
    body: receiptBody,
    response: { 200: auditVerificationResponse },
  },
  accountTrailCsv: {
    method: 'GET',
    path: '/api/attorney/audit.csv',
    summary: 'The audit trail of every request sent to the attorney, as CSV',
    audience: 'attorney',
    response: { 200: csv },
  },
  accountTrailVerify: {
    method: 'GET',
    path: '/api/attorney/audit/verify',
    summary: 'Whether the audit trail of every request sent to the attorney is intact',
    audience: 'attorney',
    response: { 200: auditVerificationResponse },
  },
  accountTrailVerifyReceipt: {
    method: 'POST',
    path: '/api/attorney/audit/verify',
    summary: 'Whether the trails of the attorney’s requests still hold the heads a receipt signed',
    audience: 'attorney',
    body: receiptBody,
    response: { 200: auditVerificationResponse },
  },
  recordKey: {
    method: 'GET',
    path: '/api/record/key',
    summary: 'The Ed25519 public key trail receipts are signed with',
    audience: 'public',
    response: {
      200: z.object({
        algorithm: z.literal('Ed25519'),
        keyId: z.string(),
        publicKey: z.string().meta({ description: 'SPKI, PEM' }),
      }),
    },
  },
});
