import {
  ASSUMPTION_MESSAGES,
  type Assumptions,
  type AssumptionsInput,
  assumptionsSchema,
} from '@shared/business-case/assumptions';
import { ASSUMPTION_FIELDS, type AssumptionKey } from '@shared/business-case/workbench-texts';

/**
 * The assumptions as the form holds them: percentages as typed (30 for a haircut of 0.30), dollars and
 * months as numbers, '' for an empty box. What is sent and computed on is the shared schema's
 * (shared/business-case/assumptions.ts), parsed here: the form never judges a value itself.
 */
export type FieldValue = number | string;
export type AssumptionValues = Record<Exclude<AssumptionKey, 'realizationBasis'>, FieldValue> & {
  realizationBasis: string;
  /** By client index; '' = the default haircut. A string is an entry not (yet) a number ('-'). */
  clientHaircuts: Record<string, FieldValue>;
};

const KIND = Object.fromEntries(ASSUMPTION_FIELDS.map((f) => [f.key, f.kind]));
const isPercent = (key: string) => KIND[key] === 'percent' || KIND[key] === 'signedPercent';
/** 0.3 → 30 without 30.000000000000004. */
const toPercent = (fraction: number) => Math.round(fraction * 1e6) / 1e4;
/** 30 → 0.3, to a hundredth of a point. */
const toFraction = (percent: number) => Math.round(percent * 1e4) / 1e6;

export function valuesOf(a: Assumptions): AssumptionValues {
  return {
    haircut: toPercent(a.haircut),
    rateChange: toPercent(a.rateChange),
    realizationAtFirm: toPercent(a.realizationAtFirm),
    teamCost: a.teamCost,
    overheadPerLawyer: a.overheadPerLawyer,
    recruiterFeePct: toPercent(a.recruiterFeePct),
    collectionLagMonths: a.collectionLagMonths,
    realizationBasis: a.realizationBasis,
    clientHaircuts: Object.fromEntries(
      Object.entries(a.clientHaircuts).map(([index, h]) => [index, toPercent(h)]),
    ),
  };
}

const EMPTY_MESSAGE: Record<string, string> = {
  percent: ASSUMPTION_MESSAGES.fraction,
  signedPercent: ASSUMPTION_MESSAGES.rateChange,
  money: ASSUMPTION_MESSAGES.amount,
  months: ASSUMPTION_MESSAGES.collectionLagMonths,
  basis: ASSUMPTION_MESSAGES.realizationBasis,
};

/** The schema speaks in fractions; the form in percentages: its messages say so. */
const PERCENT_MESSAGE: Record<string, string> = {
  [ASSUMPTION_MESSAGES.fraction]: 'Must be a percentage from 0% to 100%',
  [ASSUMPTION_MESSAGES.rateChange]: 'Must be a percentage from −100% to 100%',
};
export const percentMessage = (message: string) => PERCENT_MESSAGE[message] ?? message;

export type Parsed =
  | { ok: true; input: Required<Omit<AssumptionsInput, 'clientHaircuts'>> & AssumptionsInput }
  | { ok: false; errors: Record<string, string> };

/**
 * The body a PUT takes, every assumption given (the request keeps what is on screen), or the errors by
 * field (`haircut`, `clientHaircuts.2`), in the form's words.
 */
export function parseValues(values: AssumptionValues): Parsed {
  const errors: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  for (const { key, kind } of ASSUMPTION_FIELDS) {
    const v = values[key];
    if (kind === 'basis') {
      if (v) body[key] = v;
      else errors[key] = EMPTY_MESSAGE[kind];
      continue;
    }
    if (typeof v !== 'number') {
      errors[key] = percentMessage(EMPTY_MESSAGE[kind]);
      continue;
    }
    body[key] = isPercent(key) ? toFraction(v) : v;
  }
  const clientHaircuts: Record<string, number> = {};
  for (const [index, v] of Object.entries(values.clientHaircuts)) {
    if (typeof v === 'number') clientHaircuts[index] = toFraction(v);
    else if (v.trim() !== '')
      errors[`clientHaircuts.${index}`] = percentMessage(ASSUMPTION_MESSAGES.fraction);
  }
  body.clientHaircuts = clientHaircuts;
  const parsed = assumptionsSchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      errors[field] ??= percentMessage(issue.message);
    }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: parsed.data as Extract<Parsed, { ok: true }>['input'] };
}

/** Key order does not make two bodies different. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
