import { createRequire } from 'node:module';
import path from 'node:path';
import type { BusinessCase, Ledger } from '@shared/business-case';
import {
  CERTIFICATE_TEXTS,
  certifiedByLine,
  type PackageCertificate,
  utcDateTime,
} from '@shared/certification';
import {
  type DisplayTable,
  type DisplayValue,
  describePackage,
  type Group,
  type PackageView,
  type Row,
} from '@shared/package-view';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import pdfmake from 'pdfmake';
import { businessCasePages } from './business-case-pdf';
import { type Content, gridRules, MARGIN_X, MUTED, NAVY, rowRules } from './pdf-layout';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
pdfmake.setFonts({
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
// The document holds only text we put in it: no remote images, no files but the fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));

function smallTable(table: DisplayTable): Content {
  const firstIsLabel = table.columns[0] === '';
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: table.columns.map((_, i) => (i === 0 ? '*' : 'auto')),
      body: [
        table.columns.map((c, i) => ({ text: c, style: 'th', alignment: i === 0 ? 'left' : 'right' })),
        ...table.rows.map((r) =>
          r.map((c, i) => ({
            text: c,
            style: i === 0 && firstIsLabel ? 'label' : 'td',
            alignment: i === 0 ? 'left' : 'right',
          })),
        ),
      ],
    },
    layout: gridRules,
  };
}

/** A list of records (clients, employers): wide text columns, left-aligned. */
function recordTable(table: DisplayTable): Content {
  const body = [
    table.columns.map((c) => ({ text: c, style: 'th' })),
    ...table.rows.map((r) => r.map((c) => ({ text: c, style: 'td' }))),
  ];
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: table.columns.map(() => '*'), body },
    layout: gridRules,
    margin: [0, 0, 0, 2],
  };
}

/** Past this many columns a record table no longer fits the page's width (top clients have a dozen). */
const MAX_TABLE_COLUMNS = 6;

/**
 * A list of records too wide for a table: one block per record, headed by its first column (the client's
 * name), with each further column as a label and its value, as the review screen's client cards read.
 */
function recordCards(table: DisplayTable): Content[] {
  const [first, ...others] = table.columns;
  return table.rows.map((r) => ({
    stack: [
      { text: r[0] || first, style: 'recordHeading' },
      rowsTable(others.map((label, i) => ({ label, value: r[i + 1] ?? '' }))),
    ],
    unbreakable: true,
    margin: [0, 0, 0, 6],
  }));
}

/**
 * A document by its name, as a link to the app's own download when the package's URLs are absolute (see
 * withAbsoluteDocumentUrls): opening it checks the reader's session and access, as on the review screen.
 */
function documentName(item: { name: string; href: string }): Content {
  return /^https?:\/\//.test(item.href)
    ? { text: item.name, link: item.href, color: NAVY, decoration: 'underline' }
    : { text: item.name };
}

function value(v: DisplayValue): Content {
  if (typeof v === 'string') return { text: v, style: 'value' };
  if (!Array.isArray(v)) return smallTable(v);
  return {
    stack: v.map((item) =>
      typeof item === 'string'
        ? { text: item, style: 'value' }
        : { text: [documentName(item), { text: `  ${item.type}, ${item.size}`, style: 'muted' }] },
    ),
  };
}

function rowCells(row: Row): Content[] {
  const cell = row.detail
    ? { stack: [value(row.value), { text: row.detail, style: 'detail' }] }
    : value(row.value);
  return [{ text: row.label, style: 'label' }, cell];
}

const rowsTable = (rows: Row[], labelWidth = 170): Content => ({
  table: { dontBreakRows: true, widths: [labelWidth, '*'], body: rows.map(rowCells) },
  layout: rowRules,
});

/**
 * A group as blocks; the first holds the title with the first rows and never breaks, so a heading
 * always has what it introduces under it on the same page.
 */
function renderGroup(group: Group, lead: Content[] = []): Content[] {
  const head: Content[] = [...lead];
  const rest: Content[] = [];
  if (group.title) head.push({ text: group.title, style: 'groupHeading' });
  // Long questions (disclosures, firm questions) get a wider label column.
  const labelWidth = group.rows.some((r) => r.label.length > 40) ? 300 : 170;
  if (group.rows.length) {
    head.push(rowsTable(group.rows.slice(0, 2), labelWidth));
    if (group.rows.length > 2) rest.push(rowsTable(group.rows.slice(2), labelWidth));
  }
  if (group.table && group.table.columns.length > MAX_TABLE_COLUMNS) {
    rest.push(...recordCards(group.table));
  } else if (group.table) {
    const table = recordTable(group.table);
    if (group.rows.length === 0 && group.table.rows.length <= 12) head.push(table);
    else rest.push(table);
  }
  return [{ stack: head, unbreakable: true }, ...rest];
}

function cover(view: PackageView, request: FirmRequestItem): Content[] {
  const facts: [string, string][] = [
    ['Position', request.positionTitle],
    ['Practice Area', request.practiceArea],
    ['Firm', view.firmName],
    ['Shared on', view.sharedOn],
    ['Version', String(view.version)],
  ];
  return [
    { text: 'LATERAL PASSPORT', style: 'brand' },
    { text: 'Lateral Partner Questionnaire', style: 'coverTitle' },
    { text: view.attorneyName, style: 'coverName' },
    {
      table: {
        widths: [90, '*'],
        body: facts.map(([label, text]) => [
          { text: label, style: 'label' },
          { text, style: 'value' },
        ]),
      },
      layout: rowRules,
      margin: [0, 0, 0, 24],
    },
    {
      toc: { title: { text: 'Contents', style: 'groupHeading' }, numberStyle: { style: 'value' } },
    },
  ];
}

const sectionHeading = (title: string, pageBreak?: 'before'): Content => ({
  text: title,
  style: 'sectionHeading',
  tocItem: true,
  tocStyle: { style: 'value' },
  tocMargin: [0, 1, 0, 1],
  ...(pageBreak ? { pageBreak } : {}),
});

/**
 * PRODUCT.md §11: the last page: the statement the attorney certified (or that they did not), who and when
 * in UTC, the version, its fingerprint, and each document's name and SHA-256.
 */
function certificatePage(c: PackageCertificate): Content[] {
  const certified = c.certifiedBy && c.certifiedAt;
  const facts: [string, string][] = [
    ['Version', String(c.version)],
    ['Certified by', certified ? c.certifiedBy! : 'Not certified'],
    ...(certified && c.typedName ? ([['Signature (typed)', c.typedName]] as [string, string][]) : []),
    ['Certified at', certified ? utcDateTime(c.certifiedAt!) : '—'],
    ['Fingerprint (SHA-256)', c.fingerprint ?? 'Not recorded'],
  ];
  const out: Content[] = [sectionHeading(CERTIFICATE_TEXTS.title, 'before')];
  out.push(
    certified
      ? { text: `“${c.statement}”`, style: 'statement' }
      : { text: CERTIFICATE_TEXTS.notCertified, style: 'notice' },
  );
  if (certified)
    out.push({
      text: `— ${certifiedByLine(c.certifiedBy!, c.typedName)}, ${utcDateTime(c.certifiedAt!)}`,
      style: 'signature',
    });
  out.push({
    table: {
      widths: [150, '*'],
      body: facts.map(([l, v]) => [
        { text: l, style: 'label' },
        { text: v, style: 'value' },
      ]),
    },
    layout: rowRules,
    margin: [0, 6, 0, 10],
  });
  out.push({ text: 'Documents', style: 'groupHeading' });
  out.push(
    c.documents.length
      ? {
          table: {
            headerRows: 1,
            dontBreakRows: true,
            widths: [170, '*'],
            body: [
              [
                { text: 'Document', style: 'th' },
                { text: 'SHA-256', style: 'th' },
              ],
              ...c.documents.map((d) => [
                { text: d.name, style: 'td' },
                { text: d.sha256 ?? 'Not recorded', style: 'hash' },
              ]),
            ],
          },
          layout: gridRules,
        }
      : { text: 'No documents were shared with this version.', style: 'muted' },
  );
  out.push({ text: CERTIFICATE_TEXTS.fingerprintNote, style: 'muted', margin: [0, 10, 0, 0] });
  return out;
}

/**
 * The whole shared package as one PDF (PRODUCT.md §4), built from the same describePackage as the
 * review screen: a cover with the contents, the summary, then every section; the confidentiality line
 * on every page and 'Page X of Y' in the footer; with a certificate, it ends with the certificate page. With
 * the firm's business case (PRODUCT.md §12: only for a reader who may read it), its pages come before that.
 */
export async function renderPackagePdf(
  request: FirmRequestItem,
  pkg: SharedPackage,
  certificate?: PackageCertificate,
  businessCase?: BusinessCase,
): Promise<Buffer> {
  const view = describePackage(pkg, {
    firmName: request.firmName,
    firmSpecificQuestions: request.firmSpecificQuestions,
  });
  const content: Content[] = [
    ...cover(view, request),
    sectionHeading('Summary', 'before'),
    rowsTable(view.summary, 150),
  ];
  for (const section of view.sections) {
    const lead: Content[] = [sectionHeading(section.title)];
    if (section.notice) lead.push({ text: section.notice, style: 'notice' });
    if (section.groups.length === 0) {
      content.push({ stack: [...lead, { text: section.empty, style: 'muted' }], unbreakable: true });
      continue;
    }
    section.groups.forEach((group, i) => {
      content.push(...renderGroup(group, i === 0 ? lead : []));
    });
  }
  if (businessCase)
    content.push(...businessCasePages(businessCase, (pkg.masterLpq ?? {}) as Ledger, pkg.version));
  if (certificate) content.push(...certificatePage(certificate));
  const doc = pdfmake.createPdf({
    info: {
      title: `LPQ package — ${view.attorneyName} — ${request.positionTitle}`,
      author: view.attorneyName,
      subject: view.confidentiality,
    },
    pageSize: 'LETTER',
    pageMargins: [MARGIN_X, 46, MARGIN_X, 40],
    header: () => ({ text: view.confidentiality, style: 'runningHead', margin: [MARGIN_X, 22, MARGIN_X, 0] }),
    footer: (page: number, pages: number) => ({
      columns: [
        { text: `${view.attorneyName} · ${request.positionTitle}`, style: 'runningHead' },
        { text: `Page ${page} of ${pages}`, style: 'runningHead', alignment: 'right' },
      ],
      margin: [MARGIN_X, 14, MARGIN_X, 0],
    }),
    content,
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15, color: '#1a1a1a' },
    styles: {
      brand: { fontSize: 9, bold: true, color: NAVY, characterSpacing: 2, margin: [0, 60, 0, 6] },
      coverTitle: { fontSize: 22, bold: true, color: NAVY, margin: [0, 0, 0, 16] },
      coverName: { fontSize: 17, bold: true, margin: [0, 0, 0, 10] },
      sectionHeading: { fontSize: 13, bold: true, color: NAVY, margin: [0, 12, 0, 4] },
      groupHeading: { fontSize: 10, bold: true, color: NAVY, margin: [0, 7, 0, 2] },
      recordHeading: { bold: true, margin: [0, 4, 0, 1] },
      label: { color: MUTED },
      value: {},
      th: { bold: true, fontSize: 8, color: MUTED },
      td: { fontSize: 8.5 },
      detail: { italics: true, color: '#3d4652', margin: [0, 1, 0, 0] },
      muted: { color: MUTED, italics: true },
      notice: { color: '#8a5a00', italics: true, margin: [0, 0, 0, 4] },
      statement: { fontSize: 11, italics: true, margin: [0, 6, 0, 4] },
      signature: { fontSize: 10, bold: true, margin: [0, 0, 0, 4] },
      hash: { fontSize: 8 },
      runningHead: { fontSize: 7.5, color: MUTED },
    },
  });
  return doc.getBuffer();
}
