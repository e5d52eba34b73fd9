import { type AuditVerification, RECEIPT_TEXTS } from '@shared/audit-trail';
import pdfmake from 'pdfmake';
import './package-pdf';

/**
 * PRODUCT.md §11: a request's audit trail as a PDF a risk partner can file: what the request is, whether
 * the chain verified when the file was made, how the hashes are computed, then every event with its time
 * (UTC), who, what, and its hash. Fonts and access policies are package-pdf.ts's (imported for them).
 */
export type AuditTrailPdf = {
  title: string;
  facts: [label: string, text: string][];
  verification: AuditVerification;
  /** PRODUCT.md §11: the head signed (its facts and its one line), or null while the chain is broken. */
  receipt?: { facts: [label: string, text: string][]; line: string } | null;
  generatedAt: string;
  events: {
    seq: number;
    at: string;
    event: string;
    actor: string;
    details: string;
    /** Issue 67: a salted event's salt (only to a reader given the whole event) and commitment. */
    salt?: string;
    commitment?: string;
    prevHash: string;
    hash: string;
  }[];
};

const NAVY = '#1c3d72';
const MUTED = '#5f6b7a';
const RULE = '#d5dbe5';
const SHADE = '#f2f5f9';
const GOOD = '#1e6b3a';
const BAD = '#a4262c';

export const HASH_EXPLANATION =
  'Each event stores the SHA-256 of the previous event’s hash followed by its commitment, the SHA-256 of its salt followed by its content (the canonical JSON, keys sorted and no whitespace, of who acted, when, the event, its details, the request and its number; an attorney is recorded by e-mail address, and their name is shown from their account); an event without a salt, recorded before commitments, hashes its content in place of the commitment. A withheld event shows only its commitment, which checks the chain and cannot be guessed. Changing, removing or reordering any event changes every hash after it. Events are listed in the order they entered the record, which is the order they happened: a firm member’s views are entered, with the time they happened, before the next action on the request, and within about a minute otherwise.';

/** The one line cut into pieces a page can hold (the check ignores the breaks). */
const chunks = (line: string, size = 110) => line.match(new RegExp(`.{1,${size}}`, 'g')) ?? [];

function receiptBlock(receipt: NonNullable<AuditTrailPdf['receipt']>) {
  return [
    { text: RECEIPT_TEXTS.heading, bold: true, color: NAVY, margin: [0, 0, 0, 2] },
    {
      table: {
        widths: [110, '*'],
        body: receipt.facts.map(([label, text]) => [
          { text: label, style: 'label' },
          { text, style: 'value' },
        ]),
      },
      layout: 'noBorders',
    },
    { text: chunks(receipt.line).join('\n'), style: 'hash', margin: [0, 2, 0, 2] },
    { text: RECEIPT_TEXTS.explanation, style: 'note', margin: [0, 0, 0, 10] },
  ];
}

export async function renderAuditTrailPdf(input: AuditTrailPdf): Promise<Buffer> {
  const v = input.verification;
  const status = v.intact
    ? {
        text: `Intact: ${v.events} event${v.events === 1 ? '' : 's'} verified on ${input.generatedAt}.`,
        color: GOOD,
      }
    : { text: `Broken: ${v.brokenAt?.message ?? ''} (checked on ${input.generatedAt}).`, color: BAD };
  const header = ['#', 'Time (UTC)', 'Event', 'By', 'Details and hash'].map((text) => ({
    text,
    style: 'th',
  }));
  const body = input.events.map((e) => [
    { text: String(e.seq), style: 'td' },
    { text: e.at, style: 'td' },
    { text: e.event, style: 'td', bold: true },
    { text: e.actor, style: 'td' },
    {
      stack: [
        { text: e.details || '—', style: 'td' },
        ...(e.salt ? [{ text: `Salt ${e.salt}`, style: 'hash' }] : []),
        ...(e.commitment ? [{ text: `Commitment ${e.commitment}`, style: 'hash' }] : []),
        { text: `Previous ${e.prevHash}`, style: 'hash' },
        { text: `Hash ${e.hash}`, style: 'hash' },
      ],
    },
  ]);
  const doc = pdfmake.createPdf({
    info: { title: input.title, subject: 'Audit trail' },
    pageSize: 'LETTER',
    pageOrientation: 'landscape',
    pageMargins: [40, 40, 40, 36],
    footer: (page: number, pages: number) => ({
      columns: [
        { text: input.title, style: 'runningHead' },
        { text: `Page ${page} of ${pages}`, style: 'runningHead', alignment: 'right' },
      ],
      margin: [40, 12, 40, 0],
    }),
    content: [
      { text: 'LATERAL PASSPORT', style: 'brand' },
      { text: input.title, style: 'title' },
      {
        table: {
          widths: [110, '*'],
          body: input.facts.map(([label, text]) => [
            { text: label, style: 'label' },
            { text, style: 'value' },
          ]),
        },
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
      },
      { text: status.text, color: status.color, bold: true, margin: [0, 0, 0, 4] },
      { text: HASH_EXPLANATION, style: 'note', margin: [0, 0, 0, 10] },
      ...(input.receipt ? receiptBlock(input.receipt) : []),
      input.events.length
        ? {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: [18, 92, 92, 150, '*'],
              body: [header, ...body],
            },
            layout: {
              hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
                i === 0 || i === node.table.body.length ? 0 : 0.5,
              vLineWidth: () => 0,
              hLineColor: () => RULE,
              fillColor: (i: number) => (i === 0 ? SHADE : null),
              paddingTop: () => 3,
              paddingBottom: () => 3,
            },
          }
        : { text: 'No events recorded yet.', style: 'note' },
    ],
    defaultStyle: { font: 'Roboto', fontSize: 8.5, lineHeight: 1.15, color: '#1a1a1a' },
    styles: {
      brand: { fontSize: 8, bold: true, color: NAVY, characterSpacing: 2, margin: [0, 0, 0, 4] },
      title: { fontSize: 16, bold: true, color: NAVY, margin: [0, 0, 0, 8] },
      label: { color: MUTED },
      value: {},
      th: { bold: true, fontSize: 7.5, color: MUTED },
      td: { fontSize: 8 },
      hash: { fontSize: 6, color: MUTED, margin: [0, 1, 0, 0] },
      note: { fontSize: 7.5, color: MUTED, italics: true },
      runningHead: { fontSize: 7, color: MUTED },
    },
  });
  return doc.getBuffer();
}
