import { type FileRef, fileIdFromUrl } from './files';
import {
  documentTypeName,
  formatDate,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercent,
  formatText,
  formatYesNo,
} from './format';
import { isJsonObject } from './json-depth';
import { DISCLOSURE_FLAGS, explanationKey, FINANCIAL_PERIODS, YTD_FIELDS } from './master-lpq';
import {
  CLIENT_AMOUNT_FIELDS,
  CLIENT_LEDGER_FIELDS,
  COMPENSATION_YEAR_FIELDS,
  type DisplayTable,
  type DisplayValue,
  type DocumentLink,
  FINANCIAL_FIELD_FORMAT,
  type FieldSpec,
  RECEIVABLE_FIELDS,
  TOP_CLIENT_LABELS,
  YTD_COLUMN_LABEL,
} from './package-labels';
import type { FirmQuestion } from './requests';

/** The building blocks of a package's view: rows, tables and links, from stored answers. */
/**
 * A shared package as a person reads it (PRODUCT.md §4): a summary, then the sections in the spec's
 * order with the forms' labels. Every value is already display text — no id, key, ISO timestamp or enum
 * code. The review screen and the PDF both render this, and nothing else.
 */
export type Row = {
  label: string;
  value: DisplayValue /** Shown under the value: a Yes's explanation. */;
  detail?: string;
};
export type Group = { title?: string; rows: Row[]; table?: DisplayTable };
export type Json = Record<string, unknown>;
export const recordOf = (v: unknown): Json => (isJsonObject(v) ? v : {});
export const listOf = (v: unknown): Json[] => (Array.isArray(v) ? v.map(recordOf) : []);
export const isShown = (v: DisplayValue) =>
  typeof v === 'string' ? v !== '' : Array.isArray(v) ? v.length > 0 : v.rows.length > 0;

/** The fields that have a value, as rows; empty answers are left out. */
export function rowsOf(record: Json, fields: readonly FieldSpec[]): Row[] {
  const rows: Row[] = [];
  for (const [key, label, fmt] of fields) {
    const value = fmt ? fmt(record[key]) : formatText(record[key], '');
    if (isShown(value)) rows.push({ label, value });
  }
  return rows;
}

export const cell = (v: DisplayValue) =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.map((x) => (typeof x === 'string' ? x : x.name)).join(', ')
      : '';

/** A list of records as a small table; columns nobody answered are dropped. */
export function tableOf(items: Json[], fields: readonly FieldSpec[]): DisplayTable | undefined {
  const rows = items.map((item) =>
    fields.map(([key, , fmt]) => cell(fmt ? fmt(item[key]) : formatText(item[key], ''))),
  );
  const keep = fields.map((_, i) => i === 0 || rows.some((r) => r[i] !== ''));
  const kept = rows
    .filter((r) => r.some(Boolean))
    .map((r) => r.filter((_, i) => keep[i]).map((c) => c || '—'));
  if (kept.length === 0) return undefined;
  return { kind: 'table', columns: fields.filter((_, i) => keep[i]).map(([, label]) => label), rows: kept };
}

export const group = (title: string | undefined, rows: Row[], table?: DisplayTable): Group[] =>
  rows.length || table ? [{ ...(title ? { title } : {}), rows, ...(table ? { table } : {}) }] : [];

/** The package's documents as links; a PDF opens in the browser. */
export function documentLink(doc: FileRef): DocumentLink {
  const pdf = doc.contentType === 'application/pdf';
  return {
    kind: 'document',
    name: doc.name,
    href: pdf ? `${doc.url}?inline=1` : doc.url,
    type: documentTypeName(doc.contentType),
    size: formatFileSize(doc.size),
    opensInBrowser: pdf,
  };
}

/** Files referred to by URL or reference, as links to the package's own copies (never a raw URL). */
export function linksTo(refs: unknown[], documents: FileRef[]): DocumentLink[] {
  const byId = new Map(documents.map((d) => [d.id, d]));
  const out: DocumentLink[] = [];
  for (const ref of refs) {
    const url =
      typeof ref === 'string'
        ? ref
        : typeof recordOf(ref).url === 'string'
          ? (recordOf(ref).url as string)
          : '';
    const id =
      fileIdFromUrl(url) ?? (typeof recordOf(ref).id === 'string' ? (recordOf(ref).id as string) : null);
    const doc = id ? byId.get(id) : undefined;
    if (doc && !out.some((l) => l.href === documentLink(doc).href)) out.push(documentLink(doc));
  }
  return out;
}

export const periodValue = (financial: Json, period: string, field: string) =>
  recordOf(financial[period])[field];

/**
 * Figures × the three periods, only the figures someone filled in; the year to date (PRODUCT.md §12) is a
 * fourth column once any of its figures is, headed with the day it runs through.
 */
export function financialTable(
  financial: Json,
  fields: readonly (readonly [string, string])[],
): DisplayTable | undefined {
  const ytd = recordOf(financial.ytd);
  const ytdFields = new Set<string>(YTD_FIELDS.map(([f]) => f));
  const withYtd = YTD_FIELDS.some(([f]) => formatText(ytd[f], '') !== '');
  const rows = fields
    .map(([field, label]) => [
      label,
      ...FINANCIAL_PERIODS.map(
        ([p]) => cell(FINANCIAL_FIELD_FORMAT[field](periodValue(financial, p, field))) || '—',
      ),
      ...(withYtd ? [(ytdFields.has(field) && cell(FINANCIAL_FIELD_FORMAT[field](ytd[field]))) || '—'] : []),
    ])
    .filter((r) => r.slice(1).some((c) => c !== '—'));
  const through = formatDate(typeof ytd.through === 'string' ? ytd.through : null, '');
  const ytdColumn = through ? `${YTD_COLUMN_LABEL} (through ${through})` : YTD_COLUMN_LABEL;
  return rows.length
    ? {
        kind: 'table',
        columns: ['', ...FINANCIAL_PERIODS.map(([, l]) => l), ...(withYtd ? [ytdColumn] : [])],
        rows,
      }
    : undefined;
}

/** The compensation history (§12): total, fixed and variable × the three periods, only what was given. */
export function compensationHistoryTable(financial: Json): DisplayTable | undefined {
  const history = recordOf(financial.compensationHistory);
  const rows = COMPENSATION_YEAR_FIELDS.map(([field, label]) => [
    label,
    ...FINANCIAL_PERIODS.map(([p]) => formatMoney(recordOf(history[p])[field], '') || '—'),
  ]).filter((r) => r.slice(1).some((c) => c !== '—'));
  return rows.length
    ? { kind: 'table', columns: ['', ...FINANCIAL_PERIODS.map(([, l]) => l)], rows }
    : undefined;
}

export function topClientsTable(clients: Json[], compact: boolean): DisplayTable | undefined {
  const fields: FieldSpec[] = [
    ['clientName', TOP_CLIENT_LABELS.clientName],
    ['isOriginator', TOP_CLIENT_LABELS.isOriginator, (v) => formatYesNo(v, '')],
    ...(compact ? CLIENT_AMOUNT_FIELDS.slice(0, 2) : CLIENT_AMOUNT_FIELDS).map(
      ([k, l]): FieldSpec => [k, l, (v) => formatMoney(v, '')],
    ),
    ['portabilityLikelihood', TOP_CLIENT_LABELS.portabilityLikelihood, (v) => formatPercent(v, '')],
    ...(compact ? [] : CLIENT_LEDGER_FIELDS),
  ];
  // The receivables by age, each a column of its own ('A/R Over 90 Days').
  const rows = compact
    ? clients
    : clients.map((c) => {
        const r = recordOf(c.receivables);
        return { ...c, ...Object.fromEntries(RECEIVABLE_FIELDS.map(([k]) => [`ar_${k}`, r[k]])) };
      });
  if (!compact)
    fields.push(...RECEIVABLE_FIELDS.map(([k, l]): FieldSpec => [`ar_${k}`, l, (v) => formatMoney(v, '')]));
  return tableOf(rows, fields);
}

export function disclosureRows(disclosures: Json): Row[] {
  return DISCLOSURE_FLAGS.map(([flag, question]) => {
    const value = formatYesNo(disclosures[flag]);
    const explanation = formatText(disclosures[explanationKey(flag)], '');
    return {
      label: question,
      value,
      ...(disclosures[flag] === true && explanation ? { detail: explanation } : {}),
    };
  });
}

export function answerText(q: FirmQuestion, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'Not answered yet';
  switch (q.type) {
    case 'yesno':
      return formatYesNo(value, String(value));
    case 'date':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'number':
      return formatNumber(value);
    default:
      return formatText(value);
  }
}
