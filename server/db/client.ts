import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockFolder } from './folder-lock';
import * as schema from './schema';

/** How long an idle PostgreSQL connection stays in the pool (bench/load-baseline.ts uses the same). */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: service functions take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/**
 * The rows of a raw statement. Both drivers answer `execute` with `{ rows }` (node-postgres' QueryResult,
 * PGlite's Results), but the type `Db` is written for both gives no rows: the one cast lives here.
 */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** node-postgres only: the pool's connections, for /metrics. */
  poolStats?: () => PoolStats;
  /**
   * node-postgres only: opens every connection of the pool and runs each statement on each (by name, so
   * PostgreSQL parses and plans it there now), before the first user waits on a cold connection.
   */
  warm?: (statements: WarmStatement[]) => Promise<void>;
};

/** A named statement and harmless values (they match nothing and change nothing). */
export type WarmStatement = { name: string; text: string; values: unknown[] };

/**
 * PostgreSQL plans a prepared statement anew for its first five runs on a connection (custom plans) before
 * it may settle on a generic one: a warm connection has those behind it.
 */
const WARM_RUNS = 6;

export type PoolStats = { total: number; idle: number; waiting: number };

/** The driver under a Db, for the hot statements of prepared.ts (no reaching into Drizzle's internals). */
export type DriverClient = { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };
const driverClients = new WeakMap<Db, DriverClient>();
export function driverClientOf(db: Db): DriverClient {
  const client = driverClients.get(db);
  if (!client) throw new Error('not a database opened by openDatabase');
  return client;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any fixed number: the advisory lock that serialises migrations across processes.
const MIGRATION_LOCK_KEY = 7_316_001;

/**
 * Two processes starting on one database (two replicas of a deploy) would both find a migration
 * missing, both run it, and one would fail on the objects the other created. Under a session advisory
 * lock the second waits, then finds nothing left to do.
 */
async function migrateExclusively(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * PostgreSQL when a URL is given; otherwise PGlite with its data under dataDir
 * (or in memory when dataDir is 'memory://').
 */
export async function openDatabase(opts: {
  url?: string;
  /** node-postgres only: connections in the pool (20 unless given). */
  poolMax?: number;
  dataDir?: string;
  /** The folder to lock for PGlite (the app's DATA_DIR); the PGlite folder itself by default. */
  lockDir?: string;
  /** PGlite only: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    // Idle connections stay open for 5 minutes (node-postgres closes them after 10 s by default): each new
    // connection is a new PostgreSQL backend with cold caches that parses every named statement again, so
    // every lull longer than the timeout would be followed by a slow tail while they reopen (bench/load.ts).
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 20,
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    });
    // A dropped connection (server restart) must not crash the process. The pool only listens on idle
    // clients; a client checked out for a transaction emits its 'error' unheard, and an unheard 'error'
    // kills the process. Its pending queries fail on their own, so the listener only has to exist.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    driverClients.set(db, { kind: 'postgres', pool });
    const poolMax = opts.poolMax ?? 20;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateExclusively(pool),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async warm(statements) {
        const clients = await Promise.all(Array.from({ length: poolMax }, () => pool.connect()));
        try {
          await Promise.all(
            clients.map(async (client) => {
              for (const { name, text, values } of statements)
                for (let i = 0; i < WARM_RUNS; i++) await client.query({ name, text, values });
            }),
          );
        } finally {
          for (const client of clients) client.release();
        }
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  // One process per folder: the lock is taken before PGlite reads anything (folder-lock.ts).
  const lock = inMemory ? null : await lockFolder(opts.lockDir ?? dataDir);
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(
    dataDir,
    opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {},
  ).catch((err) => {
    lock?.release();
    throw err;
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  driverClients.set(db, { kind: 'pglite', client });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}
