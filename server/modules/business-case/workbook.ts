import {
  type BusinessCase,
  compensationAsk,
  economics,
  HORIZON_MONTHS,
  type Ledger,
} from '@shared/business-case';
import ExcelJS from 'exceljs';

const MONEY = '"$"#,##0;[Red]-"$"#,##0';
const PERCENT = '0.0%';

/**
 * PRODUCT.md §12: the workbook of a business case. Inputs holds the frozen figures of the version, Assumptions
 * the firm's (editable cells; a client's own haircut blank = the default), Results formulas over both with the
 * values the shared module computed cached, so a spreadsheet shows the screen's numbers until a cell changes.
 */
export async function businessCaseWorkbook(ledger: Ledger, kase: BusinessCase): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Lateral Passport';
  const a = kase.assumptions;
  const ask = compensationAsk(ledger) ?? 0;
  const clients = kase.clients;
  const n = clients.length;
  const first = 6;
  const last = first + Math.max(n, 1) - 1;

  const inputs = wb.addWorksheet('Inputs');
  inputs.columns = [{ width: 34 }, { width: 18 }];
  inputs.addRow(['Frozen figures of the shared version']);
  inputs.addRow(['Year-one compensation ask', ask]).getCell(2).numFmt = MONEY;
  inputs.addRow(['Likely team members', kase.firstLook.teamSize]);
  inputs.addRow([]);
  inputs.addRow(['Client', 'Reasonable projection']);
  clients.forEach((c, i) => {
    const row = inputs.getRow(first + i);
    row.values = [c.clientName || `Client ${c.index + 1}`, c.claimed];
    row.getCell(2).numFmt = MONEY;
  });

  const sheet = wb.addWorksheet('Assumptions');
  sheet.columns = [{ width: 34 }, { width: 18 }];
  const rows: [string, number | string, string?][] = [
    ['Default haircut', a.haircut, PERCENT],
    ['Rate change', a.rateChange, PERCENT],
    ['Realization at the firm', a.realizationAtFirm, PERCENT],
    ['Team cost', a.teamCost, MONEY],
    ['Overhead per lawyer', a.overheadPerLawyer, MONEY],
  ];
  sheet.addRow(['Assumption', 'Value']);
  for (const [label, value, fmt] of rows) {
    const row = sheet.addRow([label, value]);
    if (fmt) row.getCell(2).numFmt = fmt;
  }
  // B2 haircut, B3 rateChange, B4 realizationAtFirm, B5 teamCost, B6 overheadPerLawyer, B7 fee, B8 lag.
  sheet.addRow(['Recruiter fee (share of year-one pay)', a.recruiterFeePct]).getCell(2).numFmt = PERCENT;
  sheet.addRow(['Collection lag (months)', a.collectionLagMonths]);
  sheet.addRow(['Realization basis', a.realizationBasis]);
  sheet.addRow([]);
  sheet.addRow(['Client', 'Own haircut (blank: the default)']);
  const hFirst = 12;
  clients.forEach((c, i) => {
    const row = sheet.getRow(hFirst + i);
    const own = a.clientHaircuts[String(c.index)];
    row.values = [c.clientName || `Client ${c.index + 1}`, own ?? null];
    row.getCell(2).numFmt = PERCENT;
  });

  const e = economics(ledger, a, kase.firstLook.adjustedBook);
  const res = wb.addWorksheet('Results');
  res.columns = [{ width: 34 }, { width: 18 }, { width: 18 }, { width: 12 }];
  const f = (formula: string, result: number | string | null, fmt?: string) => ({ formula, result, fmt });
  const claimedRange = `Inputs!B${first}:B${last}`;
  // Results!B column per client: the adjusted projection.
  const results: [string, ReturnType<typeof f>][] = [
    ['Claimed book', f(`SUM(${claimedRange})`, kase.firstLook.claimedBook, MONEY)],
    ['Adjusted book', f(`SUM(B${22}:B${22 + Math.max(n, 1) - 1})`, kase.firstLook.adjustedBook, MONEY)],
    ['Comp:Book claimed', f('IF(B2=0,"",Inputs!B2/B2)', kase.firstLook.compToBookClaimed ?? '', PERCENT)],
    ['Comp:Book adjusted', f('IF(B3=0,"",Inputs!B2/B3)', kase.firstLook.compToBookAdjusted ?? '', PERCENT)],
    ['Revenue', f('B3*(1+Assumptions!B3)*Assumptions!B4', e.revenue, MONEY)],
    ['Costs', f('Inputs!B2+Assumptions!B5+Assumptions!B6*(1+Inputs!B3)', e.costs, MONEY)],
    ['Recruiter fee', f('Assumptions!B7*Inputs!B2', e.recruiterFee, MONEY)],
    ['Contribution, year 1', f('B6-B7-B8', kase.contribution.year1, MONEY)],
    ['Contribution, year 2', f('B6-B7', kase.contribution.year2, MONEY)],
    [
      'Breakeven month',
      f(
        `IF(COUNT(D${60}:D${59 + HORIZON_MONTHS})=0,"none",MIN(D${60}:D${59 + HORIZON_MONTHS}))`,
        kase.breakevenMonth ?? 'none',
      ),
    ],
  ];
  res.addRow(['Result', 'Value']);
  for (const [label, cell] of results) {
    const row = res.addRow([label, { formula: cell.formula, result: cell.result }]);
    if (cell.fmt) row.getCell(2).numFmt = cell.fmt;
  }
  res.getRow(21).values = ['Client', 'Adjusted projection'];
  clients.forEach((c, i) => {
    const row = res.getRow(22 + i);
    const own = `Assumptions!B${hFirst + i}`;
    row.values = [
      c.clientName || `Client ${c.index + 1}`,
      { formula: `Inputs!B${first + i}*(1-IF(${own}="",Assumptions!$B$2,${own}))`, result: c.adjusted },
    ];
    row.getCell(2).numFmt = MONEY;
  });
  res.getRow(59).values = ['Month', 'Net', 'Cumulative', 'At or above 0'];
  kase.monthly.forEach((m, i) => {
    const r = 60 + i;
    const prev = i === 0 ? '0' : `C${r - 1}`;
    const net = m.cumulative - (i === 0 ? 0 : kase.monthly[i - 1].cumulative);
    const row = res.getRow(r);
    row.values = [
      m.month,
      { formula: `IF(A${r}>Assumptions!$B$8,$B$6/12,0)-$B$7/12-IF(A${r}=1,$B$8,0)`, result: net },
      { formula: `${prev}+B${r}`, result: m.cumulative },
      { formula: `IF(C${r}>=0,A${r},"")`, result: m.cumulative >= 0 ? m.month : '' },
    ];
    row.getCell(2).numFmt = MONEY;
    row.getCell(3).numFmt = MONEY;
  });
  for (const ws of [inputs, sheet, res]) {
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
