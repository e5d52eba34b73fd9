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
import { DISCLOSURE_FLAGS, explanationKey, FINANCIAL_PERIODS } from './master-lpq';
import {
  CLIENT_AMOUNT_FIELDS,
  type DisplayTable,
  type DisplayValue,
  type DocumentLink,
  FINANCIAL_FIELD_FORMAT,
  type FieldSpec,
  TOP_CLIENT_LABELS,
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

/** Figures × the three periods, only the figures someone filled in. */
export function financialTable(
  financial: Json,
  fields: readonly (readonly [string, string])[],
): DisplayTable | undefined {
  const rows = fields
    .map(([field, label]) => [
      label,
      ...FINANCIAL_PERIODS.map(
        ([p]) => cell(FINANCIAL_FIELD_FORMAT[field](periodValue(financial, p, field))) || '—',
      ),
    ])
    .filter((r) => r.slice(1).some((c) => c !== '—'));
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
  ];
  return tableOf(clients, fields);
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
