/**
 * One CSV cell with formulas neutralised: a cell starting with = + - @ (or a tab or carriage return) is
 * prefixed with ', so a spreadsheet shows it as text; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string | number | null): string {
  let v = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Rows of cells as CSV text (CRLF line ends, a final line end). */
export const csvText = (rows: (string | number | null)[][]) =>
  `${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
