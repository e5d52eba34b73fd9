import { z } from 'zod';
import { businessPlanSchema } from '../business-plan';
import { conflictsFormSchema } from '../conflicts';
import { diversityFormSchema } from '../diversity';
import { masterLpqBodySchema } from '../master-lpq';
import { defineContracts, storedForm, timestamp } from './contract';

/** GET/POST /api/attorney/master-lpq: the stored template (masterLpqBodySchema) with its metadata. */
export const masterLpqResponse = storedForm(
  masterLpqBodySchema,
  {
    id: z.string(),
    attorneyId: z.string(),
    isComplete: z.boolean(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  },
  'The saved master LPQ: each section as masterLpqBodySchema validated it on save (shared/master-lpq.ts).',
);

export const conflictsFormResponse = storedForm(
  conflictsFormSchema,
  { updatedAt: timestamp() },
  'The saved conflicts form, as conflictsFormSchema validated it (shared/conflicts.ts).',
);

export const diversityFormResponse = storedForm(
  diversityFormSchema.in,
  { submittedAt: timestamp().nullable(), updatedAt: timestamp() },
  'The self-identification record, as diversityFormSchema validated it (shared/diversity.ts); the profile edits some of its fields too.',
);

export const businessPlanResponse = storedForm(
  businessPlanSchema,
  { updatedAt: timestamp() },
  'The saved business plan, as businessPlanSchema validated it (shared/business-plan.ts).',
);

export const formContracts = defineContracts('Attorney forms', {
  getMasterLpq: {
    method: 'GET',
    path: '/api/attorney/master-lpq',
    summary: 'The master LPQ template (404 until saved)',
    audience: 'attorney',
    response: { 200: masterLpqResponse },
  },
  saveMasterLpq: {
    method: 'POST',
    path: '/api/attorney/master-lpq',
    summary: 'Save sections of the master LPQ; isComplete true checks every required answer',
    audience: 'attorney',
    body: masterLpqBodySchema,
    response: { 200: masterLpqResponse },
  },
  getConflictsForm: {
    method: 'GET',
    path: '/api/attorney/conflicts-form',
    summary: 'The conflicts form (404 until saved)',
    audience: 'attorney',
    response: { 200: conflictsFormResponse },
  },
  saveConflictsForm: {
    method: 'PUT',
    path: '/api/attorney/conflicts-form',
    summary: 'Save the conflicts form',
    audience: 'attorney',
    body: conflictsFormSchema,
    response: { 200: conflictsFormResponse },
  },
  getDiversityForm: {
    method: 'GET',
    path: '/api/attorney/diversity-form',
    summary: 'The diversity form (404 until saved)',
    audience: 'attorney',
    response: { 200: diversityFormResponse },
  },
  saveDiversityForm: {
    method: 'PUT',
    path: '/api/attorney/diversity-form',
    summary: 'Submit the diversity form',
    audience: 'attorney',
    body: diversityFormSchema,
    response: { 200: diversityFormResponse },
  },
  getBusinessPlan: {
    method: 'GET',
    path: '/api/attorney/business-plan',
    summary: 'The business plan (404 when none)',
    audience: 'attorney',
    response: { 200: businessPlanResponse },
  },
  saveBusinessPlan: {
    method: 'PUT',
    path: '/api/attorney/business-plan',
    summary: 'Save the business plan',
    audience: 'attorney',
    body: businessPlanSchema,
    response: { 200: businessPlanResponse },
  },
});
