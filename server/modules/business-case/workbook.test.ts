import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BusinessCase, businessCase, type Ledger, resolveAssumptions } from '@shared/business-case';
import { ledgerFinancialInfo, ledgerTopClients } from '@shared/business-case/business-case.fixtures';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { businessCaseWorkbook, RESULT_LABELS, WORKBOOK_FORMATS } from './workbook';

const run = promisify(execFile);

/**
 * PRODUCT.md §12: the business-case workbook. Its Results are formulas over Inputs and Assumptions with the
 * shared module's values cached; opened in LibreOffice (soffice, headless) they compute the module's numbers,
 * and a changed Assumptions cell changes them to the figures worked by hand. Without soffice the LibreOffice
 * tests skip locally, and fail on CI (CI=true), which installs libreoffice-calc-nogui (.ci/run).
 */
const ledger = {
  financialInfo: ledgerFinancialInfo(),
  clientsInfo: { topClients: ledgerTopClients() },
} as unknown as Ledger;
const kase = businessCase(ledger, resolveAssumptions({}));

const soffice = await (async () => {
  try {
    await run('soffice', ['--version'], { timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
})();
const onCi = process.env.CI === 'true';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'business-case-xlsx-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const load = async (buffer: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  return wb;
};

/** Calc's setting 'Recalculation on file load' for Excel 2007 and newer: 0 = always. */
const RECALCULATE_ON_LOAD = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** The Results sheet as LibreOffice computes it on load: label → the value of column B (and C, D). */
async function resultsInLibreOffice(buffer: Buffer, name: string) {
  const dir = mkdtempSync(path.join(tmp, `${name}-`));
  const file = path.join(dir, `${name}.xlsx`);
  writeFileSync(file, buffer);
  // A profile of its own per run (two soffice processes must not share one) that recalculates every formula of
  // an XLSX on load (Calc's default is never: it shows the cached values), besides the file's fullCalcOnLoad.
  const profile = path.join(dir, 'profile');
  mkdirSync(path.join(profile, 'user'), { recursive: true });
  writeFileSync(path.join(profile, 'user', 'registrymodifications.xcu'), RECALCULATE_ON_LOAD);
  // The third sheet (Results) only, raw numbers (not as shown; percentages still carry a %).
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,3',
      '--outdir',
      dir,
      file,
    ],
    { timeout: 120_000 },
  );
  const rows: string[][] = parse(readFileSync(path.join(dir, `${name}-Results.csv`), 'utf8'), {
    relax_column_count: true,
  });
  const num = (v: string | undefined) => {
    if (v === undefined || v === '') return null;
    const pct = v.endsWith('%');
    const x = Number(pct ? v.slice(0, -1) : v);
    return Number.isNaN(x) ? v : pct ? x / 100 : x;
  };
  const byLabel = new Map(rows.map((r) => [r[0], r.slice(1).map(num)]));
  return {
    value: (label: string) => byLabel.get(label)?.[0],
    row: (label: string) => byLabel.get(label),
    months: rows
      .filter((r) => /^\d+$/.test(r[0]))
      .map((r) => ({ month: Number(r[0]), cumulative: num(r[2]) as number })),
  };
}

/** The module's number for each result row. */
function expected(k: BusinessCase) {
  const fl = k.firstLook;
  return {
    [RESULT_LABELS.claimedBook]: fl.claimedBook,
    [RESULT_LABELS.adjustedBook]: fl.adjustedBook,
    [RESULT_LABELS.compAsk]: fl.compAsk,
    [RESULT_LABELS.compToBookClaimed]: fl.compToBookClaimed,
    [RESULT_LABELS.compToBookAdjusted]: fl.compToBookAdjusted,
    [RESULT_LABELS.collectionsCagr]: fl.collectionsCagr,
    [RESULT_LABELS.realization]: fl.realization.value,
    [RESULT_LABELS.topClientShare]: fl.topClientShare,
    [RESULT_LABELS.top3Share]: fl.top3Share,
    [RESULT_LABELS.agedReceivablesShare]: fl.agedReceivablesShare,
    [RESULT_LABELS.teamSize]: fl.teamSize,
    [RESULT_LABELS.year1]: k.contribution.year1,
    [RESULT_LABELS.year2]: k.contribution.year2,
  } as Record<string, number | null>;
}

describe('business-case workbook', () => {
  it('has Inputs (protected), Assumptions and Results; Results are formulas with the module’s values cached', async () => {
    const wb = await load(await businessCaseWorkbook(ledger, kase, { version: 3, title: 'Partner — Casey' }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Inputs', 'Assumptions', 'Results']);
    const inputs = wb.getWorksheet('Inputs')!;
    expect(String(inputs.getCell('A1').value)).toContain('version 3 · Partner — Casey');
    expect(inputs.getCell('B9').value).toBe(600_000);
    expect(inputs.getCell('B9').numFmt).toBe(WORKBOOK_FORMATS.money);
    // Last year's worked value was blank: rate × hours, 900 × 1,800.
    expect(inputs.getCell('D5').value).toBe(1_620_000);
    expect(inputs.getCell('A15').value).toBe('Acme Corp');
    expect((inputs as unknown as { sheetProtection?: object }).sheetProtection).toMatchObject({
      sheet: true,
    });
    const assumptions = wb.getWorksheet('Assumptions')!;
    expect(assumptions.getCell('B2').value).toBe(0.3);
    expect(assumptions.getCell('B2').numFmt).toBe(WORKBOOK_FORMATS.percent);
    expect(assumptions.getCell('B5').numFmt).toBe(WORKBOOK_FORMATS.money);
    expect(assumptions.getCell('B9').value).toBe('collected_over_billed');
    expect(assumptions.getCell('B12').value).toBeNull();

    const results = wb.getWorksheet('Results')!;
    const cells = new Map<string, ExcelJS.Cell>();
    results.eachRow((row) => cells.set(String(row.getCell(1).value), row.getCell(2)));
    for (const [label, value] of Object.entries(expected(kase))) {
      const c = cells.get(label)!.value as { formula: string; result: number | string };
      expect(c.formula, label).toBeTruthy();
      expect(c.result, label).toEqual(value === null ? '' : expect.closeTo(value, 9));
    }
    expect((cells.get(RESULT_LABELS.breakevenMonth)!.value as { result: unknown }).result).toBe('none');
    expect(cells.get(RESULT_LABELS.year1)!.numFmt).toBe(WORKBOOK_FORMATS.money);
    expect(cells.get(RESULT_LABELS.compToBookAdjusted)!.numFmt).toBe(WORKBOOK_FORMATS.percent);
  });

  // The CI gate: no soffice on CI is a failure, not a skip.
  it.runIf(onCi)('CI has LibreOffice to recompute the workbook', () => {
    expect(soffice, 'soffice is missing: .ci/run installs libreoffice-calc-nogui').toBe(true);
  });

  it.skipIf(!soffice)(
    'LibreOffice computes the module’s numbers from the formulas, and new ones when an assumption changes',
    async () => {
      const served = await businessCaseWorkbook(ledger, kase, { version: 1 });
      // Recomputed on load (not the cached values): the formulas agree with the shared module.
      const fresh = await load(served);
      fresh.calcProperties.fullCalcOnLoad = true;
      const before = await resultsInLibreOffice(Buffer.from(await fresh.xlsx.writeBuffer()), 'before');
      for (const [label, value] of Object.entries(expected(kase)))
        expect(before.value(label), label).toEqual(value === null ? null : expect.closeTo(value, 6));
      expect(before.value(RESULT_LABELS.breakevenMonth)).toBe('none');
      expect(before.months).toHaveLength(36);
      before.months.forEach((m, i) => {
        expect(m.cumulative).toBeCloseTo(kase.monthly[i].cumulative, 6);
      });
      kase.sensitivity.forEach((s) => {
        expect(before.row(s.label)?.[2], s.label).toBeCloseTo(s.year1, 6);
      });

      // The firm changes, in the spreadsheet, the default haircut to 10 % and Acme Corp's own to 50 %.
      const edited = await load(served);
      edited.getWorksheet('Assumptions')!.getCell('B2').value = 0.1;
      edited.getWorksheet('Assumptions')!.getCell('B12').value = 0.5;
      edited.calcProperties.fullCalcOnLoad = true;
      const after = await resultsInLibreOffice(Buffer.from(await edited.xlsx.writeBuffer()), 'after');
      // A = 500,000 × 0.5 + 600,000 × 0.9 = 790,000; R = 790,000 × 0.9 = 711,000; K = 600,000; F = 150,000.
      expect(after.value(RESULT_LABELS.adjustedBook)).toBeCloseTo(790_000, 6);
      expect(after.value(RESULT_LABELS.compToBookAdjusted)).toBeCloseTo(600 / 790, 9);
      expect(after.value(RESULT_LABELS.year1)).toBeCloseTo(-39_000, 6);
      expect(after.value(RESULT_LABELS.year2)).toBeCloseTo(111_000, 6);
      // −300,000 after three months, then +9,250 a month: −4,000 at month 35, +5,250 at month 36.
      expect(after.months[34].cumulative).toBeCloseTo(-4_000, 6);
      expect(after.months[35].cumulative).toBeCloseTo(5_250, 6);
      expect(after.value(RESULT_LABELS.breakevenMonth)).toBe(36);
      expect(after.row('Acme Corp')).toEqual([500_000, 0.5, 250_000, expect.closeTo(400 / 1350, 9)]);
      expect(after.row('Birch Holdings')?.[1]).toBeCloseTo(0.1, 12);
      // An empty ledger: blanks stay blank (no ratio over 0), sums are 0, as the module says.
      const empty = {} as Ledger;
      const emptyCase = businessCase(empty, resolveAssumptions({}));
      const blank = await load(await businessCaseWorkbook(empty, emptyCase, { version: 1 }));
      blank.calcProperties.fullCalcOnLoad = true;
      const none = await resultsInLibreOffice(Buffer.from(await blank.xlsx.writeBuffer()), 'empty');
      for (const [label, value] of Object.entries(expected(emptyCase)))
        expect(none.value(label), label).toEqual(value === null ? null : expect.closeTo(value, 6));
      expect(none.value(RESULT_LABELS.compToBookAdjusted)).toBeNull();
      // The module agrees with the spreadsheet on the same assumptions.
      const same = businessCase(ledger, resolveAssumptions({ haircut: 0.1, clientHaircuts: { '0': 0.5 } }));
      expect(same.breakevenMonth).toBe(36);
      expect(same.contribution.year1).toBeCloseTo(-39_000, 6);
    },
    240_000,
  );
});
