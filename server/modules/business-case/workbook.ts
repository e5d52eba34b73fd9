import {
  type BusinessCase,
  economics,
  given,
  HORIZON_MONTHS,
  type Ledger,
  type LedgerPeriod,
  realizationOnEveryBasis,
  SENSITIVITY_PORTABILITY,
  SENSITIVITY_REALIZATION_STEP,
  workedValue,
} from '@shared/business-case';
import { REALIZATION_BASES } from '@shared/master-lpq';
import ExcelJS from 'exceljs';

/** Number formats: dollars (negative in red), fractions as percentages, counts. */
export const WORKBOOK_FORMATS = {
  money: '"$"#,##0;[Red]-"$"#,##0',
  percent: '0.0%',
  count: '#,##0',
} as const;
const { money: MONEY, percent: PERCENT, count: COUNT } = WORKBOOK_FORMATS;

/** The label of each result row (column A of Results), which the tests and a reader find them by. */
export const RESULT_LABELS = {
  claimedBook: 'Claimed book',
  adjustedBook: 'Adjusted book',
  compAsk: 'Year-one compensation ask',
  compToBookClaimed: 'Comp:Book, claimed',
  compToBookAdjusted: 'Comp:Book, adjusted',
  collectionsCagr: 'Collections trend (CAGR)',
  realizationBilled: 'Realization last year, collected over billed',
  realizationWorked: 'Realization last year, collected over worked',
  realizationMatterRate: 'Realization last year, collected over matter rate',
  realization: 'Realization on the firm’s basis',
  topClientShare: 'Largest client’s share of collections',
  top3Share: 'Three largest clients’ share',
  agedReceivablesShare: 'Receivables over 90 days',
  teamSize: 'Team members likely to follow',
  revenue: 'Revenue (R)',
  costs: 'Costs (K)',
  recruiterFee: 'Recruiter’s fee (F)',
  year1: 'Contribution, year 1',
  year2: 'Contribution, year 2',
  breakevenMonth: 'Breakeven month',
} as const;
type ResultKey = keyof typeof RESULT_LABELS;

const PERIODS = [
  ['yearBefore', 'Year before last'],
  ['lastYear', 'Last year'],
  ['currentYear', 'Current year'],
  ['ytd', 'Year to date'],
] as const;

/** A cached formula value: a ratio the shared module left blank (null) is an empty string in the sheet. */
const cached = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : v);
/** A blank stays a blank cell (a spreadsheet reads it as 0 in a sum and as "" in a test, as §12 does). */
const cell = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** num / den in a spreadsheet, blank when either is blank or the denominator is 0 (§12's ratio). */
const ratioF = (num: string, den: string) => `IF(OR(${num}="",${den}="",${den}=0),"",${num}/${den})`;

/**
 * PRODUCT.md §12: the workbook of a business case. Inputs holds the frozen figures of the version (protected),
 * Assumptions the firm's (editable cells; a client's own haircut blank = the default haircut), and Results
 * formulas over both, with the values the shared module computed cached, so a spreadsheet shows the screen's
 * numbers until a cell changes and recomputes them when one does. The formulas are §12's, written once more
 * in spreadsheet terms; business-case/workbook.test.ts checks in LibreOffice that they agree with the module.
 */
export async function businessCaseWorkbook(
  ledger: Ledger,
  kase: BusinessCase,
  meta: { version: number; title?: string } = { version: 1 },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lateral Passport';
  const a = kase.assumptions;
  const fin = ledger.financialInfo ?? {};
  const clients = kase.clients;
  const ledgerClients = ledger.clientsInfo?.topClients ?? [];
  const n = clients.length;

  // ---- Inputs: the frozen figures.
  const inputs = wb.addWorksheet('Inputs');
  inputs.columns = [34, 18, 18, 18, 16, 16, 16, 40].map((width) => ({ width }));
  inputs.getRow(1).values = [
    `Frozen figures of version ${meta.version}${meta.title ? ` · ${meta.title}` : ''} (do not edit)`,
  ];
  inputs.getRow(3).values = [
    'Period',
    'Collections',
    'Billed',
    'Worked value',
    'Standard rate',
    'Effective rate',
    'Billable hours',
  ];
  const periodRow: Record<(typeof PERIODS)[number][0], number> = {
    yearBefore: 4,
    lastYear: 5,
    currentYear: 6,
    ytd: 7,
  };
  for (const [key, label] of PERIODS) {
    const p = (fin[key] ?? null) as LedgerPeriod | null;
    const row = inputs.getRow(periodRow[key]);
    row.values = [
      label,
      cell(p?.collections),
      cell(p?.billedDollars),
      // As typed, else rate × billable hours (§12), frozen as the module computes it.
      cell(workedValue(p)),
      cell(p?.rate),
      cell(p?.effectiveRate),
      cell(p?.billableHours),
    ];
    for (const c of [2, 3, 4, 5, 6]) row.getCell(c).numFmt = MONEY;
    row.getCell(7).numFmt = COUNT;
  }
  const ASK = 'Inputs!$B$9';
  const TEAM = 'Inputs!$B$12';
  inputs.getRow(9).values = ['Year-one compensation ask', cell(given(fin.compensationAsk?.yearOneTotal))];
  inputs.getCell('B9').numFmt = MONEY;
  const reported = given(fin.reportedRealization);
  inputs.getRow(10).values = [
    'Realization the current firm reports',
    reported === null ? null : reported / 100,
  ];
  inputs.getCell('B10').numFmt = PERCENT;
  inputs.getRow(11).values = ['Realization basis of the current firm', fin.realizationBasis ?? ''];
  inputs.getRow(12).values = ['Team members likely to follow', kase.firstLook.teamSize];
  const CLIENT0 = 15;
  const clientLast = CLIENT0 + Math.max(n, 1) - 1;
  inputs.getRow(14).values = [
    'Client',
    'Collections last year',
    'Reasonable projection',
    'Receivables current',
    '30–60 days',
    '60–90 days',
    'Over 90 days',
    'Evidence of portability',
  ];
  clients.forEach((c, i) => {
    const src = ledgerClients[i] ?? {};
    const r = src.receivables ?? null;
    const row = inputs.getRow(CLIENT0 + i);
    row.values = [
      c.clientName || `Client ${c.index + 1}`,
      cell(src.lastYearCollections),
      c.claimed,
      cell(r?.current),
      cell(r?.d30to60),
      cell(r?.d60to90),
      cell(r?.over90),
      c.evidence.join(', '),
    ];
    for (const col of [2, 3, 4, 5, 6, 7]) row.getCell(col).numFmt = MONEY;
  });
  const inCol = (col: string) => `Inputs!$${col}$${CLIENT0}:$${col}$${clientLast}`;
  const LY = `Inputs!$B$${periodRow.lastYear}`;

  // ---- Assumptions: the firm's, the cells to edit.
  const sheet = wb.addWorksheet('Assumptions');
  sheet.columns = [{ width: 40 }, { width: 22 }, { width: 60 }];
  sheet.getRow(1).values = ['Assumption', 'Value', 'What it means'];
  const rows: [string, number | string, string | null, string][] = [
    ['Default haircut', a.haircut, PERCENT, 'The share of each client’s projection not expected to follow'],
    ['Rate change', a.rateChange, PERCENT, 'The firm’s rates against the attorney’s (5% = higher)'],
    ['Realization at the firm', a.realizationAtFirm, PERCENT, 'The share of worked value the firm collects'],
    ['Team cost', a.teamCost, MONEY, 'What the team that follows costs in year one'],
    ['Overhead per lawyer', a.overheadPerLawyer, MONEY, 'For the attorney and each likely team member'],
    ['Recruiter’s fee', a.recruiterFeePct, PERCENT, 'A share of the year-one compensation'],
    ['Collection lag (months)', a.collectionLagMonths, null, 'Months before the first collections (0–36)'],
    ['Realization basis', a.realizationBasis, null, REALIZATION_BASES.join(', ')],
  ];
  rows.forEach(([label, value, fmt, note], i) => {
    const row = sheet.getRow(2 + i);
    row.values = [label, value, note];
    if (fmt) row.getCell(2).numFmt = fmt;
  });
  // B2 haircut, B3 rate change, B4 realization at the firm, B5 team cost, B6 overhead, B7 fee, B8 lag, B9 basis.
  sheet.getCell('B9').dataValidation = {
    type: 'list',
    allowBlank: false,
    formulae: [`"${REALIZATION_BASES.join(',')}"`],
  };
  const HAIRCUT0 = 12;
  sheet.getRow(11).values = ['Client', 'Own haircut (blank: the default)'];
  clients.forEach((c, i) => {
    const row = sheet.getRow(HAIRCUT0 + i);
    row.values = [c.clientName || `Client ${c.index + 1}`, a.clientHaircuts[String(c.index)] ?? null];
    row.getCell(2).numFmt = PERCENT;
  });
  const [H, RC, RF, TC, OH, FEE, LAG, BASIS] = ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9'].map(
    (c) => `Assumptions!$${c[0]}$${c.slice(1)}`,
  );

  // ---- Results: formulas over both, values cached.
  const res = wb.addWorksheet('Results');
  res.columns = [{ width: 44 }, { width: 20 }, { width: 16 }, { width: 20 }, { width: 22 }];
  const keys = Object.keys(RESULT_LABELS) as ResultKey[];
  const at = Object.fromEntries(keys.map((k, i) => [k, `$B$${2 + i}`])) as Record<ResultKey, string>;
  const SENS0 = 2 + keys.length + 2;
  const CLIENTS_HEAD = SENS0 + 5 + 1;
  const RCLIENT0 = CLIENTS_HEAD + 1;
  const rClientLast = RCLIENT0 + Math.max(n, 1) - 1;
  const MONTHS_HEAD = RCLIENT0 + Math.max(n, 1) + 1;
  const MONTH0 = MONTHS_HEAD + 1;
  const monthLast = MONTH0 + HORIZON_MONTHS - 1;

  const e = economics(ledger, a, kase.firstLook.adjustedBook);
  const fl = kase.firstLook;
  const byBasis = realizationOnEveryBasis(fin.lastYear);
  const yb = `Inputs!$B$${periodRow.yearBefore}`;
  const cy = `Inputs!$B$${periodRow.currentYear}`;
  const lyRow = periodRow.lastYear;
  const matterValue = `(Inputs!$F$${lyRow}*Inputs!$G$${lyRow})`;
  const lyCollections = inCol('B');
  const formulas: Record<ResultKey, [string, number | string, string | null]> = {
    claimedBook: [`SUM(${inCol('C')})`, fl.claimedBook, MONEY],
    adjustedBook: [`SUM($D$${RCLIENT0}:$D$${rClientLast})`, fl.adjustedBook, MONEY],
    compAsk: [`IF(${ASK}="","",${ASK})`, cached(fl.compAsk), MONEY],
    compToBookClaimed: [ratioF(at.compAsk, at.claimedBook), cached(fl.compToBookClaimed), PERCENT],
    compToBookAdjusted: [ratioF(at.compAsk, at.adjustedBook), cached(fl.compToBookAdjusted), PERCENT],
    collectionsCagr: [
      `IF(OR(${cy}="",${yb}="",${yb}=0),"",SQRT(${cy}/${yb})-1)`,
      cached(fl.collectionsCagr),
      PERCENT,
    ],
    realizationBilled: [ratioF(LY, `Inputs!$C$${lyRow}`), cached(byBasis.collected_over_billed), PERCENT],
    realizationWorked: [ratioF(LY, `Inputs!$D$${lyRow}`), cached(byBasis.collected_over_worked), PERCENT],
    realizationMatterRate: [
      `IF(OR(${LY}="",Inputs!$F$${lyRow}="",Inputs!$G$${lyRow}="",${matterValue}=0),"",${LY}/${matterValue})`,
      cached(byBasis.collected_over_matter_rate),
      PERCENT,
    ],
    realization: [
      `IF(${BASIS}="collected_over_worked",${at.realizationWorked},IF(${BASIS}="collected_over_matter_rate",${at.realizationMatterRate},${at.realizationBilled}))`,
      cached(fl.realization.value),
      PERCENT,
    ],
    topClientShare: [
      `IF(OR(COUNT(${lyCollections})=0,${LY}="",${LY}=0),"",MAX(${lyCollections})/${LY})`,
      cached(fl.topClientShare),
      PERCENT,
    ],
    top3Share: [
      `IF(OR(COUNT(${lyCollections})=0,${LY}="",${LY}=0),"",(LARGE(${lyCollections},1)+IF(COUNT(${lyCollections})>=2,LARGE(${lyCollections},2),0)+IF(COUNT(${lyCollections})>=3,LARGE(${lyCollections},3),0))/${LY})`,
      cached(fl.top3Share),
      PERCENT,
    ],
    agedReceivablesShare: [
      `IF(SUM(Inputs!$D$${CLIENT0}:$G$${clientLast})=0,"",SUM(${inCol('G')})/SUM(Inputs!$D$${CLIENT0}:$G$${clientLast}))`,
      cached(fl.agedReceivablesShare),
      PERCENT,
    ],
    teamSize: [TEAM, fl.teamSize, COUNT],
    revenue: [`${at.adjustedBook}*(1+${RC})*${RF}`, e.revenue, MONEY],
    costs: [`N(${ASK})+${TC}+${OH}*(1+${TEAM})`, e.costs, MONEY],
    recruiterFee: [`${FEE}*N(${ASK})`, e.recruiterFee, MONEY],
    year1: [`${at.revenue}-${at.costs}-${at.recruiterFee}`, kase.contribution.year1, MONEY],
    year2: [`${at.revenue}-${at.costs}`, kase.contribution.year2, MONEY],
    breakevenMonth: [
      `IF(COUNT($D$${MONTH0}:$D$${monthLast})=0,"none",MIN($D$${MONTH0}:$D$${monthLast}))`,
      kase.breakevenMonth ?? 'none',
      null,
    ],
  };
  res.getRow(1).values = ['Result', 'Value'];
  keys.forEach((key, i) => {
    const [formula, result, fmt] = formulas[key];
    const row = res.getRow(2 + i);
    row.values = [RESULT_LABELS[key], { formula, result }];
    if (fmt) row.getCell(2).numFmt = fmt;
  });

  // Sensitivity: C1 and Comp:Book on B × 0.35, 0.57 and 1; C1 with realization at the firm ∓ 0.05 (not below 0).
  res.getRow(SENS0 - 1).values = ['Sensitivity', 'Book', 'Comp:Book', 'Contribution, year 1'];
  const sensRows: { label: ExcelJS.CellValue; book: string; realization: string }[] = [
    ...SENSITIVITY_PORTABILITY.map(([share, label]) => ({
      label,
      book: `${at.claimedBook}*${share}`,
      realization: RF,
    })),
    ...[-SENSITIVITY_REALIZATION_STEP, SENSITIVITY_REALIZATION_STEP].map((step, i) => {
      const r = `MAX(0,ROUND(${RF}+(${step}),3))`;
      return {
        label: {
          formula: `"Realization at the firm "&ROUND(${r}*100,0)&"%"`,
          result: kase.sensitivity[3 + i]?.label ?? '',
        },
        book: at.adjustedBook,
        realization: r,
      };
    }),
  ];
  sensRows.forEach((s, i) => {
    const r = SENS0 + i;
    const done = kase.sensitivity[i];
    const row = res.getRow(r);
    row.values = [
      s.label,
      { formula: s.book, result: done?.adjustedBook ?? 0 },
      { formula: ratioF(at.compAsk, `$B$${r}`), result: cached(done?.compToBook) },
      {
        formula: `$B$${r}*(1+${RC})*${s.realization}-${at.costs}-${at.recruiterFee}`,
        result: done?.year1 ?? 0,
      },
    ];
    row.getCell(2).numFmt = MONEY;
    row.getCell(3).numFmt = PERCENT;
    row.getCell(4).numFmt = MONEY;
  });

  // Each client: claimed, the haircut that applies (its own, else the default), adjusted, share.
  res.getRow(CLIENTS_HEAD).values = ['Client', 'Claimed', 'Haircut', 'Adjusted', 'Share of collections'];
  clients.forEach((c, i) => {
    const r = RCLIENT0 + i;
    const own = `Assumptions!$B$${HAIRCUT0 + i}`;
    const lyc = `Inputs!$B$${CLIENT0 + i}`;
    const row = res.getRow(r);
    row.values = [
      c.clientName || `Client ${c.index + 1}`,
      { formula: `Inputs!$C$${CLIENT0 + i}`, result: c.claimed },
      { formula: `IF(${own}="",${H},${own})`, result: c.haircut },
      { formula: `$B$${r}*(1-$C$${r})`, result: c.adjusted },
      { formula: ratioF(lyc, LY), result: cached(c.share) },
    ];
    row.getCell(2).numFmt = MONEY;
    row.getCell(3).numFmt = PERCENT;
    row.getCell(4).numFmt = MONEY;
    row.getCell(5).numFmt = PERCENT;
  });

  // The 36 months: R/12 once past the lag, less K/12, less F in month 1; breakeven at the first total ≥ 0
  // (a cent of rounding forgiven, as the module does).
  res.getRow(MONTHS_HEAD).values = ['Month', 'Net', 'Cumulative', 'Breakeven (month at or above 0)'];
  kase.monthly.forEach((m, i) => {
    const r = MONTH0 + i;
    const prev = i === 0 ? '0' : `$C$${r - 1}`;
    const net = m.cumulative - (i === 0 ? 0 : kase.monthly[i - 1].cumulative);
    const row = res.getRow(r);
    row.values = [
      m.month,
      {
        formula: `IF($A${r}>${LAG},${at.revenue}/12,0)-${at.costs}/12-IF($A${r}=1,${at.recruiterFee},0)`,
        result: net,
      },
      { formula: `${prev}+$B$${r}`, result: m.cumulative },
      { formula: `IF($C$${r}>=-0.005,$A${r},"")`, result: m.cumulative >= -0.005 ? m.month : '' },
    ];
    row.getCell(2).numFmt = MONEY;
    row.getCell(3).numFmt = MONEY;
  });

  for (const ws of [inputs, sheet, res]) {
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  for (const r of [3, 14]) inputs.getRow(r).font = { bold: true };
  sheet.getRow(11).font = { bold: true };
  for (const r of [SENS0 - 1, CLIENTS_HEAD, MONTHS_HEAD]) res.getRow(r).font = { bold: true };
  // The frozen figures cannot be typed over by mistake (no password: it is a guard, not a lock).
  await inputs.protect('', { selectLockedCells: true, selectUnlockedCells: true });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
