import fc from 'fast-check';
import type { TestApp } from './harness';
import { storedState } from './route-table';

/**
 * The hostile input of bad-input.test.ts: strings and values that break naive parsers and stores, bodies
 * built from a route's valid body by replacing one value at a time, raw bodies that are not JSON, and the
 * check that an unknown key was never stored.
 */

/** A marker no valid body contains: if it is ever stored, an unknown key was kept. */
const POLLUTION_MARKER = 'lp-polluted-marker';
/** Stands for a raw JSON fragment (deep nesting) spliced into the body text after stringifying. */
const DEEP_PLACEHOLDER = '\u0000deep-nesting\u0000';
const DEEP_NESTING = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;

const HUGE_ASCII = 'a'.repeat(1_000_000);
const HUGE_EMOJI = '😀'.repeat(300_000);

const nastyString = fc.constantFrom(
  "'; DROP TABLE users; --",
  "1' OR '1'='1",
  '"; SELECT pg_sleep(5); --',
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '😀👩🏽‍⚖️🇺🇸',
  'مرحبا \u202Eevil\u202C שלום',
  'nul\u0000byte',
  '\uD800 lone surrogate',
  '   ',
  '',
  '__proto__',
  '12',
  '-1',
  '1e309',
  'true',
  'null',
  '2024-13-45',
  '2099-02-31',
  '2021-13-40',
  '2023-02-29T00:00:00.000Z',
  '../../etc/passwd',
  HUGE_ASCII,
  HUGE_EMOJI,
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      false,
      null,
      [],
      {},
      [null],
      DEEP_PLACEHOLDER,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Path = (string | number)[];

/** Every path into a value: where a mutation can land. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => pathsOf((value as Record<string, unknown>)[k], [...prefix, k]))];
}

export function getAt(value: unknown, at: Path): unknown {
  return at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
}

/** A copy of `value` with `at` set to `to`, or removed when `to` is `undefined`. */
export function setAt(value: unknown, at: Path, to: unknown): unknown {
  if (!at.length) return to;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = getAt(copy, at.slice(0, -1)) as Record<string | number, unknown>;
  const last = at[at.length - 1];
  if (to === undefined) delete parent[last];
  else parent[last] = to;
  return copy;
}

/** JSON text, with the deep-nesting placeholder replaced by the real thing. */
export const jsonText = (value: unknown) =>
  (JSON.stringify(value) ?? 'null').replaceAll(JSON.stringify(DEEP_PLACEHOLDER), DEEP_NESTING);

/** Bodies derived from a valid one: a field wrong, missing, a number as a string, the whole body replaced… */
export function hostileBody(valid: unknown): fc.Arbitrary<string> {
  const paths = pathsOf(valid);
  const at = fc.constantFrom(...paths);
  return fc.oneof(
    fc.tuple(at, nastyValue).map(([p, v]) => jsonText(setAt(valid, p, v))),
    at.map((p) => jsonText(setAt(valid, p, undefined))),
    at.map((p) => {
      const v = getAt(valid, p);
      return jsonText(setAt(valid, p, typeof v === 'number' ? String(v) : [v]));
    }),
    fc.constantFrom(
      // Prototype pollution: the keys JSON.parse keeps as own properties.
      `{"__proto__":{"polluted":"${POLLUTION_MARKER}"},${jsonText(valid).slice(1)}`,
      `{"constructor":{"prototype":{"polluted":"${POLLUTION_MARKER}"}},${jsonText(valid).slice(1)}`,
      jsonText({ ...(valid as object), [POLLUTION_MARKER]: POLLUTION_MARKER }),
      jsonText([valid]),
      jsonText(Object.values(valid as object)),
      DEEP_NESTING,
    ),
    nastyValue.map(jsonText),
    fc.jsonValue({ maxDepth: 4 }).map(jsonText),
    fc.constant(jsonText(valid)),
  );
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
];

export const RAW_BODIES = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    '[1,2',
    '"unterminated',
    '{"a":1}{"b":2}',
    '\u0000',
    'undefined',
    '\uFEFF{}',
    '{"a":"\\x00"}',
    '{"a":"\\uD800"}',
    `{"__proto__":{"polluted":"${POLLUTION_MARKER}"}}`,
    'a=1&b=2',
    '<xml/>',
  ),
  fc.string({ maxLength: 200 }),
);

/** Where the stored text carries the pollution marker (an unknown key kept). */
export async function tablesWithMarker(t: TestApp) {
  const state = await storedState(t.db);
  const hits: string[] = [];
  for (const table of Object.keys(state)) {
    const res = (await t.db.execute(
      `select count(*)::int as n from "${table}" t where t::text like '%${POLLUTION_MARKER}%'`,
    )) as unknown as { rows: { n: number }[] };
    if (res.rows[0].n > 0) hits.push(table);
  }
  return hits;
}
