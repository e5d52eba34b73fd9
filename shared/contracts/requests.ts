import { z } from 'zod';
import { POSITION_LPQ_STATUSES } from '../position-lpq';
import { PREFILL_SOURCES } from '../prefill-sources';
import { QUESTION_TYPES, REQUEST_STATUSES } from '../requests';
import { ACCESS_ACTIONS, PACKAGE_PARTS } from '../sharing';
import { FIRM_ROLES, READABLE_PARTS } from '../team';
import { TIMELINE_EVENTS } from '../timeline';
import { calendarDate, storedDocument, timestamp } from './contract';
import { fileRefResponse } from './files';

/** The answers both sides read about one request: firm-specific questions, parts, packages. */

export const firmSpecificQuestionsResponse = z.object({
  sections: z.array(
    z.object({
      title: z.string(),
      questions: z.array(
        z.object({
          id: z.string(),
          text: z.string(),
          type: z.enum(QUESTION_TYPES),
          required: z.boolean(),
          options: z.array(z.string()).optional(),
        }),
      ),
    }),
  ),
});

export const packagePartsResponse = z.object(
  Object.fromEntries(PACKAGE_PARTS.map((p) => [p, z.boolean()])) as Record<
    (typeof PACKAGE_PARTS)[number],
    z.ZodBoolean
  >,
);

/** PRODUCT.md §6: the attorney's view of a request (shared/position-lpq.ts AttorneyRequestItem). */
export const attorneyRequestItemResponse = z.object({
  id: z.string(),
  firmName: z.string(),
  positionTitle: z.string(),
  practiceArea: z.string(),
  status: z.enum(REQUEST_STATUSES),
  sentAt: timestamp(),
  dueDate: calendarDate().nullable(),
  contactPersonName: z.string(),
  contactPersonTitle: z.string(),
  contactPhone: z.string().nullable(),
  additionalMessage: z.string().nullable(),
  firmSpecificQuestions: firmSpecificQuestionsResponse.nullable(),
  lpqId: z.string().nullable(),
  lpqStatus: z.enum(POSITION_LPQ_STATUSES).nullable(),
  lpqSubmittedAt: timestamp().nullable(),
  sharedAt: timestamp().nullable(),
  version: z.number().nullable(),
  include: packagePartsResponse.nullable(),
  accessUntil: calendarDate().nullable(),
  revokedAt: timestamp().nullable(),
  masterLpqChangedSinceShare: z.boolean(),
});

/**
 * One frozen version of a shared package (shared/requests.ts SharedPackage). The parts are copies of the
 * attorney's documents taken when they shared, validated by their forms' schemas then: passed on whole.
 */
export const sharedPackageResponse = z.object({
  version: z.number(),
  certification: z
    .object({ certifiedBy: z.string(), certifiedAt: timestamp(), fingerprint: z.string() })
    .nullable()
    .meta({
      description:
        'PRODUCT.md §11: who certified this version, when, and its SHA-256 fingerprint; null when not certified',
    }),
  versions: z.array(z.object({ version: z.number(), sharedAt: timestamp() })),
  sharedAt: timestamp(),
  attorney: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  // PRODUCT.md §9: each part is present only for a reader whose roles reach it (`visibleParts`), never blanked.
  profile: storedDocument('The attorney profile as shared (without self-identification)')
    .nullable()
    .optional(),
  masterLpq: storedDocument('The master LPQ as shared').optional(),
  conflictsForm: storedDocument('The conflicts form as shared').nullable().optional(),
  diversityForm: storedDocument('The diversity form as shared').nullable().optional(),
  businessPlan: storedDocument('The business plan as shared').nullable().optional(),
  documents: z.array(fileRefResponse).optional(),
  positionLpq: z
    .object({
      status: z.string(),
      formData: storedDocument('The position LPQ answers (lpqFormDataSchema)'),
      firmAnswers: storedDocument('Answers to the firm-specific questions, by question id'),
    })
    .nullable()
    .optional(),
});

/** GET /api/attorney/lpq-requests/{id}/preview (shared/sharing.ts SharePreview). */
export const sharePreviewResponse = sharedPackageResponse.extend({
  include: packagePartsResponse,
  available: packagePartsResponse,
  documentCount: z.number(),
});

/** GET /api/lpqs/{id} (shared/position-lpq.ts PositionLpq). */
export const positionLpqResponse = z.object({
  id: z.string(),
  requestId: z.string(),
  firmName: z.string(),
  positionTitle: z.string(),
  practiceArea: z.string(),
  status: z.enum(POSITION_LPQ_STATUSES),
  requestStatus: z.enum(REQUEST_STATUSES),
  formData: storedDocument(
    'The position LPQ answers, as lpqSaveSchema validated them (shared/position-lpq.ts)',
  ),
  firmSpecificQuestions: firmSpecificQuestionsResponse.nullable(),
  firmAnswers: storedDocument('Answers to the firm-specific questions, by question id'),
  updatedAt: timestamp(),
  prefilled: z
    .record(z.string(), z.enum(PREFILL_SOURCES))
    .meta({ description: 'formData fields that still hold a prefilled value, with their source' }),
});

/** PRODUCT.md §6 access log entry (shared/sharing.ts AccessLogEntry). */
export const accessLogEntryResponse = z.object({
  at: timestamp(),
  firstAt: timestamp(),
  firmName: z.string(),
  firmUserName: z.string(),
  readerId: z.string(),
  readerRoles: z.array(z.enum(FIRM_ROLES)),
  action: z.enum(ACCESS_ACTIONS),
  what: z.string(),
  count: z.number(),
  reads: z.array(z.object({ action: z.enum(ACCESS_ACTIONS), what: z.string(), count: z.number() })),
  requestId: z.string(),
  positionTitle: z.string(),
});

/** PRODUCT.md §6 firm request item plus what the detail screen shows (shared/requests.ts FirmRequestItem). */
export const firmRequestItemResponse = z.object({
  id: z.string(),
  attorneyEmail: z.string(),
  attorneyName: z.string().nullable(),
  firmName: z.string(),
  positionTitle: z.string(),
  practiceArea: z.string(),
  status: z.enum(REQUEST_STATUSES),
  sentAt: timestamp(),
  dueDate: calendarDate().nullable(),
  sharedAt: timestamp().nullable(),
  declineReason: z.string().nullable(),
  declinedAt: timestamp().nullable(),
  reviewedAt: timestamp().nullable(),
  completedAt: timestamp().nullable(),
  withdrawnAt: timestamp().nullable(),
  revokedAt: timestamp().nullable(),
  accessUntil: calendarDate().nullable(),
  version: z.number().nullable(),
  contactPersonName: z.string(),
  contactPersonTitle: z.string(),
  contactPhone: z.string().nullable(),
  additionalMessage: z.string().nullable(),
  firmSpecificQuestions: firmSpecificQuestionsResponse.nullable(),
  timeline: z.array(z.object({ event: z.enum(TIMELINE_EVENTS), at: timestamp() })),
  /** PRODUCT.md §5: shared, updated or submitted since a member of the firm last opened the package. */
  isNew: z.boolean(),
});

export const reviewerResponse = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() });

export const firmRequestDetailResponse = firmRequestItemResponse.extend({
  package: sharedPackageResponse.nullable(),
  /** PRODUCT.md §9: the parts of the package this reader's roles reach. */
  visibleParts: z.array(z.enum(READABLE_PARTS)),
  reviewers: z.array(reviewerResponse),
});

export const requestNoteResponse = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: timestamp(),
});

export const packageChangeResponse = z.object({
  section: z.string(),
  field: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
