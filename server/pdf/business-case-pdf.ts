import { type BusinessCase, type Ledger, type LedgerPeriod, workedValue } from '@shared/business-case';
import {
  ASSUMPTION_FIELDS,
  BUSINESS_CASE_TEXT,
  breakevenText,
  CHART_TITLES,
  clientLabelOf,
  FIRM_FLAG_TITLES,
  FIRST_LOOK_LABELS,
  firmFlagFigures,
  formatMoneyShort,
} from '@shared/business-case/workbench-texts';
import { formatFraction, formatMoney } from '@shared/format';
import { REALIZATION_BASIS_LABELS } from '@shared/master-lpq';
import { type Content, gridRules, MUTED, NAVY, RULE, rowRules } from './pdf-layout';

/**
 * PRODUCT.md §12: the business-case pages of the package PDF, for the roles that may read the case (admins,
 * recruiters, assigned reviewers; package-pdf.ts adds them only when given a case): the first look, the flags,
 * the assumptions, the contribution and breakeven, the sensitivity, the clients, and the four charts of §12
 * drawn as vectors (SVG, which pdfmake draws as PDF paths), each followed by the table it shows.
 */

/** The width of the text block (LETTER, 48 pt margins). */
const WIDTH = 516;
const LIGHT = '#8fb0e0';
const PALE = '#c9d8ef';
const RED = '#b3261e';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const text = (
  x: number,
  y: number,
  s: string,
  opts: { anchor?: string; size?: number; fill?: string } = {},
) =>
  `<text x="${fmt(x)}" y="${fmt(y)}" font-family="Roboto" font-size="${opts.size ?? 7}" fill="${opts.fill ?? MUTED}" text-anchor="${opts.anchor ?? 'start'}">${esc(s)}</text>`;
const rect = (x: number, y: number, w: number, h: number, fill: string) =>
  `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(Math.max(w, 0))}" height="${fmt(Math.max(h, 0))}" fill="${fill}"/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 0.5, dash = '') =>
  `<line x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}" stroke="${stroke}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
const svg = (height: number, body: string[]): Content => ({
  svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">${body.join('')}</svg>`,
  width: WIDTH,
  margin: [0, 2, 0, 4],
});

/** Round axis steps: 1, 2 or 5 × 10^k, so that `ticks` steps cover `max`. */
function niceStep(max: number, ticks: number) {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const p = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
}

function legend(x: number, y: number, items: [string, string][]) {
  let at = x;
  return items.flatMap(([label, color]) => {
    const out = [rect(at, y - 6, 8, 8, color), text(at + 11, y + 1, label)];
    at += 16 + label.length * 3.6;
    return out;
  });
}

const PERIODS = [
  ['yearBefore', 'Year before last'],
  ['lastYear', 'Last year'],
  ['currentYear', 'This year'],
  ['ytd', 'Year to date'],
] as const;

/** Chart 1: collections, billed and worked value across the three years and the year to date. */
function periodsChart(ledger: Ledger): Content[] {
  const fin = ledger.financialInfo ?? {};
  const series = [
    ['Collections', NAVY, (p: LedgerPeriod | null | undefined) => p?.collections ?? null],
    ['Billed', LIGHT, (p: LedgerPeriod | null | undefined) => p?.billedDollars ?? null],
    ['Worked value', PALE, (p: LedgerPeriod | null | undefined) => workedValue(p)],
  ] as const;
  const values = PERIODS.map(([key]) => series.map(([, , of]) => of(fin[key]) ?? null));
  const max = Math.max(0, ...values.flat().map((v) => v ?? 0));
  const h = 170;
  const top = 18;
  const bottom = h - 22;
  const left = 48;
  const step = niceStep(max, 4);
  const yMax = step * Math.max(1, Math.ceil(max / step));
  const y = (v: number) => bottom - (v / yMax) * (bottom - top);
  const body: string[] = legend(
    left,
    8,
    series.map(([l, c]) => [l, c]),
  );
  for (let t = 0; t <= yMax + 1e-9; t += step) {
    body.push(line(left, y(t), WIDTH, y(t), RULE));
    body.push(text(left - 4, y(t) + 2.5, formatMoneyShort(t), { anchor: 'end' }));
  }
  const groupW = (WIDTH - left) / PERIODS.length;
  const barW = (groupW - 24) / series.length;
  PERIODS.forEach(([, label], i) => {
    const gx = left + i * groupW + 12;
    values[i].forEach((v, j) => {
      if (v !== null) body.push(rect(gx + j * barW, y(v), barW - 2, bottom - y(v), series[j][1]));
    });
    body.push(text(gx + (groupW - 24) / 2, bottom + 12, label, { anchor: 'middle' }));
  });
  const table = {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        ['', ...series.map(([l]) => l)].map((t, i) => ({
          text: t,
          style: 'th',
          alignment: i ? 'right' : 'left',
        })),
        ...PERIODS.map(([, label], i) => [
          { text: label, style: 'label' },
          ...values[i].map((v) => ({ text: formatMoney(v), style: 'td', alignment: 'right' })),
        ]),
      ],
    },
    layout: gridRules,
  };
  return [{ text: CHART_TITLES.periods, style: 'groupHeading' }, svg(h, body), table];
}

/** Horizontal bars, one row per client (chart 2 with one series, chart 3 with two). */
function clientBars(
  names: string[],
  series: { label: string; color: string; values: (number | null)[]; format: (v: number) => string }[],
  max: number,
): Content {
  const rowH = 8 + series.length * 9;
  const left = 120;
  const right = 70;
  const top = series.length > 1 ? 16 : 4;
  const h = top + names.length * rowH + 4;
  const x = (v: number) => left + (max > 0 ? (v / max) * (WIDTH - left - right) : 0);
  const body: string[] =
    series.length > 1
      ? legend(
          left,
          8,
          series.map((s) => [s.label, s.color]),
        )
      : [];
  body.push(line(left, top, left, h - 2, RULE));
  names.forEach((name, i) => {
    const y0 = top + i * rowH + 4;
    body.push(
      text(left - 6, y0 + (series.length * 9) / 2 + 2, name.slice(0, 28), { anchor: 'end', fill: '#1a1a1a' }),
    );
    series.forEach((s, j) => {
      const v = s.values[i];
      if (v === null) return;
      const yy = y0 + j * 9;
      body.push(rect(left, yy, x(Math.max(v, 0)) - left, 7, s.color));
      body.push(text(x(Math.max(v, 0)) + 4, yy + 6, s.format(v)));
    });
  });
  return svg(h, body);
}

/** Chart 4: the cumulative contribution month by month, 0 and the breakeven month marked. */
function cumulativeChart(kase: BusinessCase): Content[] {
  const points = kase.monthly;
  const h = 190;
  const top = 14;
  const bottom = h - 24;
  const left = 56;
  const lo = Math.min(0, ...points.map((p) => p.cumulative));
  const hi = Math.max(0, ...points.map((p) => p.cumulative));
  const step = niceStep(hi - lo || 1, 5);
  const yLo = Math.floor(lo / step) * step;
  const yHi = Math.max(Math.ceil(hi / step) * step, yLo + step);
  const y = (v: number) => bottom - ((v - yLo) / (yHi - yLo)) * (bottom - top);
  const x = (m: number) => left + ((m - 1) / (points.length - 1 || 1)) * (WIDTH - left - 24);
  const body: string[] = [];
  for (let t = yLo; t <= yHi + 1e-9; t += step) {
    body.push(
      line(left, y(t), WIDTH - 8, y(t), Math.abs(t) < 1e-9 ? MUTED : RULE, Math.abs(t) < 1e-9 ? 0.8 : 0.5),
    );
    body.push(text(left - 4, y(t) + 2.5, formatMoneyShort(t), { anchor: 'end' }));
  }
  for (const m of [1, 6, 12, 18, 24, 30, 36].filter((m) => m <= points.length))
    body.push(text(x(m), bottom + 12, `Month ${m}`, { anchor: 'middle' }));
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${fmt(x(p.month))} ${fmt(y(p.cumulative))}`).join(' ');
  body.push(`<path d="${path}" fill="none" stroke="${NAVY}" stroke-width="1.6"/>`);
  if (kase.breakevenMonth !== null) {
    const bx = x(kase.breakevenMonth);
    body.push(line(bx, top, bx, bottom, RED, 0.8, '3 2'));
    body.push(
      text(bx + 3, top + 7, `Breakeven: ${breakevenText(kase.breakevenMonth)}`, { fill: RED, size: 7.5 }),
    );
  } else body.push(text(WIDTH - 26, top + 7, breakevenText(null), { anchor: 'end', fill: RED, size: 7.5 }));
  const quarters = points.filter((p) => p.month % 6 === 0 || p.month === kase.breakevenMonth);
  const table = {
    table: {
      headerRows: 1,
      widths: quarters.map(() => '*'),
      body: [
        quarters.map((p) => ({ text: `Month ${p.month}`, style: 'th', alignment: 'right' })),
        quarters.map((p) => ({
          text: formatMoney(Math.round(p.cumulative)),
          style: 'td',
          alignment: 'right',
        })),
      ],
    },
    layout: gridRules,
  };
  return [{ text: CHART_TITLES.cumulative, style: 'groupHeading' }, svg(h, body), table];
}

const facts = (rows: [string, string][], labelWidth = 200): Content => ({
  table: {
    widths: [labelWidth, '*'],
    body: rows.map(([l, v]) => [
      { text: l, style: 'label' },
      { text: v, style: 'value' },
    ]),
  },
  layout: rowRules,
  margin: [0, 0, 0, 4],
});

function assumptionValue(kase: BusinessCase, key: (typeof ASSUMPTION_FIELDS)[number]['key']) {
  const a = kase.assumptions;
  const field = ASSUMPTION_FIELDS.find((f) => f.key === key)!;
  const v = a[key];
  if (field.kind === 'basis') return REALIZATION_BASIS_LABELS[a.realizationBasis];
  if (field.kind === 'money') return formatMoney(v);
  if (field.kind === 'months') return `${v} months`;
  return formatFraction(v as number);
}

/** The business-case pages: a section of the package PDF (in its contents) that starts a page. */
export function businessCasePages(kase: BusinessCase, ledger: Ledger, version: number): Content[] {
  const fl = kase.firstLook;
  const names = kase.clients.map((c) => clientLabelOf(c.clientName, c.index));
  const out: Content[] = [
    {
      text: 'Business case',
      style: 'sectionHeading',
      tocItem: true,
      tocStyle: { style: 'value' },
      tocMargin: [0, 1, 0, 1],
      pageBreak: 'before',
    },
    { text: `${BUSINESS_CASE_TEXT.privateNote} Version ${version}.`, style: 'notice' },
    { text: 'First look', style: 'groupHeading' },
    facts([
      [
        FIRST_LOOK_LABELS.book,
        `Claimed ${formatMoney(fl.claimedBook)} · adjusted ${formatMoney(Math.round(fl.adjustedBook))}`,
      ],
      [FIRST_LOOK_LABELS.compAsk, formatMoney(fl.compAsk)],
      [
        FIRST_LOOK_LABELS.compToBook,
        `Claimed ${formatFraction(fl.compToBookClaimed)} · adjusted ${formatFraction(fl.compToBookAdjusted)}`,
      ],
      [FIRST_LOOK_LABELS.collectionsCagr, formatFraction(fl.collectionsCagr)],
      [
        FIRST_LOOK_LABELS.realization,
        `${formatFraction(fl.realization.value)} (${REALIZATION_BASIS_LABELS[fl.realization.basis].toLowerCase()})`,
      ],
      [FIRST_LOOK_LABELS.topClientShare, formatFraction(fl.topClientShare)],
      [FIRST_LOOK_LABELS.top3Share, formatFraction(fl.top3Share)],
      [FIRST_LOOK_LABELS.agedReceivablesShare, formatFraction(fl.agedReceivablesShare)],
      [FIRST_LOOK_LABELS.teamSize, String(fl.teamSize)],
    ]),
    { text: 'Flags', style: 'groupHeading' },
    kase.flags.length
      ? {
          ul: kase.flags.map((f) => ({
            text: [
              { text: `${FIRM_FLAG_TITLES[f.code]}: `, bold: true },
              firmFlagFigures(f, (i) => names[i] ?? `Client ${i + 1}`),
            ],
            style: 'value',
            margin: [0, 0, 0, 2],
          })),
        }
      : { text: 'No flags.', style: 'muted' },
    { text: 'Assumptions', style: 'groupHeading' },
    facts(ASSUMPTION_FIELDS.map((f) => [f.label, assumptionValue(kase, f.key)])),
    { text: 'Contribution and breakeven', style: 'groupHeading' },
    facts([
      ['Contribution, year 1', formatMoney(Math.round(kase.contribution.year1))],
      ['Contribution, year 2', formatMoney(Math.round(kase.contribution.year2))],
      ['Breakeven', breakevenText(kase.breakevenMonth)],
    ]),
    { text: 'Sensitivity', style: 'groupHeading' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['*', 'auto', 'auto', 'auto'],
        body: [
          ['', 'Book', 'Comp:Book', 'Contribution, year 1'].map((t, i) => ({
            text: t,
            style: 'th',
            alignment: i ? 'right' : 'left',
          })),
          ...kase.sensitivity.map((s) => [
            { text: s.label, style: 'label' },
            { text: formatMoney(Math.round(s.adjustedBook)), style: 'td', alignment: 'right' },
            { text: formatFraction(s.compToBook), style: 'td', alignment: 'right' },
            { text: formatMoney(Math.round(s.year1)), style: 'td', alignment: 'right' },
          ]),
        ],
      },
      layout: gridRules,
    },
    { text: 'Clients', style: 'groupHeading' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['*', 'auto', 'auto', 'auto', 'auto'],
        body: [
          ['Client', 'Claimed', 'Haircut', 'Adjusted', 'Share of collections'].map((t, i) => ({
            text: t,
            style: 'th',
            alignment: i ? 'right' : 'left',
          })),
          ...kase.clients.map((c, i) => [
            { text: names[i], style: 'td' },
            { text: formatMoney(c.claimed), style: 'td', alignment: 'right' },
            { text: formatFraction(c.haircut), style: 'td', alignment: 'right' },
            { text: formatMoney(Math.round(c.adjusted)), style: 'td', alignment: 'right' },
            { text: formatFraction(c.share), style: 'td', alignment: 'right' },
          ]),
        ],
      },
      layout: gridRules,
    },
    // Each chart is kept whole on a page, with the table it shows.
    { stack: periodsChart(ledger), unbreakable: true },
  ];
  if (kase.clients.length) {
    const shares = kase.clients.map((c) => c.share);
    out.push(
      {
        stack: [
          { text: CHART_TITLES.shares, style: 'groupHeading' },
          clientBars(
            names,
            [{ label: 'Share', color: NAVY, values: shares, format: (v) => formatFraction(v) }],
            Math.max(0, ...shares.map((v) => v ?? 0)),
          ),
        ],
        unbreakable: true,
      },
      {
        stack: [
          { text: CHART_TITLES.book, style: 'groupHeading' },
          clientBars(
            names,
            [
              {
                label: 'Claimed',
                color: PALE,
                values: kase.clients.map((c) => c.claimed),
                format: formatMoneyShort,
              },
              {
                label: 'Adjusted',
                color: NAVY,
                values: kase.clients.map((c) => c.adjusted),
                format: formatMoneyShort,
              },
            ],
            Math.max(0, ...kase.clients.map((c) => c.claimed)),
          ),
          { text: 'The clients table above holds these figures.', style: 'muted' },
        ],
        unbreakable: true,
      },
    );
  }
  out.push({ stack: cumulativeChart(kase), unbreakable: true });
  return out;
}
