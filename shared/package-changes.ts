import { EMPTY } from './format';
import { type DescribeOptions, type DisplayValue, describePackage, type Group } from './package-view';
import type { SharedPackage } from './requests';
import type { PackageChange } from './sharing';

/** One answer as the review screen shows it: section, where in it, its label and its display text. */
type Entry = { section: string; field: string; label: string; value: string };

const textOf = (value: DisplayValue): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v : v.name)).join(', ')
      : value.rows.map((r) => r.filter(Boolean).join(' · ')).join('\n');

/** A table's rows become one entry each ('Top Clients 2'), its cells joined with their column names. */
function tableEntries(section: string, group: Group): Entry[] {
  const table = group.table;
  if (!table) return [];
  const title = group.title ?? section;
  return table.rows.map((cells, i) => ({
    section,
    field: `${title} ${i + 1}`,
    label: `${title} ${i + 1}`,
    value: cells
      // An empty cell ('—') says nothing in a sentence: only the filled ones are named.
      .map((c, j) => (c && c !== EMPTY ? `${table.columns[j]}: ${c}` : ''))
      .filter(Boolean)
      .join(' · '),
  }));
}

function entriesOf(pkg: SharedPackage, options: DescribeOptions): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const section of describePackage(pkg, options).sections) {
    if (section.key === 'positionLpq') continue;
    for (const group of section.groups) {
      const rows = group.rows.map((row) => ({
        section: section.title,
        field: group.title ? `${group.title} › ${row.label}` : row.label,
        label: row.label,
        value: [textOf(row.value), row.detail].filter(Boolean).join('\n'),
      }));
      for (const entry of [...rows, ...tableEntries(section.title, group)]) {
        // Two rows with one label in one group (repeated items) stay apart.
        let key = `${entry.section}\u0000${entry.field}`;
        for (let n = 2; entries.has(key); n++) key = `${entry.section}\u0000${entry.field}\u0000${n}`;
        entries.set(key, entry);
      }
    }
  }
  return entries;
}

/**
 * PRODUCT.md §5: which answers changed between two versions of a package, with the labels and display
 * values the review screen shows (never keys or raw values). An answer added has `before` null, one
 * removed has `after` null. In the order of the review screen.
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
  for (const key of keys) {
    const was = a.get(key);
    const now = b.get(key);
    if (was?.value === now?.value) continue;
    const entry = (now ?? was)!;
    changes.push({
      section: entry.section,
      field: entry.field,
      label: entry.label,
      before: was?.value ?? null,
      after: now?.value ?? null,
    });
  }
  return changes;
}
