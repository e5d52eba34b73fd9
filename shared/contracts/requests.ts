import { z } from 'zod';
import { firmAnswersSchema, positionLpqFormDataSchema } from '../position-lpq';
import { PREFILL_SOURCES } from '../prefill-sources';
import { QUESTION_TYPES } from '../requests';
import { PACKAGE_PARTS } from '../sharing';
import { TIMELINE_EVENTS } from '../timeline';
import { attorneyProfileResponse } from './attorney';
import { calendarDate, documentedOf, storedDocument, timestamp } from './contract';
import {
  accessActionSchema,
  conflictsStatusEnum,
  firmPositionLpqStatusSchema,
  firmRoleSchema,
  positionLpqStatusSchema,
  readablePartSchema,
  requestStatusSchema,
} from './enums';
import { fileRefResponse } from './files';
import {
  businessPlanResponse,
  conflictsFormResponse,
  diversityFormResponse,
  masterLpqResponse,
} from './forms';

/** The self-identification fields a shared profile never holds (the diversity form carries them). */
const SELF_IDENTIFICATION_FIELDS = {
  gender: true,
  ethnicity: true,
  isLgbtqia: true,
  isVeteran: true,
  hasDisability: true,
  militaryBranch: true,
  militaryRank: true,
  yearsOfService: true,
  dischargeDate: true,
} as const;
/** The profile as a package holds it: a frozen copy, so a field added since may be missing from it. */
export const sharedProfileDocumented = attorneyProfileResponse
  .omit(SELF_IDENTIFICATION_FIELDS)
  .partial()
  .meta({ description: 'The attorney profile as shared, without self-identification' });

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
  status: requestStatusSchema,
  sentAt: timestamp(),
  dueDate: calendarDate().nullable(),
  contactPersonName: z.string(),
  contactPersonTitle: z.string(),
  contactPhone: z.string().nullable(),
  additionalMessage: z.string().nullable(),
  firmSpecificQuestions: firmSpecificQuestionsResponse.nullable(),
  lpqId: z.string().nullable(),
  lpqStatus: positionLpqStatusSchema.nullable(),
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
    .object({
      certifiedBy: z.string(),
      typedName: z.string().nullable(),
      certifiedAt: timestamp(),
      fingerprint: z.string(),
    })
    .nullable()
    .meta({
      description:
        'PRODUCT.md §11: who certified this version, when, and its SHA-256 fingerprint; null when not certified',
    }),
  versions: z.array(
    z.object({
      version: z.number(),
      sharedAt: timestamp(),
      changes: z.number().int().nullable().optional().meta({
        description:
          'Issue 67: how many answers changed from the version before, in the parts this reader gets; null for version 1 or when not counted',
      }),
    }),
  ),
  sharedAt: timestamp(),
  attorney: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  // PRODUCT.md §9: each part is present only for a reader whose roles reach it (`visibleParts`), never blanked.
  profile: storedDocument(
    'The attorney profile as shared (without self-identification)',
    sharedProfileDocumented,
  )
    .nullable()
    .optional(),
  masterLpq: storedDocument('The master LPQ as shared', documentedOf(masterLpqResponse)).optional(),
  conflictsForm: storedDocument('The conflicts form as shared', documentedOf(conflictsFormResponse))
    .nullable()
    .optional(),
  diversityForm: storedDocument('The diversity form as shared', documentedOf(diversityFormResponse))
    .nullable()
    .optional(),
  businessPlan: storedDocument('The business plan as shared', documentedOf(businessPlanResponse))
    .nullable()
    .optional(),
  documents: z.array(fileRefResponse).optional(),
  positionLpq: z
    .object({
      status: firmPositionLpqStatusSchema,
      formData: storedDocument(
        'The position LPQ answers (positionLpqFormDataSchema)',
        positionLpqFormDataSchema,
      ),
      firmAnswers: storedDocument(
        'Answers to the firm-specific questions, by question id',
        firmAnswersSchema,
      ),
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
  status: positionLpqStatusSchema,
  requestStatus: requestStatusSchema,
  formData: storedDocument(
    'The position LPQ answers, as positionLpqSaveSchema validated them (shared/position-lpq.ts)',
    positionLpqFormDataSchema,
  ),
  firmSpecificQuestions: firmSpecificQuestionsResponse.nullable(),
  firmAnswers: storedDocument('Answers to the firm-specific questions, by question id', firmAnswersSchema),
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
  readerRoles: z.array(firmRoleSchema),
  action: accessActionSchema,
  what: z.string(),
  count: z.number(),
  reads: z.array(z.object({ action: accessActionSchema, what: z.string(), count: z.number() })),
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
  status: requestStatusSchema,
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

/** PRODUCT.md §15: a row of the firm's pipeline (shared/requests.ts FirmRequestListItem). */
export const firmRequestListItemResponse = firmRequestItemResponse.extend({
  reviewers: z.array(z.object({ userId: z.string(), name: z.string() })),
  conflictsStatus: conflictsStatusEnum.nullable(),
  conflictsWaiting: z.number().int(),
  positionLpqStatus: firmPositionLpqStatusSchema.nullable(),
  lastActivity: z.object({ at: timestamp(), text: z.string() }),
  overdue: z.boolean(),
});

export const reviewerResponse = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() });

export const firmRequestDetailResponse = firmRequestItemResponse.extend({
  package: sharedPackageResponse.nullable(),
  /** PRODUCT.md §9: the parts of the package this reader's roles reach. */
  visibleParts: z.array(readablePartSchema),
  reviewers: z.array(reviewerResponse),
  /** Issue 67: the version that was the latest when this member last opened the package (null: never). */
  lastOpenedVersion: z.number().int().nullable().optional(),
  /** Issue 67: the conflicts status and rows waiting, as the pipeline lists them (null before a share). */
  conflictsStatus: conflictsStatusEnum.nullable().optional(),
  conflictsWaiting: z.number().int().optional(),
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
