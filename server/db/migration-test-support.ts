import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { dbKinds } from '../test/harness';
import { migrationsFolder } from './client';

/** A raw statement's rows, on whichever database the case runs. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** A copy of the migrations folder whose journal stops before migration `upTo` (a database as it was then). */
function folderBefore(upTo: number) {
  const before = mkdtempSync(path.join(os.tmpdir(), 'lp-migrations-'));
  cpSync(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < upTo);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

/**
 * A migration tested on data: a database is built with the migrations before `upTo`, filled with `fill`
 * (what the product stored then), migrated to the end, and `check`ed — on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (a database of its own, dropped at the end).
 */
export function describeMigration(
  title: string,
  { upTo, fill, check }: { upTo: number; fill: readonly string[]; check: (query: Query) => Promise<void> },
) {
  const folders: string[] = [];
  afterAll(() => {
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });
  const earlierMigrations = () => {
    const folder = folderBefore(upTo);
    folders.push(folder);
    return folder;
  };

  describe(title, () => {
    it.runIf(dbKinds.includes('pglite'))(
      '[pglite]',
      async () => {
        const { PGlite } = await import('@electric-sql/pglite');
        const client: PGlite = await PGlite.create('memory://');
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: earlierMigrations() });
        for (const statement of fill) await client.query(statement);
        await migratePglite(db, { migrationsFolder });
        await check(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
        await client.close();
      },
      60_000,
    );

    it.runIf(dbKinds.includes('postgres'))(
      '[postgres]',
      async () => {
        const base = process.env.TEST_DATABASE_URL!;
        const name = `lp_migration_${upTo}_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`create database ${name}`);
        const url = new URL(base);
        url.pathname = `/${name}`;
        const pool = new pg.Pool({ connectionString: url.toString() });
        // The database is dropped at the end: its connections' goodbyes are not errors.
        pool.on('error', () => {});
        pool.on('connect', (client) => client.on('error', () => {}));
        try {
          const db = drizzlePg(pool);
          await migratePg(db, { migrationsFolder: earlierMigrations() });
          for (const statement of fill) await pool.query(statement);
          await migratePg(db, { migrationsFolder });
          await check(async (text) => (await pool.query(text)).rows);
        } finally {
          await pool.end();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        }
      },
      60_000,
    );
  });
}
