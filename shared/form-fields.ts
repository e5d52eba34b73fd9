import { z } from 'zod';

/**
 * Field builders shared by the attorney's forms (profile, master LPQ, conflicts, diversity, business plan),
 * so every form refuses wrong types and over-long text with the same words.
 */
export const FIELD_MESSAGES = {
  tooLong: (max: number) => `Must be at most ${max} characters`,
  invalidText: 'Must be text',
  invalidNumber: 'Must be a number',
  invalidBoolean: 'Must be true or false',
  invalidDate: 'Use the format yyyy-mm-dd',
  tooManyItems: (max: number) => `At most ${max} entries`,
  explanationRequired: 'Please provide an explanation',
} as const;

/** Optional free text: trimmed on the server, at most `max` characters. */
export const optionalText = (max: number) =>
  z.string({ error: FIELD_MESSAGES.invalidText }).trim().max(max, FIELD_MESSAGES.tooLong(max)).optional();

/** Text that must not be blank. The same message for missing, wrong type and blank. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, FIELD_MESSAGES.tooLong(max));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const ISO_TIME = /^T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A real calendar date, alone (yyyy-mm-dd) or as the day of an ISO date-time (…T12:00:00.000Z). */
export function isIsoDateOrDateTime(value: string): boolean {
  if (value.length === 10) return isIsoDate(value);
  if (!isIsoDate(value.slice(0, 10)) || !ISO_TIME.test(value.slice(10))) return false;
  return !Number.isNaN(Date.parse(value));
}

/**
 * A yyyy-mm-dd string that is a real calendar date (2099-02-31 and 2021-13-40 are refused, PRODUCT.md §8):
 * the one date schema every form builds on. The same message for a wrong type, format or date.
 */
export const isoDateString = (message: string = FIELD_MESSAGES.invalidDate) =>
  z.string({ error: message }).refine(isIsoDate, message);

/** An optional yyyy-mm-dd date; '' means not given (an empty date input). */
export const optionalDate = () =>
  z
    .string({ error: FIELD_MESSAGES.invalidDate })
    .refine((v) => v === '' || isIsoDate(v), FIELD_MESSAGES.invalidDate)
    .optional();

/** A required yyyy-mm-dd date. */
export const requiredDate = (message: string) =>
  z.string({ error: message }).min(1, message).refine(isIsoDate, FIELD_MESSAGES.invalidDate);

/** An optional number that may be cleared (null); NaN and Infinity are refused. */
export const optionalNumber = (
  opts: { min?: number; max?: number; int?: boolean; message?: string } = {},
) => {
  const message = opts.message ?? FIELD_MESSAGES.invalidNumber;
  let n = z.number({ error: message });
  if (opts.int) n = n.int(message);
  if (opts.min !== undefined) n = n.min(opts.min, message);
  if (opts.max !== undefined) n = n.max(opts.max, message);
  return n.nullable().optional();
};

export const optionalBoolean = () => z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).optional();

/** A list of at most `max` items. */
export const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: FIELD_MESSAGES.invalidText }).max(max, FIELD_MESSAGES.tooManyItems(max));

/** True when a stored value counts as filled in (non-blank text, a number, a non-empty list, true). */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
