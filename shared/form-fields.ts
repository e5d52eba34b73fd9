import { z } from 'zod';
import { HTTP_MESSAGES } from './http';
import { LIMITS } from './limits';

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
} as const;

/**
 * Characters no text may hold (PRODUCT.md §8): NUL and the other C0/C1 controls except tab, line feed
 * and carriage return, and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which make text read differently from what it is.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** What a single-line text may not hold besides: line and paragraph breaks and tabs. */
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

/** The viramas of the Indic scripts (and Sinhala, Myanmar, Khmer): a joiner after one shapes a conjunct. */
const VIRAMAS =
  '\\u094D\\u09CD\\u0A4D\\u0ACD\\u0B4D\\u0BCD\\u0C4D\\u0CCD\\u0D4D\\u0DCA\\u1039\\u17D2\\uA8C4\\uA953';
/**
 * The format characters (Unicode category Cf) writing needs, which a single-line text keeps: a zero-width
 * joiner inside an emoji sequence (👩🏽‍⚖️, 🏳️‍🌈); a joiner or non-joiner after a virama (Devanagari क्‍ष,
 * Malayalam ന്‍); a non-joiner after an Arabic-script letter, before a letter (Persian می‌خواهم); the tag
 * characters of a subdivision flag (🏴 + tags + cancel tag).
 */
const NEEDED_FORMAT_CHARACTERS = new RegExp(
  [
    '(?<=\\p{Extended_Pictographic}[\\u{1F3FB}-\\u{1F3FF}\\uFE0F]?)\\u200D(?=\\p{Extended_Pictographic})',
    `(?<=[${VIRAMAS}])[\\u200C\\u200D]`,
    '(?<=\\p{Script_Extensions=Arabic})\\u200C(?=\\p{L})',
    '(?<=\\u{1F3F4})[\\u{E0020}-\\u{E007E}]+\\u{E007F}',
  ].join('|'),
  'gu',
);
const FORMAT_CHARACTER = /\p{Cf}/u;
/**
 * True when a text holds an invisible format character (category Cf: zero-width space, byte order mark,
 * soft hyphen, direction marks, word joiner, tags…) other than those writing needs. In a name or a title
 * they make two texts that look the same differ, so a single-line text refuses them.
 */
export const hasInvisibleCharacter = (value: string) =>
  FORMAT_CHARACTER.test(value.replace(NEEDED_FORMAT_CHARACTERS, ''));

/** True when a long text (a textarea) holds only allowed characters; line breaks are fine. */
export const isCleanText = (value: string) => !FORBIDDEN_IN_TEXT.test(value);
/**
 * True when a single-line text (a name, title, phone, file name…) holds no control, break, bidi override or
 * invisible format character.
 */
export const isSingleLineText = (value: string) =>
  isCleanText(value) && !LINE_BREAKS.test(value) && !hasInvisibleCharacter(value);

export const TEXT_MESSAGES = {
  /** The same words as the server's NUL rule (server/plugins/text-input.ts). */
  forbiddenCharacter: HTTP_MESSAGES.nulCharacter,
  singleLine: 'Must be a single line of text',
  invisibleCharacter:
    'This text contains an invisible character (such as a zero-width space). Please type it again.',
} as const;

/**
 * A single-line text field: refuses control characters, line breaks, bidi overrides and invisible format
 * characters, each with its message (the first that applies). Checked before trimming, so a trailing line
 * break or zero-width space is refused too. Chain `.trim()`, `.min()`…
 */
export const singleLineText = (schema: z.ZodString = z.string()) =>
  schema
    .refine(isCleanText, TEXT_MESSAGES.forbiddenCharacter)
    .refine((v) => !LINE_BREAKS.test(v), {
      message: TEXT_MESSAGES.singleLine,
      when: (payload) => typeof payload.value === 'string' && isCleanText(payload.value),
    })
    .refine((v) => !hasInvisibleCharacter(v), {
      message: TEXT_MESSAGES.invisibleCharacter,
      when: ({ value }) => typeof value === 'string' && isCleanText(value) && !LINE_BREAKS.test(value),
    });

/** A long text (textarea): keeps line breaks, refuses NUL, other controls and bidi overrides. */
export const longText = (schema: z.ZodString = z.string()) =>
  schema.refine(isCleanText, TEXT_MESSAGES.forbiddenCharacter);

/**
 * The builders below pick the rule from the length: up to `LIMITS.shortText`-class lengths (names,
 * titles, phones, addresses lines) a field is a single-line input; `LIMITS.mediumText` and longer is a
 * textarea (explanations, messages, summaries).
 */
export const textRule = (max: number, schema: z.ZodString) =>
  max >= LIMITS.mediumText ? longText(schema) : singleLineText(schema);

/** Optional free text: trimmed on the server, at most `max` characters. */
export const optionalText = (max: number) =>
  textRule(max, z.string({ error: FIELD_MESSAGES.invalidText }))
    .trim()
    .max(max, FIELD_MESSAGES.tooLong(max))
    .optional();

/** Text that must not be blank. The same message for missing, wrong type and blank. */
export const requiredText = (message: string, max: number) =>
  textRule(max, z.string({ error: message }))
    .trim()
    .min(1, message)
    .max(max, FIELD_MESSAGES.tooLong(max));

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
