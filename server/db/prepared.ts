import type { Db } from './client';

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
