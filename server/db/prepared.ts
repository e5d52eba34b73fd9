import { fillPlaceholders, getTableColumns, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, driverClientOf } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query built once per database and sent as a named statement, for reads on every request:
 * Drizzle builds its SQL once instead of on every call (half the app's CPU per request in
 * bench/load.ts), and PostgreSQL parses it once per connection. Values go in through
 * `sql.placeholder(...)`. Only on the database itself: a statement prepared on a transaction would
 * outlive it.
 */
export function preparedStatement<T>(db: Db, name: string, prepare: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = prepare(db, name);
    byName.set(name, statement);
  }
  return statement;
}

type RawRow = Record<string, unknown>;

/**
 * As Drizzle's node-postgres driver reads them: timestamps, dates, intervals and their arrays (and
 * numeric[]) as PostgreSQL's text, for the columns' own mapFromDriverValue; everything else as pg parses it.
 */
const RAW_TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(oid) ? asText : pg.types.getTypeParser(oid, format),
};
/** As driverTypes, and jsonb as its text too: `fromDriver` parses it, or keeps it as RawJson. */
const driverTypesJsonbAsText = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.JSONB ? asText : driverTypes.getTypeParser(oid, format),
};

/**
 * A JSON document as the database printed it, passed on without being parsed: the hot serializer
 * (server/plugins/hot-serializer.ts) writes its text where the contract has a stored document, and
 * JSON.stringify writes its value (toJSON). Only for documents nothing on the server reads into: the zod
 * encoders refuse it (a 500, never a wrong answer), and it has none of the document's keys.
 */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** PGlite's parsers for the same: timestamps, dates and intervals as text (jsonb comes back parsed). */
const pgliteParsers = Object.fromEntries([...RAW_TEXT_TYPES].map((oid) => [oid, asText] as const)) as Record<
  number,
  (value: string) => unknown
>;

export type HotStatement = { execute(values: Record<string, unknown>): Promise<RawRow[]> };

/**
 * A named statement built from a Drizzle `sql` composition, for hot statements the query builder cannot
 * express (data-modifying CTEs): rendered to text once with Drizzle's public dialect, its values given by
 * `sql.placeholder` name at each call. Rows come back as the driver gives them (column name → value, dates as
 * text); map them with `fromDriver`. On PostgreSQL it goes straight to the pool as a named statement (parsed
 * once per connection); on PGlite, to its client. `jsonbAsText`: on PostgreSQL, jsonb columns come back as
 * text, for `fromDriver` to parse or to keep as RawJson (on PGlite they come back parsed, and stay so).
 */
export function preparedSql(db: Db, name: string, query: SQL, opts: { jsonbAsText?: boolean } = {}) {
  return preparedStatement(db, name, (): HotStatement => {
    const { text, values: fill } = renderSql(query);
    const client = driverClientOf(db);
    if (client.kind === 'postgres') {
      const types = opts.jsonbAsText ? driverTypesJsonbAsText : driverTypes;
      const asObjects = objectRows();
      return {
        async execute(values) {
          const result = await client.pool.query<unknown[]>({
            name,
            text,
            values: fill(values),
            types,
            rowMode: 'array',
          });
          return asObjects(result.fields, result.rows);
        },
      };
    }
    return {
      async execute(values) {
        return (await client.client.query<RawRow>(text, fill(values), { parsers: pgliteParsers })).rows;
      },
    };
  });
}

/**
 * Rows as objects of one shape per statement. pg makes each row a copy of a null-prototype template, an
 * object V8 keeps as a hash table, so every column stored into it and read out of it is a hash lookup (the
 * largest single item of a hot read's CPU). Asked for arrays, the rows are built here by an object literal
 * compiled for the statement's columns (a named statement's text fixes them: built again only if their
 * count or last name differs): one allocation of a fixed shape. A later column of the same name wins, as in
 * pg's rows; a column named `__proto__` is refused.
 */
function objectRows() {
  let columns: readonly { name: string }[] = [];
  let build: (values: unknown[]) => RawRow = () => ({});
  return (fields: readonly { name: string }[], rows: unknown[][]): RawRow[] => {
    if (rows.length === 0) return [];
    if (fields.length !== columns.length || fields.at(-1)?.name !== columns.at(-1)?.name) {
      // In a literal, this name would set the row's prototype instead of a column.
      if (fields.some((f) => f.name === '__proto__')) throw new Error('a column named __proto__');
      const props = fields.map((f, i) => `${JSON.stringify(f.name)}: v[${i}]`);
      build = new Function('v', `return { ${props.join(', ')} };`) as typeof build;
      columns = fields;
    }
    return rows.map(build);
  };
}

/** A composed statement as PostgreSQL text with `$n` parameters, and its values from placeholder names. */
export function renderSql(query: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return { text, values: (named: Record<string, unknown>) => fillPlaceholders(params, named) };
}

type ColumnReader = [key: string, name: string, map: (value: unknown) => unknown];
const readers = new WeakMap<Table, Map<string, ColumnReader[]>>();

/** A jsonb column's text kept as RawJson; already parsed (PGlite), it stays parsed. */
const keepRaw = (value: unknown) => (typeof value === 'string' ? new RawJson(value) : value);

/** Each column's key, prefixed name and driver mapping, listed once per table, prefix and raw keys. */
function columnReaders(table: Table, prefix: string, raw: readonly string[]) {
  let byPrefix = readers.get(table);
  if (!byPrefix) {
    byPrefix = new Map();
    readers.set(table, byPrefix);
  }
  const cacheKey = raw.length ? `${prefix}|${raw.join(',')}` : prefix;
  let list = byPrefix.get(cacheKey);
  if (!list) {
    const columns = getTableColumns(table);
    for (const key of raw)
      if (columns[key]?.getSQLType() !== 'jsonb') throw new Error(`${key} is not a jsonb column`);
    list = Object.entries(columns).map(
      ([key, column]): ColumnReader => [
        key,
        `${prefix}${column.name}`,
        raw.includes(key) ? keepRaw : (value) => column.mapFromDriverValue(value),
      ],
    );
    byPrefix.set(cacheKey, list);
  }
  return list;
}

/**
 * One table's columns out of a raw row whose columns carry `prefix` (see `prefixedColumns`), mapped the
 * way Drizzle maps them (timestamps to Date, dates as text, JSON parsed); null when the row has none of
 * the table (an outer join that found nothing: its first column, the key, is null). The jsonb columns
 * named in `raw` are kept as RawJson when the statement read jsonb as text (typed as the column's type:
 * only a serializer that knows RawJson may read them).
 */
export function fromDriver<T extends Table>(
  table: T,
  row: RawRow,
  prefix: string,
  raw: readonly (keyof T['$inferSelect'] & string)[] = [],
): T['$inferSelect'] | null {
  const list = columnReaders(table, prefix, raw);
  if (row[list[0][1]] === null || row[list[0][1]] === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const [key, name, map] of list) {
    const value = row[name];
    out[key] = value === null || value === undefined ? null : map(value);
  }
  return out as T['$inferSelect'];
}

/** `"alias"."col" as "prefixcol", …` for every column of the table, to read back with `fromDriver`. */
export function prefixedColumns(table: Table, alias: string, prefix: string) {
  return Object.values(getTableColumns(table))
    .map((c) => `"${alias}"."${c.name}" as "${prefix}${c.name}"`)
    .join(', ');
}
