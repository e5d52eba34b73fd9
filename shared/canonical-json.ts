import { isJsonObject } from './json-depth';

/**
 * Canonical JSON (PRODUCT.md §11): the one text a JSON value hashes as, whatever order its keys were
 * written in and whichever database stored it. Keys sorted by their UTF-16 code units at every level, no
 * whitespace, strings and numbers exactly as JSON.stringify writes them (so 1.0 is `1`, 1e21 is `1e+21`,
 * -0 is `0`), and what JSON.stringify drops (undefined, functions, symbols) dropped as it drops them: left
 * out of objects, `null` in arrays; values with toJSON (a Date) written as that. This is RFC 8785 (JCS)
 * for every value JSON can hold.
 *
 * Why it is safe across PGlite and PostgreSQL: jsonb keeps neither key order nor the spelling of a number
 * (it stores 1.50 as 1.50 but the app only ever writes JS numbers, which read back as the same double), so
 * the same data read from either gives the same text here. Pure: no Node or browser API.
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form');
  return text;
}

function write(input: unknown): string | undefined {
  let value = input;
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON: () => unknown }).toJSON();
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      // JSON.stringify's own spelling: escapes, shortest round-trip numbers, non-finite as null.
      return JSON.stringify(value);
    case 'bigint':
      throw new TypeError('canonicalJson: a bigint has no JSON form');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  const object = value as Record<string, unknown>;
  const members: string[] = [];
  // Array#sort without a comparator orders by UTF-16 code units, as RFC 8785 asks.
  for (const key of Object.keys(object).sort()) {
    const text = write(object[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * Every leaf of a JSON value with its path (`masterLpq.clientsInfo.topClients[2].name`), in canonical order:
 * what `verify` compares to name the fields that differ without showing a value. Empty objects and arrays
 * are leaves of their own, so adding the first member to one shows too. Keys that are not plain names are
 * written in brackets (`["a.b"]`).
 */
export function jsonLeaves(value: unknown, path = ''): [path: string, canonical: string][] {
  const out: [string, string][] = [];
  collect(JSON.parse(canonicalJson(value)), path, out);
  return out;
}

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;
const child = (path: string, key: string) =>
  PLAIN_KEY.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;

function collect(value: unknown, path: string, out: [string, string][]) {
  if (Array.isArray(value) && value.length > 0) {
    value.forEach((item, i) => {
      collect(item, `${path}[${i}]`, out);
    });
    return;
  }
  if (isJsonObject(value)) {
    const keys = Object.keys(value).sort();
    if (keys.length > 0) {
      for (const key of keys) collect(value[key], child(path, key), out);
      return;
    }
  }
  out.push([path, canonicalJson(value)]);
}
