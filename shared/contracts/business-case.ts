import { z } from 'zod';
import { assumptionsSchema } from '../business-case/assumptions';
import { FLAG_CODES } from '../business-case/flags';
import { REALIZATION_BASES } from '../master-lpq';
import { defineContracts, idParams, raw } from './contract';

const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(100000).optional() });
const ratio = z.number().nullable();

/** The assumptions as the firm holds them: every one resolved (the request's over the firm's defaults). */
export const assumptionsResponse = z.object({
  haircut: z.number(),
  rateChange: z.number(),
  realizationAtFirm: z.number(),
  teamCost: z.number(),
  overheadPerLawyer: z.number(),
  recruiterFeePct: z.number(),
  collectionLagMonths: z.number().int(),
  realizationBasis: z.enum(REALIZATION_BASES),
  clientHaircuts: z.record(z.string(), z.number()),
});

/** PRODUCT.md §12 'The firm's workbench': GET …/business-case. */
export const businessCaseResponse = z.object({
  version: z.number().int(),
  assumptions: assumptionsResponse,
  firstLook: z.object({
    claimedBook: z.number(),
    adjustedBook: z.number(),
    compAsk: ratio,
    compToBookClaimed: ratio,
    compToBookAdjusted: ratio,
    collectionsCagr: ratio,
    realization: z.object({ basis: z.enum(REALIZATION_BASES), value: ratio }),
    topClientShare: ratio,
    top3Share: ratio,
    agedReceivablesShare: ratio,
    teamSize: z.number().int(),
  }),
  contribution: z.object({ year1: z.number(), year2: z.number() }),
  breakevenMonth: z.number().int().nullable(),
  sensitivity: z.array(
    z.object({ label: z.string(), adjustedBook: z.number(), compToBook: ratio, year1: z.number() }),
  ),
  flags: z.array(
    z.object({
      code: z.enum(FLAG_CODES),
      message: z.string(),
      figures: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
      field: z.string(),
    }),
  ),
  clients: z.array(
    z.object({
      index: z.number().int(),
      clientName: z.string(),
      claimed: z.number(),
      haircut: z.number(),
      adjusted: z.number(),
      share: ratio,
      evidence: z.array(z.string()),
    }),
  ),
  monthly: z.array(z.object({ month: z.number().int(), cumulative: z.number() })),
});

/** The body of PUT …/business-case/assumptions and PUT /api/firm/settings/business-case. */
export const assumptionsBodySchema = assumptionsSchema.strict();

export const businessCaseContracts = defineContracts('Business case', {
  get: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/business-case',
    summary:
      'The firm’s business case on one version of the package (admins, recruiters, assigned reviewers)',
    audience: 'firm',
    params: idParams,
    query: versionQuery,
    response: { 200: businessCaseResponse },
  },
  saveAssumptions: {
    method: 'PUT',
    path: '/api/firm/lpq-requests/:id/business-case/assumptions',
    summary: 'Replace the request’s assumptions (left out: the firm’s default) and get the recomputed case',
    audience: 'firm',
    params: idParams,
    query: versionQuery,
    body: assumptionsBodySchema,
    response: { 200: businessCaseResponse },
  },
  workbook: {
    method: 'GET',
    path: '/api/firm/lpq-requests/:id/business-case.xlsx',
    summary: 'The business case as a workbook: Inputs, Assumptions and Results (formulas, values cached)',
    audience: 'firm',
    params: idParams,
    query: versionQuery,
    response: {
      200: raw(
        'The workbook (Content-Disposition: attachment)',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    },
  },
  getDefaults: {
    method: 'GET',
    path: '/api/firm/settings/business-case',
    summary: 'The firm’s default assumptions for new requests (admins)',
    audience: 'firm',
    response: { 200: assumptionsResponse },
  },
  saveDefaults: {
    method: 'PUT',
    path: '/api/firm/settings/business-case',
    summary: 'Change the firm’s default assumptions (admins)',
    audience: 'firm',
    body: assumptionsBodySchema,
    response: { 200: assumptionsResponse },
  },
});
