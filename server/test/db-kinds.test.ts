import { describe, expect, it } from 'vitest';
import { selectDbKinds } from './harness';

describe('the databases a test run uses (TEST_DATABASE_URL, TEST_DB_KINDS)', () => {
  const url = 'postgres://postgres@127.0.0.1:5432/postgres';

  it('is PGlite alone without a PostgreSQL server, and both with one', () => {
    expect(selectDbKinds(undefined, undefined)).toEqual(['pglite']);
    expect(selectDbKinds(url, undefined)).toEqual(['pglite', 'postgres']);
    expect(selectDbKinds(url, '')).toEqual(['pglite', 'postgres']);
    expect(selectDbKinds(url, ' , ')).toEqual(['pglite', 'postgres']);
  });

  it('narrows to the kinds named', () => {
    expect(selectDbKinds(url, 'postgres')).toEqual(['postgres']);
    expect(selectDbKinds(url, 'pglite')).toEqual(['pglite']);
    expect(selectDbKinds(url, 'postgres, pglite')).toEqual(['pglite', 'postgres']);
    expect(selectDbKinds(undefined, 'pglite')).toEqual(['pglite']);
  });

  it('refuses a kind it cannot run, rather than running nothing', () => {
    expect(() => selectDbKinds(undefined, 'postgres')).toThrow(/postgres needs TEST_DATABASE_URL/);
    expect(() => selectDbKinds(url, 'mysql')).toThrow(/mysql is not one of pglite, postgres/);
  });
});
