import { EMPTY } from './format';
import { type DescribeOptions, type DisplayValue, describePackage, type Group } from './package-view';
import type { SharedPackage } from './requests';
import type { PackageChange } from './sharing';

/**
 * One answer as the review screen shows it: section, where in it (`context`: the group, or the group and
 * the row of a table), its label and its display text. Changes are worded one line per value:
 * 'Billable Hours · Current Year: 1,650 → 1,720'.
 */
type Entry = { section: string; context: string | null; label: string; value: string };

const textOf = (value: DisplayValue): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v : v.name)).join(', ')
      : value.rows.map((r) => r.filter(Boolean).join(' · ')).join('\n');

const filled = (cell: string | undefined) => !!cell && cell !== EMPTY;

/**
 * A table's answers. A table of fixed rows (the financial history: its first column has no heading, each
 * row is a figure) gives one entry per cell, 'Billable Hours · Current Year'. A list (clients, employers:
 * the first column names the item) gives one entry per cell of each item, named by the item
 * ('Birch Capital · YTD Collections'), and one entry for the whole item, so an item added or removed is
 * one line that lists what it holds.
 */
function tableEntries(section: string, group: Group): [string, Entry][] {
  const table = group.table;
  if (!table) return [];
  const title = group.title ?? section;
  const fixedRows = table.columns[0] === '';
  const out: [string, Entry][] = [];
  const seen = new Map<string, number>();
  table.rows.forEach((cells, i) => {
    const name = filled(cells[0]) ? cells[0] : `${title} ${i + 1}`;
    // Two items of one name stay apart (the second is 'Birch Capital (2)').
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const item = n > 1 ? `${name} (${n})` : name;
    const base = `${section}\u0000${title}\u0000${item}`;
    for (let j = 1; j < table.columns.length; j++) {
      if (!filled(cells[j])) continue;
      out.push([
        `${base}\u0000${table.columns[j]}`,
        { section, context: title, label: `${item} · ${table.columns[j]}`, value: cells[j] },
      ]);
    }
    if (!fixedRows) {
      const holds = table.columns
        .map((column, j) => (j > 0 && filled(cells[j]) ? `${column}: ${cells[j]}` : ''))
        .filter(Boolean)
        .join(' · ');
      out.push([`${base}\u0001item`, { section, context: title, label: item, value: holds || item }]);
    }
  });
  return out;
}

function entriesOf(pkg: SharedPackage, options: DescribeOptions): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const section of describePackage(pkg, options).sections) {
    if (section.key === 'positionLpq') continue;
    for (const group of section.groups) {
      const rows = group.rows.map((row): [string, Entry] => [
        `${section.title}\u0000${group.title ?? ''}\u0000${row.label}`,
        {
          section: section.title,
          context: group.title ?? null,
          label: row.label,
          value: [textOf(row.value), row.detail].filter(Boolean).join('\n'),
        },
      ]);
      for (const [base, entry] of [...rows, ...tableEntries(section.title, group)]) {
        // Two rows with one label in one group (repeated items) stay apart.
        let key = base;
        for (let n = 2; entries.has(key); n++) key = `${base}\u0000${n}`;
        entries.set(key, entry);
      }
    }
  }
  return entries;
}

/** An item entry (a whole list item) counts only when the item is new or gone; else its cells say it. */
const isItem = (key: string) => key.endsWith('\u0001item');

/**
 * PRODUCT.md §5: which answers changed between two versions of a package, one entry per changed value,
 * with the labels and display values the review screen shows (never keys or raw values). An answer
 * added has `before` null, one removed has `after` null; a list item added or removed is one entry. In
 * the order of the review screen. `field` is where the answer sits ('Financial History'), or its label
 * when it sits in no group.
 */
export function diffPackages(
  before: SharedPackage,
  after: SharedPackage,
  options: DescribeOptions,
): PackageChange[] {
  const a = entriesOf(before, options);
  const b = entriesOf(after, options);
  const changes: PackageChange[] = [];
  const keys = [...b.keys(), ...[...a.keys()].filter((k) => !b.has(k))];
  // The items added or removed: their cells are not listed one by one.
  const wholeItems = new Set(
    keys.filter((k) => isItem(k) && a.has(k) !== b.has(k)).map((k) => k.slice(0, -'\u0001item'.length)),
  );
  for (const key of keys) {
    const was = a.get(key);
    const now = b.get(key);
    if (was?.value === now?.value) continue;
    if (isItem(key) ? !wholeItems.has(key.slice(0, -'\u0001item'.length)) : false) continue;
    if (!isItem(key) && [...wholeItems].some((item) => key.startsWith(`${item}\u0000`))) continue;
    const entry = (now ?? was)!;
    changes.push({
      section: entry.section,
      field: entry.context ?? entry.label,
      label: entry.label,
      before: was?.value ?? null,
      after: now?.value ?? null,
    });
  }
  return changes;
}
