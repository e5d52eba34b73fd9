import { z } from 'zod';
import { REALIZATION_BASES, type RealizationBasis } from '../master-lpq';

/**
 * The firm's assumptions of PRODUCT.md §12, with their defaults. The attorney's flags use the defaults;
 * the firm's workbench (issue 62) stores its own per request and per firm, parsed by this schema.
 */
export type Assumptions = {
  /** The share of each client's reasonable projection the firm expects NOT to follow (0–1). */
  haircut: number;
  /** How the firm's rates differ from the attorney's: 0.05 = 5% higher (−1 to 1). */
  rateChange: number;
  /** The share of worked value the firm expects to collect (0–1). */
  realizationAtFirm: number;
  /** What the team that follows costs the firm in year one, in dollars. */
  teamCost: number;
  /** The firm's overhead for each lawyer (the attorney and each likely team member), in dollars. */
  overheadPerLawyer: number;
  /** The recruiter's fee as a share of the year-one compensation (0–1). */
  recruiterFeePct: number;
  /** Months before the first collections arrive (whole months, 0–36). */
  collectionLagMonths: number;
  /** The definition of realization the firm reads. */
  realizationBasis: RealizationBasis;
  /** The firm's haircut for one client, by its index in the top clients (0–1); else `haircut`. */
  clientHaircuts: Record<string, number>;
};

export const DEFAULT_ASSUMPTIONS: Readonly<Assumptions> = Object.freeze({
  haircut: 0.3,
  rateChange: 0,
  realizationAtFirm: 0.9,
  teamCost: 0,
  overheadPerLawyer: 0,
  recruiterFeePct: 0.25,
  collectionLagMonths: 3,
  realizationBasis: 'collected_over_billed',
  clientHaircuts: Object.freeze({}) as Record<string, number>,
});

/** How many months the breakeven search and the monthly curve cover. */
export const HORIZON_MONTHS = 36;

export const ASSUMPTION_MESSAGES = {
  fraction: 'Must be a fraction from 0 to 1',
  rateChange: 'Must be a fraction from -1 to 1',
  amount: 'Must be a number of 0 or more',
  collectionLagMonths: 'Must be a whole number of months from 0 to 36',
  realizationBasis: 'Choose collected over billed, collected over worked or collected over matter rate',
  clientIndex: 'Must be the number of a top client',
  defaultsClientHaircuts: 'A client’s own haircut belongs to a request, not to the firm’s defaults',
} as const;

const fraction = () =>
  z
    .number({ error: ASSUMPTION_MESSAGES.fraction })
    .min(0, ASSUMPTION_MESSAGES.fraction)
    .max(1, ASSUMPTION_MESSAGES.fraction);
const nonNegative = () =>
  z
    .number({ error: ASSUMPTION_MESSAGES.amount })
    .min(0, ASSUMPTION_MESSAGES.amount)
    .max(1e12, ASSUMPTION_MESSAGES.amount);

/**
 * The assumptions as a body or a stored record carries them: each optional (a missing one takes the
 * default), every fraction within 0–1 (haircuts included), or the parse fails with the message at the field.
 * z.number refuses NaN and ±Infinity.
 */
export const assumptionsSchema = z.object({
  haircut: fraction().optional(),
  rateChange: z
    .number({ error: ASSUMPTION_MESSAGES.rateChange })
    .min(-1, ASSUMPTION_MESSAGES.rateChange)
    .max(1, ASSUMPTION_MESSAGES.rateChange)
    .optional(),
  realizationAtFirm: fraction().optional(),
  teamCost: nonNegative().optional(),
  overheadPerLawyer: nonNegative().optional(),
  recruiterFeePct: fraction().optional(),
  collectionLagMonths: z
    .number({ error: ASSUMPTION_MESSAGES.collectionLagMonths })
    .int(ASSUMPTION_MESSAGES.collectionLagMonths)
    .min(0, ASSUMPTION_MESSAGES.collectionLagMonths)
    .max(HORIZON_MONTHS, ASSUMPTION_MESSAGES.collectionLagMonths)
    .optional(),
  realizationBasis: z.enum(REALIZATION_BASES, { error: ASSUMPTION_MESSAGES.realizationBasis }).optional(),
  clientHaircuts: z
    .record(z.string().regex(/^(0|[1-9]\d{0,2})$/, ASSUMPTION_MESSAGES.clientIndex), fraction(), {
      // zod reports a bad key as its own issue ('Invalid key in record'): the key's message instead.
      error: (issue) => (issue.code === 'invalid_key' ? ASSUMPTION_MESSAGES.clientIndex : undefined),
    })
    .optional(),
});
export type AssumptionsInput = z.input<typeof assumptionsSchema>;

/**
 * The assumptions to compute with: `input` over `base` (the firm's defaults, else §12's), each missing one
 * taking the base's. Throws a ZodError for a value out of range: nothing computes on a haircut of 1.5.
 */
export function resolveAssumptions(
  input: AssumptionsInput = {},
  base: Readonly<Assumptions> = DEFAULT_ASSUMPTIONS,
): Assumptions {
  const given = assumptionsSchema.parse(input);
  const out: Assumptions = { ...base, clientHaircuts: { ...base.clientHaircuts } };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  if (given.clientHaircuts) out.clientHaircuts = { ...given.clientHaircuts };
  return out;
}
