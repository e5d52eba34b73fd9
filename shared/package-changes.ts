import { EMPTY } from './format';
import {
  type DescribeOptions,
  type DisplayValue,
  describePackage,
  type Group,
  type SectionKey,
} from './package-view';
import type { SharedPackage } from './requests';
import type { PackageChange } from './sharing';
import type { ReadablePart } from './team';

/**
 * One answer as the review screen shows it: section, where in it (`context`: the group, or the group and
 * the row of a table), its label and its display text. Changes are worded one line per value:
 * 'Billable Hours · Current Year: 1,650 → 1,720'.
 */
type Entry = { section: string; context: string | null; label: string; value: string; part: ReadablePart };

/** The package part each section of the review screen shows (the position LPQ is not versioned). */
const PART_OF_SECTION: Record<Exclude<SectionKey, 'positionLpq'>, ReadablePart> = {
  profile: 'profile',
  masterLpq: 'masterLpq',
  conflicts: 'conflictsForm',
  diversity: 'diversityForm',
  businessPlan: 'businessPlan',
  documents: 'documents',
};

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
function tableEntries(section: string, part: ReadablePart, group: Group): [string, Entry][] {
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
        { section, context: title, label: `${item} · ${table.columns[j]}`, value: cells[j], part },
      ]);
    }
    if (!fixedRows) {
      const holds = table.columns
        .map((column, j) => (j > 0 && filled(cells[j]) ? `${column}: ${cells[j]}` : ''))
        .filter(Boolean)
        .join(' · ');
      out.push([`${base}\u0001item`, { section, context: title, label: item, value: holds || item, part }]);
    }
  });
  return out;
}

function entriesOf(pkg: SharedPackage, options: DescribeOptions): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const section of describePackage(pkg, options).sections) {
    if (section.key === 'positionLpq') continue;
    const part = PART_OF_SECTION[section.key];
    for (const group of section.groups) {
      const rows = group.rows.map((row): [string, Entry] => [
        `${section.title}\u0000${group.title ?? ''}\u0000${row.label}`,
        {
          section: section.title,
          context: group.title ?? null,
          label: row.label,
          value: [textOf(row.value), row.detail].filter(Boolean).join('\n'),
          part,
        },
      ]);
      for (const [base, entry] of [...rows, ...tableEntries(section.title, part, group)]) {
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
  return changedEntries(before, after, options).map(({ change }) => change);
}

/**
 * Issue 64/67: how many answers changed from one version to the next, per package part (the same changes as
 * `diffPackages`, one definition), stored with each version so that a reader's count sums only the parts their
 * roles reach (`changeCountFor`). A part with no change is left out.
 */
export type ChangeCounts = Partial<Record<ReadablePart, number>>;
export function changeCountsByPart(
  before: SharedPackage,
  after: SharedPackage,
  options: DescribeOptions,
): ChangeCounts {
  const counts: ChangeCounts = {};
  for (const { part } of changedEntries(before, after, options)) counts[part] = (counts[part] ?? 0) + 1;
  return counts;
}

/** The changes a reader of these parts sees, of a version's stored counts; null when not counted. */
export function changeCountFor(
  counts: ChangeCounts | null | undefined,
  parts: readonly ReadablePart[],
): number | null {
  if (!counts) return null;
  return parts.reduce((n, part) => n + (counts[part] ?? 0), 0);
}

/** '2 changes', '1 change', 'no changes'. */
export const changesText = (n: number) => (n === 0 ? 'no changes' : `${n} change${n === 1 ? '' : 's'}`);

/**
 * Where a version is shown: 'v2 · 2 changes' (the changes from the version before it, in the reader's parts);
 * 'v1', or 'v2' when its changes were not counted.
 */
export const versionWithChanges = (version: number, changes: number | null | undefined) =>
  version > 1 && changes !== null && changes !== undefined
    ? `v${version} · ${changesText(changes)}`
    : `v${version}`;

function changedEntries(
  before: SharedPackage,
  after: SharedPackage,
  options: DescribeOptions,
): { change: PackageChange; part: ReadablePart }[] {
  const a = entriesOf(before, options);
  const b = entriesOf(after, options);
  const changes: { change: PackageChange; part: ReadablePart }[] = [];
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
      part: entry.part,
      change: {
        section: entry.section,
        field: entry.context ?? entry.label,
        label: entry.label,
        before: was?.value ?? null,
        after: now?.value ?? null,
      },
    });
  }
  return changes;
}
