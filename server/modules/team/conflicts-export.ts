import {
  CONFLICTS_EXPORT_COLUMNS,
  type ConflictsExportRow,
  conflictsExportLine,
  neutraliseCell,
} from '@shared/conflicts';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * PRODUCT.md §13, the export for the firm's conflicts system: one line per row with §13's columns. The CSV is
 * UTF-8 with a byte-order mark (so a spreadsheet reads the names' accents), quoted as RFC 4180 says by
 * csv-stringify (CRLF line ends); the workbook is written by ExcelJS. In both a cell that begins with = + - @, a
 * tab or a carriage return is neutralised (neutraliseCell), so no name a lateral typed runs as a formula.
 */
export type ExportRequest = { requestId: string; positionTitle: string; rows: ConflictsExportRow[] };

const linesOf = (requests: ExportRequest[]) =>
  requests.flatMap((r) => r.rows.map((row) => conflictsExportLine(r, row).map(neutraliseCell)));

const BOM = '\uFEFF';

export function conflictsCsv(requests: ExportRequest[]): string {
  return (
    BOM +
    stringify([[...CONFLICTS_EXPORT_COLUMNS], ...linesOf(requests)], {
      record_delimiter: 'windows',
      quoted_match: /^\s|\s$/,
    })
  );
}

export async function conflictsXlsx(requests: ExportRequest[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lateral Passport';
  const sheet = workbook.addWorksheet('Conflicts');
  sheet.columns = CONFLICTS_EXPORT_COLUMNS.map((header) => ({
    header,
    key: header,
    width: Math.max(12, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const line of linesOf(requests)) sheet.addRow(line);
  // Every cell is text: a date or a number a lateral typed stays as typed.
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      cell.numFmt = '@';
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
