import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type DbKind, dbKinds } from '../test/harness';
import type { Database } from './client';
import { fromDriver, preparedSql, RawJson } from './prepared';
import { sharedPackages } from './schema';

// preparedSql sends straight to the pool on PostgreSQL and to PGlite's client on PGlite: both must read
// values alike (timestamps, dates and intervals as PostgreSQL's text, for the columns' own mapping).
const SQL = sql`select ${sql.placeholder('n')}::int as "n", ${sql.placeholder('t')}::text as "t",
  '2026-11-24 10:00:00+00'::timestamptz as "at", '2026-11-24'::date as "day", interval '1 day' as "span",
  array['2026-11-24'::date] as "days", '{"a":1}'::jsonb as "j", null::text as "none", true as "yes"`;

for (const kind of dbKinds as DbKind[])
  describe(`preparedSql [${kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => database?.close());

    it('reads values as Drizzle does, on every call of the named statement', async () => {
      for (const n of [1, 2]) {
        const [row] = await preparedSql(database.db, 'prepared_test', SQL).execute({ n, t: 'x' });
        expect(row.n).toBe(n);
        expect(row.t).toBe('x');
        expect(typeof row.at).toBe('string');
        expect(new Date(row.at as string).toISOString()).toBe('2026-11-24T10:00:00.000Z');
        expect(row.day).toBe('2026-11-24');
        expect(row.span).toBe('1 day');
        expect(row.days).toBe('{2026-11-24}');
        expect(row.j).toEqual({ a: 1 });
        expect(row.none).toBeNull();
        expect(row.yes).toBe(true);
      }
    });

    it('answers every row, none, and a repeated column name with its last value, as pg does', async () => {
      const rows = sql`select g as "n", 'first' as "dup", ${sql.placeholder('t')}::text as "t", 'last' as "dup"
        from generate_series(1, ${sql.placeholder('count')}::int) g order by g`;
      const statement = preparedSql(database.db, 'prepared_rows_test', rows);
      expect(await statement.execute({ t: 'x', count: 0 })).toEqual([]);
      const got = await statement.execute({ t: 'y', count: 3 });
      expect(got).toEqual([1, 2, 3].map((n) => ({ n, dup: 'last', t: 'y' })));
      expect(Object.keys(got[0])).toEqual(['n', 'dup', 't']);
      const proto = preparedSql(database.db, 'prepared_proto_test', sql`select 1 as "__proto__"`);
      if (kind === 'postgres') await expect(proto.execute({})).rejects.toThrow('__proto__');
    });

    it('with jsonbAsText, keeps the jsonb columns named as RawJson on PostgreSQL and parses the others', async () => {
      const text = sql.raw(`select 'r' as "p_request_id", 1 as "p_version", 'u' as "p_attorney_user_id",
        '2026-11-24 10:00:00+00'::timestamptz as "p_shared_at", '{"documents": true}'::jsonb as "p_include",
        '{"id": "u"}'::jsonb as "p_attorney", null::jsonb as "p_profile", '{"a": [1, "x"]}'::jsonb as "p_master_lpq",
        null::jsonb as "p_conflicts_form", null::jsonb as "p_diversity_form", '{}'::jsonb as "p_business_plan"`);
      const [row] = await preparedSql(database.db, 'prepared_raw_test', text, { jsonbAsText: true }).execute(
        {},
      );
      const stored = fromDriver(sharedPackages, row, 'p_', ['profile', 'masterLpq', 'businessPlan'])!;
      expect(stored.include).toEqual({ documents: true });
      expect(stored.attorney).toEqual({ id: 'u' });
      expect(stored.profile).toBeNull();
      if (kind === 'postgres') {
        expect(stored.masterLpq).toBeInstanceOf(RawJson);
        expect((stored.masterLpq as unknown as RawJson).text).toBe('{"a": [1, "x"]}');
      } else expect(stored.masterLpq).toEqual({ a: [1, 'x'] });
      expect(JSON.parse(JSON.stringify(stored))).toMatchObject({
        masterLpq: { a: [1, 'x'] },
        businessPlan: {},
      });
      expect(() => fromDriver(sharedPackages, row, 'p_', ['version'])).toThrow('not a jsonb column');
    });
  });
