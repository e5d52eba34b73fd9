import { z } from 'zod';
import { attorneyProfileSchema, attorneyRegistrationSchema } from '../attorney';
import { businessPlanSchema } from '../business-plan';
import { conflictsFormSchema } from '../conflicts';
import { diversityFormSchema } from '../diversity';
import { fileReferenceSchema } from '../files';
import { firmProfileSchema, firmRegistrationSchema, officeSchema } from '../firm';
import {
  clientsInfoSchema,
  currentEmploymentSchema,
  financialInfoSchema,
  financialPeriodSchema,
  generalInfoSchema,
  masterLpqBodySchema,
  practiceRequirementsSchema,
  priorEmploymentSchema,
  topClientSchema,
} from '../master-lpq';
import { disclosuresSchema } from '../master-lpq-disclosures';
import {
  firmAnswersSchema,
  positionLpqCompleteSchema,
  positionLpqFormDataSchema,
  positionLpqSaveSchema,
} from '../position-lpq';
import { createLpqRequestSchema, firmSectionSchema } from '../requests';
import { shareRequestSchema } from '../sharing';
import { attorneyProfileResponse } from './attorney';
import { secondStepResponse, userResponse } from './auth';
import { documentedOf } from './contract';
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
import { candidateFirmProfileResponse, firmProfileResponse } from './firm';
import {
  businessPlanResponse,
  conflictsFormResponse,
  diversityFormResponse,
  masterLpqResponse,
} from './forms';
import { auditVerificationResponse, versionVerificationResponse } from './record';
import {
  accessLogEntryResponse,
  attorneyRequestItemResponse,
  firmRequestDetailResponse,
  firmRequestItemResponse,
  firmRequestListItemResponse,
  firmSpecificQuestionsResponse,
  packageChangeResponse,
  packagePartsResponse,
  positionLpqResponse,
  requestNoteResponse,
  reviewerResponse,
  sharedPackageResponse,
  sharedProfileDocumented,
  sharePreviewResponse,
} from './requests';
import {
  conflictsQueueItemResponse,
  conflictsViewResponse,
  firmAuditEventResponse,
  invitationResponse,
  memberResponse,
} from './team';

/** Every error answer (shared/http.ts ApiErrorBody). */
export const apiErrorResponse = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words a person reads' }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'The message of each invalid field, by its path (400)' }),
    code: z
      .string()
      .optional()
      .meta({ description: "What the client should do, e.g. 'reauthenticate' (403: sign in again first)" }),
  })
  .meta({ description: 'An error answer' });

/**
 * The schemas the OpenAPI document names (components.schemas), by name: where a contract uses one of
 * these objects, the document has a `$ref` to it, so a generated client gets one named type for it.
 * A passed-through answer (storedForm, storedDocument) is named by its documented schema.
 *
 * A schema whose request form (zod's input) differs from its answer form (output) is named twice, the
 * request's with `Input` after the name (shared/contracts/openapi-schemas.ts).
 */
export const API_COMPONENTS: Record<string, z.ZodType> = {
  ApiError: apiErrorResponse,
  // Enums.
  RequestStatus: requestStatusSchema,
  PositionLpqStatus: positionLpqStatusSchema,
  FirmPositionLpqStatus: firmPositionLpqStatusSchema,
  AccessAction: accessActionSchema,
  FirmRole: firmRoleSchema,
  ReadablePart: readablePartSchema,
  ConflictsStatus: conflictsStatusEnum,
  // Accounts.
  User: userResponse,
  SecondStep: secondStepResponse,
  // The attorney's records, as answered and as a package holds them.
  AttorneyProfile: attorneyProfileResponse,
  SharedAttorneyProfile: sharedProfileDocumented,
  MasterLpq: documentedOf(masterLpqResponse),
  MasterLpqGeneralInfo: generalInfoSchema,
  MasterLpqCurrentEmployment: currentEmploymentSchema,
  MasterLpqPriorEmployment: priorEmploymentSchema,
  MasterLpqFinancialInfo: financialInfoSchema,
  MasterLpqFinancialPeriod: financialPeriodSchema,
  MasterLpqClientsInfo: clientsInfoSchema,
  MasterLpqTopClient: topClientSchema,
  MasterLpqPracticeRequirements: practiceRequirementsSchema,
  MasterLpqDisclosures: disclosuresSchema,
  ConflictsForm: documentedOf(conflictsFormResponse),
  DiversityForm: documentedOf(diversityFormResponse),
  BusinessPlan: documentedOf(businessPlanResponse),
  FileReference: fileReferenceSchema,
  FileRef: fileRefResponse,
  // Requests, packages and position LPQs.
  FirmSpecificQuestions: firmSpecificQuestionsResponse,
  PackageParts: packagePartsResponse,
  AttorneyRequestItem: attorneyRequestItemResponse,
  SharedPackage: sharedPackageResponse,
  SharePreview: sharePreviewResponse,
  PositionLpq: positionLpqResponse,
  PositionLpqFormData: positionLpqFormDataSchema,
  FirmAnswers: firmAnswersSchema,
  AccessLogEntry: accessLogEntryResponse,
  FirmRequestItem: firmRequestItemResponse,
  FirmRequestListItem: firmRequestListItemResponse,
  FirmRequestDetail: firmRequestDetailResponse,
  Reviewer: reviewerResponse,
  RequestNote: requestNoteResponse,
  PackageChange: packageChangeResponse,
  VersionVerification: versionVerificationResponse,
  AuditVerification: auditVerificationResponse,
  // Firms and their teams.
  FirmProfile: documentedOf(firmProfileResponse),
  CandidateFirmProfile: documentedOf(candidateFirmProfileResponse),
  Office: officeSchema,
  Member: memberResponse,
  Invitation: invitationResponse,
  ConflictsQueueItem: conflictsQueueItemResponse,
  ConflictsView: conflictsViewResponse,
  FirmAuditEvent: firmAuditEventResponse,
  // Request bodies.
  AttorneyRegistration: attorneyRegistrationSchema,
  AttorneyProfileBody: attorneyProfileSchema,
  MasterLpqBody: masterLpqBodySchema,
  ConflictsFormBody: conflictsFormSchema,
  DiversityFormBody: diversityFormSchema,
  BusinessPlanBody: businessPlanSchema,
  FirmRegistration: firmRegistrationSchema,
  FirmProfileBody: firmProfileSchema,
  FirmSection: firmSectionSchema,
  CreateLpqRequest: createLpqRequestSchema,
  ShareRequest: shareRequestSchema,
  PositionLpqSave: positionLpqSaveSchema,
  PositionLpqComplete: positionLpqCompleteSchema,
};
