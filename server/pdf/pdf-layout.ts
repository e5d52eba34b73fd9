/** The package PDF's colours, table layouts and content type (package-pdf.ts, business-case-pdf.ts). */

export type Content = Record<string, unknown> | string | Content[];

export const NAVY = '#1c3d72';
export const MUTED = '#5f6b7a';
export const RULE = '#d5dbe5';
export const SHADE = '#f2f5f9';
export const MARGIN_X = 48;

/** Hairlines between rows only: a table that reads like a form, not a grid. */
export const rowRules = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0 : 0.5,
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: (i: number) => (i === 0 ? 0 : 6),
  paddingRight: () => 4,
  paddingTop: () => 2.5,
  paddingBottom: () => 2.5,
};
export const gridRules = {
  ...rowRules,
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0 : i === 1 ? 0.8 : 0.5,
  paddingLeft: (i: number) => (i === 0 ? 0 : 5),
  fillColor: (i: number) => (i === 0 ? SHADE : null),
};
