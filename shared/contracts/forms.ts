import { z } from 'zod';
import { FLAG_CODES } from '../business-case/flags';
import { businessPlanSchema } from '../business-plan';
import { conflictsFormSchema } from '../conflicts';
import { diversityFormSchema } from '../diversity';
import { draftBodySchema } from '../drafts';
import { masterLpqBodySchema, REALIZATION_BASES } from '../master-lpq';
import { defineContracts, raw, storedForm, timestamp } from './contract';

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

const fraction = () => z.number().nullable();
const realizations = z.object(
  Object.fromEntries(REALIZATION_BASES.map((basis) => [basis, fraction()])) as Record<
    (typeof REALIZATION_BASES)[number],
    ReturnType<typeof fraction>
  >,
);
/** GET /api/attorney/master-lpq/checks (PRODUCT.md §12): the computed figures and the private flags. */
export const masterLpqChecksResponse = z
  .object({
    figures: z.object({
      claimedBook: z.number(),
      compAsk: z.number().nullable(),
      compToBookClaimed: fraction(),
      collectionsCagr: fraction(),
      realization: z.object({ basis: z.enum(REALIZATION_BASES), value: fraction() }),
      realizationByPeriod: z.object({
        yearBefore: realizations,
        lastYear: realizations,
        currentYear: realizations,
        ytd: realizations,
      }),
      topClientShare: fraction(),
      top3Share: fraction(),
      agedReceivablesShare: fraction(),
      teamSize: z.number().int(),
      clientShares: z.array(fraction()),
    }),
    flags: z.array(
      z.object({
        code: z.enum(FLAG_CODES),
        message: z.string(),
        figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
        field: z.string().meta({
          description: "The dotted path of the field to fix, e.g. 'financialInfo.reportedRealization'",
        }),
      }),
    ),
  })
  .meta({
    description:
      "The saved template's figures as shared/business-case computes them (ratios as fractions, null when a denominator is 0 or blank) and the flags on the default assumptions. Private to the attorney; never blocks sharing.",
  });

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

/** Autosave (PRODUCT.md §2): a form's draft is what was typed and not saved yet; null when there is none. */
const draftParams = z.object({ form: z.string().max(100) });
export const draftResponse = z
  .object({
    data: z.record(z.string(), z.unknown()).meta({ description: 'The form values as typed (not validated)' }),
    updatedAt: timestamp(),
  })
  .nullable();

export const formContracts = defineContracts('Attorney forms', {
  getDraft: {
    method: 'GET',
    path: '/api/attorney/drafts/:form',
    summary:
      'The autosaved draft of a form (profile, onboarding, master-lpq, conflicts-form, diversity-form, business-plan, position-lpq-{id}), or null',
    audience: 'attorney',
    params: draftParams,
    response: { 200: draftResponse },
  },
  saveDraft: {
    method: 'PUT',
    path: '/api/attorney/drafts/:form',
    summary: 'Save what was typed into a form, apart from its record (at most 256 KB)',
    audience: 'attorney',
    params: draftParams,
    body: draftBodySchema,
    response: { 200: z.object({ updatedAt: timestamp() }) },
  },
  deleteDraft: {
    method: 'DELETE',
    path: '/api/attorney/drafts/:form',
    summary: 'Drop the draft (after the form was saved, or discarded)',
    audience: 'attorney',
    params: draftParams,
    response: { 204: raw('Deleted') },
  },
  getMasterLpq: {
    method: 'GET',
    path: '/api/attorney/master-lpq',
    summary: 'The master LPQ template (404 until saved)',
    audience: 'attorney',
    errors: { 404: 'the master LPQ was never saved' },
    response: { 200: masterLpqResponse },
  },
  getMasterLpqChecks: {
    method: 'GET',
    path: '/api/attorney/master-lpq/checks',
    summary:
      "The saved template's computed figures and the flags firms are likely to ask about (PRODUCT.md §12)",
    audience: 'attorney',
    errors: { 404: 'the master LPQ was never saved' },
    response: { 200: masterLpqChecksResponse },
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
    errors: { 404: 'the form was never saved' },
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
    errors: { 404: 'the form was never saved' },
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
    errors: { 404: 'there is no business plan' },
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
