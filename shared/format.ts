import { format } from 'date-fns';
import { formatBytes } from './bytes';

/**
 * Display formatters shared by the web screens and the PDF (PRODUCT.md §4): one definition of how a
 * person reads money, dates, percentages and flags.
 */

export const EMPTY = '—';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Midnight UTC: how a calendar day travels as an ISO timestamp (the profile's discharge date). */
const MIDNIGHT_UTC = /^(\d{4})-(\d{2})-(\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)$/;

/**
 * 'MMM dd, yyyy' (spec 2.16). A yyyy-mm-dd date, or a timestamp at midnight UTC, is a calendar day and
 * keeps its day in every time zone; any other timestamp is a moment, shown on the reader's local day.
 */
export function formatDate(value: string | Date | null | undefined, empty = EMPTY): string {
  if (value === null || value === undefined || value === '') return empty;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? empty : format(value, 'MMM dd, yyyy');
  const day = value.match(DATE_ONLY) ?? value.match(MIDNIGHT_UTC);
  if (day) return format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])), 'MMM dd, yyyy');
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM dd, yyyy');
}

/** A moment with its time, for logs such as who viewed what. */
export function formatDateTime(value: string): string {
  return format(new Date(value), "MMM dd, yyyy 'at' h:mm a");
}

const toNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
};

// One formatter each, made once: toLocaleString with options builds a new Intl.NumberFormat on every call,
// which was most of the time a package view spent formatting (the firm's review screen, bench/lighthouse.ts).
const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A figure a person wrote as money: `910000`, `910,000`, `$910,000.50` (grouped by thousands when grouped). */
const MONEY_TEXT = /^\s*\$?\s*(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*$/;
const moneyNumber = (value: unknown): number | null => {
  const n = toNumber(value);
  if (n !== null || typeof value !== 'string') return n;
  const m = value.match(MONEY_TEXT);
  return m ? Number(m[1].replaceAll(',', '')) : null;
};

/**
 * `$1,250,000`; cents only when there are some (`$1,250.50`). A figure typed as text ('910000', '910,000')
 * reads as money too (the conflicts form's Annual Billings, issue 67); other free text ('$20,000 a year')
 * stays as typed.
 */
export function formatMoney(value: unknown, empty = EMPTY): string {
  if (isBlank(value)) return empty;
  const n = moneyNumber(value);
  if (n === null) return String(value).trim();
  return (Number.isInteger(n) ? DOLLARS : DOLLARS_AND_CENTS).format(n);
}

/** `1,800` (hours, counts); years such as 2010 are not numbers to group, use formatPlain. */
export function formatNumber(value: unknown, empty = EMPTY): string {
  if (isBlank(value)) return empty;
  const n = toNumber(value);
  return n === null ? String(value).trim() : NUMBER.format(n);
}

/** Hours with their unit, for a figure whose name does not say it (Working Attorney Time, issue 67): `1,200 hours`, `1 hour`. */
export function formatHours(value: unknown, empty = EMPTY): string {
  if (isBlank(value)) return empty;
  const n = toNumber(value);
  return n === null ? String(value).trim() : `${NUMBER.format(n)} ${n === 1 ? 'hour' : 'hours'}`;
}

/** `40%`. */
export function formatPercent(value: unknown, empty = EMPTY): string {
  if (isBlank(value)) return empty;
  const n = toNumber(value);
  return n === null ? String(value).trim() : `${PERCENT.format(n)}%`;
}

/** A fraction as a percentage: 0.9 → `90%`, 0.8333 → `83.3%` (the ratios of PRODUCT.md §12). */
export function formatFraction(value: number | null | undefined, empty = EMPTY): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  return `${PERCENT.format(value * 100)}%`;
}

/** Yes / No for a flag; unanswered is empty. The strings 'yes' and 'no' (firm questions) count too. */
export function formatYesNo(value: unknown, empty = EMPTY): string {
  if (value === true || value === 'yes') return 'Yes';
  if (value === false || value === 'no') return 'No';
  return empty;
}

/** An enum code through its label map. A code the map does not know reads as words ('not_started' → 'Not started'). */
export function formatOption<T extends string>(
  value: unknown,
  labels: Partial<Record<T, string>>,
  empty = EMPTY,
): string {
  if (isBlank(value)) return empty;
  const code = String(value);
  if (Object.hasOwn(labels, code)) return labels[code as T] as string;
  if (/^[a-z]+(?:[_-][a-z]+)+$/.test(code)) {
    const words = code.replace(/[_-]+/g, ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  return code;
}

/** Free text as typed, trimmed. */
export function formatText(value: unknown, empty = EMPTY): string {
  if (isBlank(value)) return empty;
  if (typeof value === 'number') return String(value);
  return String(value).trim();
}

/** 'New York\nNew Jersey' → ['New York', 'New Jersey']: a free-text list, one entry a line. */
export function linesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => formatText(v, '')).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What a person calls a document's type. */
const DOCUMENT_TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
};
export const documentTypeName = (contentType: string) => DOCUMENT_TYPE_NAMES[contentType] ?? 'File';

/** '245 KB', '1.2 MB' (the uploader's own wording). */
export const formatFileSize = (bytes: number) => formatBytes(bytes);
