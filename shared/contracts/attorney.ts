import { z } from 'zod';
import { ACCOUNT_PATHS, deleteAccountSchema } from '../account';
import {
  attorneyProfileSchema,
  attorneyRegistrationSchema,
  POSITIONS,
  PROFILE_ETHNICITIES,
  PROFILE_GENDERS,
} from '../attorney';
import { userResponse } from './auth';
import { defineContracts, raw, timestamp } from './contract';

/** GET /api/attorney/profile (shared/attorney.ts AttorneyProfile). */
export const attorneyProfileResponse = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  currentFirm: z.string().nullable(),
  position: z.enum(POSITIONS).nullable(),
  yearsExperience: z.number().nullable(),
  lawSchool: z.string().nullable(),
  graduationYear: z.number().nullable(),
  barAdmissions: z.string().nullable(),
  practiceAreas: z.array(z.string()),
  resumeUrl: z.string().nullable(),
  // Read through from the self-identification record (attorney/self-identification.ts), which the
  // diversity form writes too: described by their values, not enforced, so an answer there never fails here.
  gender: z
    .string()
    .nullable()
    .meta({ description: PROFILE_GENDERS.join(' | ') }),
  ethnicity: z
    .string()
    .nullable()
    .meta({ description: PROFILE_ETHNICITIES.join(' | ') }),
  isLgbtqia: z.boolean().nullable(),
  isVeteran: z.boolean().nullable(),
  hasDisability: z.boolean().nullable(),
  militaryBranch: z.string().nullable(),
  militaryRank: z.string().nullable(),
  yearsOfService: z.number().nullable(),
  dischargeDate: z.string().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const onboardingResponse = z.object({ completedAt: timestamp().nullable() });

export const attorneyContracts = defineContracts('Attorney', {
  register: {
    method: 'POST',
    path: '/api/register/attorney',
    summary: 'Register an attorney: account, password and the first profile fields at once',
    audience: 'public',
    body: attorneyRegistrationSchema,
    errors: { 409: 'the address has an account already', 429: 'too many registrations from this address' },
    response: { 201: userResponse },
  },
  getProfile: {
    method: 'GET',
    path: '/api/attorney/profile',
    summary: 'The attorney’s profile',
    audience: 'attorney',
    response: { 200: attorneyProfileResponse },
  },
  createProfile: {
    method: 'POST',
    path: '/api/attorney/profile',
    summary: 'Create the profile (409 if one exists)',
    audience: 'attorney',
    body: attorneyProfileSchema,
    errors: { 409: 'the profile exists already' },
    response: { 201: attorneyProfileResponse },
  },
  saveProfile: {
    method: 'PUT',
    path: '/api/attorney/profile',
    summary: 'Create or update the profile',
    audience: 'attorney',
    body: attorneyProfileSchema,
    response: { 200: attorneyProfileResponse },
  },
  dashboardStats: {
    method: 'GET',
    path: '/api/attorney/dashboard-stats',
    summary: 'The dashboard’s numbers',
    audience: 'attorney',
    response: {
      200: z.object({
        lpqCompletion: z.number(),
        pendingRequests: z.number(),
        sharedDocuments: z.number(),
        profileCompletion: z.number(),
        savedForms: z.object({
          conflictsForm: z.boolean(),
          businessPlan: z.boolean(),
          diversityForm: z.boolean(),
        }),
      }),
    },
  },
  activity: {
    method: 'GET',
    path: '/api/attorney/activity',
    summary: 'Recent Activity, newest first',
    audience: 'attorney',
    response: {
      200: z.array(z.object({ id: z.string(), kind: z.string(), title: z.string(), createdAt: timestamp() })),
    },
  },
  onboarding: {
    method: 'GET',
    path: '/api/attorney/onboarding',
    summary: 'When the attorney finished the onboarding wizard',
    audience: 'attorney',
    response: { 200: onboardingResponse },
  },
  completeOnboarding: {
    method: 'POST',
    path: '/api/attorney/onboarding/complete',
    summary: 'Mark the onboarding wizard finished',
    audience: 'attorney',
    response: { 200: onboardingResponse },
  },
});

export const accountContracts = defineContracts('Data rights', {
  dataExport: {
    method: 'GET',
    path: ACCOUNT_PATHS.dataExport,
    summary: 'Everything the attorney has stored, as a ZIP (JSON plus every shared package’s PDF)',
    audience: 'attorney',
    errors: { 409: 'an export of this account is being made' },
    response: { 200: raw('The export archive (Content-Disposition: attachment)', 'application/zip') },
  },
  deleteAccount: {
    method: 'POST',
    path: ACCOUNT_PATHS.deleteAccount,
    summary: 'Delete the account after the password and the typed confirmation; ends every share',
    audience: 'attorney',
    body: deleteAccountSchema,
    errors: { 429: 'too many passwords tried on this account' },
    response: { 204: raw('Deleted; the session cookie is cleared') },
  },
});
