import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type Database, migrationsFolder, openDatabase } from '../db/client';
import { outbox } from '../db/schema';
import type { MailTransport, OutgoingMail } from '../mail/transport';

export type DbKind = 'pglite' | 'postgres';

/**
 * PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). TEST_DB_KINDS (`pglite`,
 * `postgres`, or both, comma-separated) narrows that to one of them: scripts/test.sh runs the PostgreSQL
 * half on one Node and the PGlite half on the other, so CI runs every test on both databases and on both
 * Nodes without running each database twice.
 */
export const dbKinds: DbKind[] = selectDbKinds(process.env.TEST_DATABASE_URL, process.env.TEST_DB_KINDS);

export function selectDbKinds(databaseUrl: string | undefined, only: string | undefined): DbKind[] {
  const available: DbKind[] = databaseUrl ? ['pglite', 'postgres'] : ['pglite'];
  const wanted = (only ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (wanted.length === 0) return available;
  for (const kind of wanted)
    if (!available.includes(kind as DbKind))
      throw new Error(
        `TEST_DB_KINDS: ${kind} is not one of ${available.join(', ')}${databaseUrl ? '' : ' (postgres needs TEST_DATABASE_URL)'}`,
      );
  return available.filter((k) => wanted.includes(k));
}

/** 16 hex digits of a hash of the migrations (names and contents), and of `extra`: a migrated template's name. */
function migrationsHash(extra: Buffer | string = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (/\.(sql|json)$/.test(name)) hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data folder, dumped once and kept on disk for every test process: PGlite's start on an
 * empty folder runs initdb (~3 s here, in every test file), its start from a dump ~1 s. The file's name
 * holds a hash of the migrations and PGlite's version, so a changed migration makes a new one (and the
 * old ones, 40 MB each, are removed).
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
let pgliteTemplate: Promise<Blob> | undefined;
function migratedPgliteDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const pgliteVersion = readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'));
    const dir = path.join(repoRoot, 'node_modules/.cache/lateral-passport');
    const name = `pglite-migrated-${migrationsHash(pgliteVersion)}.tar`;
    const file = path.join(dir, name);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const database = await openDatabase({ dataDir: 'memory://' });
      await database.migrate();
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      await database.close();
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file); // another test process may write the same file: each writes its own, then swaps
      for (const old of readdirSync(dir))
        if (/^pglite-migrated-[0-9a-f]+\.tar$/.test(old) && old !== name)
          rmSync(path.join(dir, old), { force: true });
      return dump;
    }
  })();
  return pgliteTemplate;
}

/**
 * PostgreSQL's counterpart: one migrated database, `lp_tpl_<hash of the migrations>`, that every test
 * database is cloned from (CREATE DATABASE … TEMPLATE, a file copy instead of ~70 migrations each). It is made
 * once per server and migration set, by whichever process comes first: under an advisory lock (other test
 * processes, and other checkouts' runs on the same server, wait for it), migrated under a temporary name and
 * renamed when complete, so a run killed half-way leaves no template that looks finished. Nothing stays
 * connected to it: a template is cloned only while no session is on it.
 */
const templates = new Map<string, Promise<string>>();
function migratedPostgresTemplate(base: string): Promise<string> {
  let made = templates.get(base);
  if (!made) {
    made = makePostgresTemplate(base);
    templates.set(base, made);
  }
  return made;
}

async function makePostgresTemplate(base: string): Promise<string> {
  const template = `lp_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('lateral-passport test template'))`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) {
      const partial = `${template}_part_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${partial}`);
      const url = new URL(base);
      url.pathname = `/${partial}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${template}`);
      await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
  } finally {
    await admin.end(); // the session's end releases the lock
  }
  return template;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteDump() });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }),
    rateLimit: { max: 1000, windowMs: 60_000, accountMax: 1000, registerMax: 1000, registerWindowMs: 60_000 },
    mailPollMs: 0,
    jobPollMs: 0,
    ...overrides,
  };
}

/** An app whose sign-in limits allow three failures per address (100 per account), for the limits' tests. */
export const createThreeTriesApp = () =>
  createTestApp({
    config: {
      rateLimit: { max: 3, windowMs: 60_000, accountMax: 100, registerMax: 100, registerWindowMs: 60_000 },
    },
  });

/** A transport that records what it sends; set `fail` to simulate an SMTP outage. */
export function recordingTransport() {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { sent: OutgoingMail[]; fail: boolean } = {
    kind: 'smtp',
    sent,
    fail: false,
    async send(mail) {
      if (transport.fail) throw new Error('SMTP unavailable');
      sent.push(mail);
    },
    close() {},
  };
  return transport;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type TestAppOptions = {
  kind?: DbKind;
  config?: Partial<AppConfig>;
  /** Keep mail locally (and serve /dev/mail) instead of recording it. */
  local?: boolean;
  onRoute?: BuildAppOptions['onRoute'];
};

export async function createTestApp(opts: TestAppOptions = {}) {
  const database = await createTestDatabase(opts.kind ?? 'pglite');
  const transport = recordingTransport();
  const config = testConfig(opts.config);
  const app = await buildApp({
    config,
    db: database.db,
    mailTransport: opts.local ? undefined : transport,
    logger: false,
    onRoute: opts.onRoute,
    // No DNS in tests: a domain has no TXT record until a test sets `app.ctx.resolveTxt`.
    resolveTxt: async () => {
      throw Object.assign(new Error('queryTxt ENODATA'), { code: 'ENODATA' });
    },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    transport,
    /** Every outbox row, oldest first. */
    async outbox(to?: string) {
      const rows = await database.db.select().from(outbox).orderBy(asc(outbox.id));
      return to ? rows.filter((r) => r.to === to) : rows;
    },
    async outboxById(id: number) {
      const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
      return row;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Two app processes on one fresh database, for what they share; `close` ends both and the database. */
export async function createTwoApps(kind: DbKind, overrides: Partial<AppConfig> = {}) {
  const database = await createTestDatabase(kind);
  const config = testConfig(overrides);
  const open = () =>
    buildApp({ config, db: database.db, mailTransport: recordingTransport(), logger: false });
  const a = await open();
  const b = await open();
  return {
    a,
    b,
    database,
    async close() {
      await a.close();
      await b.close();
      await database.close();
    },
  };
}

/** Runs the suite once per database kind, with one app per kind. */
export function describeEachDb(
  name: string,
  suite: (t: () => TestApp, kind: DbKind) => void,
  opts: Omit<TestAppOptions, 'kind'> = {},
) {
  for (const kind of dbKinds) {
    describe(`${name} [${kind}]`, () => {
      let testApp: TestApp;
      beforeAll(async () => {
        testApp = await createTestApp({ ...opts, kind });
      });
      afterAll(async () => {
        await testApp?.close();
      });
      suite(() => testApp, kind);
    });
  }
}

/** The link with a token that a mail's text carries, e.g. '/verify-email'. */
export function linkIn(text: string, pathname: string): URL {
  const match = text.match(new RegExp(`https?://[^\\s]+${pathname.replace(/\//g, '\\/')}\\?token=[^\\s]+`));
  if (!match) throw new Error(`no ${pathname} link in mail`);
  return new URL(match[0]);
}
