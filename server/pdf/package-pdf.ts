import { createRequire } from 'node:module';
import path from 'node:path';
import { answerOf } from '@shared/lpq';
import {
  DIVERSITY_NOTICE,
  displayValue,
  type FirmRequestItem,
  labelForField,
  orderedEntries,
  PACKAGE_SECTIONS,
  REQUEST_STATUS_LABELS,
  type SharedPackage,
} from '@shared/requests';
import { format } from 'date-fns';
import pdfmake from 'pdfmake';

type Content = Record<string, unknown> | string | Content[];

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

const NAVY = '#1c3d72';
const MUTED = '#5f6b7a';
const RULE = '#d5dbe5';

const date = (iso: string | null | undefined, pattern = 'MMM dd, yyyy') =>
  iso ? format(new Date(iso.length === 10 ? `${iso}T00:00:00` : iso), pattern) : '—';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlainObject(v) && Object.values(v).every(isEmpty));

const fieldTable = (rows: [string, string][]): Content => ({
  table: {
    widths: [170, '*'],
    body: rows.map(([label, value]) => [
      { text: label, style: 'label' },
      { text: value, style: 'value' },
    ]),
  },
  layout: {
    hLineWidth: () => 0.5,
    vLineWidth: () => 0,
    hLineColor: () => RULE,
    paddingTop: () => 4,
    paddingBottom: () => 4,
  },
  margin: [0, 0, 0, 10],
});

/**
 * Any stored form as labelled rows: the spec's field names become labels, nested groups become
 * sub-headings, lists of records are numbered.
 */
function renderRecord(record: Record<string, unknown>, depth = 0): Content[] {
  const out: Content[] = [];
  const rows: [string, string][] = [];
  const flushRows = () => {
    if (rows.length) out.push(fieldTable(rows.splice(0)));
  };
  for (const [key, value] of orderedEntries(record)) {
    const label = labelForField(key);
    if (isPlainObject(value)) {
      flushRows();
      out.push({ text: label, style: depth === 0 ? 'subheading' : 'minorHeading' });
      out.push(
        ...(isEmpty(value) ? [{ text: 'Not provided', style: 'muted' }] : renderRecord(value, depth + 1)),
      );
    } else if (Array.isArray(value) && value.some(isPlainObject)) {
      flushRows();
      out.push({ text: label, style: depth === 0 ? 'subheading' : 'minorHeading' });
      value.forEach((item, i) => {
        out.push({ text: `${label} #${i + 1}`, style: 'itemHeading' });
        out.push(...(isPlainObject(item) ? renderRecord(item, depth + 2) : [displayValue(item)]));
      });
    } else {
      rows.push([label, displayValue(value)]);
    }
  }
  flushRows();
  return out;
}

const sectionHeading = (title: string, pageBreak = true): Content => ({
  text: title,
  style: 'sectionHeading',
  ...(pageBreak ? { pageBreak: 'before' } : {}),
});

function renderPart(title: string, record: Record<string, unknown> | null, emptyText: string): Content[] {
  return [
    sectionHeading(title),
    ...(record && !isEmpty(record) ? renderRecord(record) : [{ text: emptyText, style: 'muted' }]),
  ];
}

function renderFirmQuestions(request: FirmRequestItem, pkg: SharedPackage): Content[] {
  const sections = request.firmSpecificQuestions?.sections ?? [];
  const answers = pkg.positionLpq?.firmAnswers ?? {};
  const out: Content[] = [sectionHeading(PACKAGE_SECTIONS.firmQuestions, false)];
  if (sections.length === 0)
    return [...out, { text: 'This request has no firm-specific questions.', style: 'muted' }];
  for (const section of sections) {
    out.push({ text: section.title, style: 'subheading' });
    out.push(
      fieldTable(
        section.questions.map((q) => [
          `${q.text}${q.required ? ' *' : ''}`,
          displayValue(answerOf(answers, q.id)),
        ]),
      ),
    );
  }
  return out;
}

function cover(request: FirmRequestItem, pkg: SharedPackage): Content[] {
  const attorneyName = `${pkg.attorney.firstName} ${pkg.attorney.lastName}`.trim();
  return [
    { text: 'LATERAL PASSPORT', style: 'brand' },
    { text: 'Lateral Partner Questionnaire', style: 'coverTitle' },
    { text: attorneyName, style: 'coverName' },
    { text: pkg.attorney.email, style: 'muted', margin: [0, 0, 0, 24] },
    fieldTable([
      ['Position', request.positionTitle],
      ['Practice Area', request.practiceArea],
      ['Firm', request.firmName],
      ['Shared on', date(pkg.sharedAt)],
      ['Requested on', date(request.sentAt)],
      ['Due date', date(request.dueDate)],
      ['Status', REQUEST_STATUS_LABELS[request.status]],
    ]),
    { text: 'Contents', style: 'subheading', margin: [0, 16, 0, 6] },
    { ul: Object.values(PACKAGE_SECTIONS), style: 'value' },
    {
      text: `Confidential. Shared by ${attorneyName} with ${request.firmName} through Lateral Passport. This is a frozen copy of what was shared on ${date(pkg.sharedAt)}.`,
      style: 'muted',
      margin: [0, 32, 0, 0],
    },
  ];
}

/** The whole shared package as one PDF (PRODUCT.md §4): cover, every part with labels, questions, documents. */
export async function renderPackagePdf(request: FirmRequestItem, pkg: SharedPackage): Promise<Buffer> {
  const attorneyName = `${pkg.attorney.firstName} ${pkg.attorney.lastName}`.trim();
  const positionLpq = pkg.positionLpq;
  const { id: _, ...attorneyFields } = pkg.attorney;
  const content: Content[] = [
    ...cover(request, pkg),
    ...renderPart(
      PACKAGE_SECTIONS.profile,
      { ...attorneyFields, ...(pkg.profile ?? {}) },
      'No profile was shared.',
    ),
    ...renderPart(PACKAGE_SECTIONS.masterLpq, pkg.masterLpq, 'No Master LPQ was shared.'),
    sectionHeading(PACKAGE_SECTIONS.positionLpq),
    ...(positionLpq
      ? [
          fieldTable([['Progress', labelForField(positionLpq.status)]]),
          ...(isEmpty(positionLpq.formData)
            ? [{ text: 'The attorney has not filled in the position LPQ yet.', style: 'muted' }]
            : renderRecord(positionLpq.formData)),
        ]
      : [{ text: 'No position LPQ yet.', style: 'muted' }]),
    ...renderFirmQuestions(request, pkg),
    ...renderPart(PACKAGE_SECTIONS.conflictsForm, pkg.conflictsForm, 'No conflicts form was shared.'),
    sectionHeading(PACKAGE_SECTIONS.diversityForm),
    { text: DIVERSITY_NOTICE, style: 'notice' },
    ...(pkg.diversityForm && !isEmpty(pkg.diversityForm)
      ? renderRecord(pkg.diversityForm)
      : [{ text: 'The attorney did not submit the voluntary diversity form.', style: 'muted' }]),
    ...renderPart(PACKAGE_SECTIONS.businessPlan, pkg.businessPlan, 'No business plan was shared.'),
    sectionHeading(PACKAGE_SECTIONS.documents),
    pkg.documents.length
      ? {
          table: {
            headerRows: 1,
            widths: ['*', 120, 60],
            body: [
              [
                { text: 'File', style: 'label' },
                { text: 'Type', style: 'label' },
                { text: 'Size', style: 'label' },
              ],
              ...pkg.documents.map((d) => [
                { text: d.name, style: 'value' },
                { text: d.contentType, style: 'value' },
                { text: `${Math.max(1, Math.round(d.size / 1024))} KB`, style: 'value' },
              ]),
            ],
          },
          layout: 'lightHorizontalLines',
        }
      : { text: 'No documents were shared.', style: 'muted' },
  ];
  const doc = pdfmake.createPdf({
    info: {
      title: `LPQ package — ${attorneyName} — ${request.positionTitle}`,
      author: request.firmName,
      subject: 'Lateral Partner Questionnaire',
    },
    pageSize: 'LETTER',
    pageMargins: [54, 60, 54, 60],
    header: (page: number) =>
      page === 1
        ? ''
        : {
            text: `${attorneyName} · ${request.positionTitle} · ${request.firmName}`,
            style: 'runningHead',
            margin: [54, 28, 54, 0],
          },
    footer: (page: number, pages: number) => ({
      columns: [
        { text: 'Confidential', style: 'runningHead' },
        { text: `Page ${page} of ${pages}`, style: 'runningHead', alignment: 'right' },
      ],
      margin: [54, 20, 54, 0],
    }),
    content,
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2, color: '#1a1a1a' },
    styles: {
      brand: { fontSize: 10, bold: true, color: NAVY, characterSpacing: 2, margin: [0, 80, 0, 8] },
      coverTitle: { fontSize: 26, bold: true, color: NAVY, margin: [0, 0, 0, 24] },
      coverName: { fontSize: 20, bold: true, margin: [0, 0, 0, 2] },
      sectionHeading: { fontSize: 18, bold: true, color: NAVY, margin: [0, 0, 0, 12] },
      subheading: { fontSize: 13, bold: true, color: NAVY, margin: [0, 10, 0, 6] },
      minorHeading: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
      itemHeading: { fontSize: 10, bold: true, color: MUTED, margin: [0, 6, 0, 2] },
      label: { bold: true, color: MUTED },
      value: {},
      muted: { color: MUTED, italics: true },
      notice: { color: '#8a5a00', italics: true, margin: [0, 0, 0, 12] },
      runningHead: { fontSize: 8, color: MUTED },
    },
  });
  return doc.getBuffer();
}
