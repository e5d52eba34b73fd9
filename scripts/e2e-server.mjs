// The browser journeys' server (playwright.config.ts's webServer): `npm start` on a database of its own.
// When PostgreSQL answers at TEST_DATABASE_URL (or 127.0.0.1:5432, as on CI) the server runs on a new
// database there, lp_e2e_<port>_<pid>, created here and dropped when the server stops (Playwright sends
// SIGTERM); one left by a killed run on the same port is dropped at the next start. Otherwise it runs on a
// fresh embedded PGlite database in data/e2e-<port>. The port is each checkout's own, so runs side by side on one
// PostgreSQL never touch each other's databases.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root } from './build-hash.mjs';

const port = process.env.PORT ?? '3100';
const base = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = `lp_e2e_${port}_`;

async function admin() {
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 3_000 });
  await client.connect();
  return client;
}

async function createDatabase() {
  let client;
  try {
    client = await admin();
  } catch {
    return undefined; // no PostgreSQL here: the embedded database
  }
  try {
    const stale = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      prefix,
    ]);
    for (const { datname } of stale.rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    const name = `${prefix}${process.pid}`;
    await client.query(`CREATE DATABASE "${name}"`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return { name, url: url.toString() };
  } finally {
    await client.end();
  }
}

async function dropDatabase(name) {
  const client = await admin();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

const database = await createDatabase();
// The data folder (the uploaded files; the embedded database too, without PostgreSQL) starts empty.
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `data/e2e-${port}` };
rmSync(path.resolve(root, env.DATA_DIR), { recursive: true, force: true });
if (database) {
  env.DATABASE_URL = database.url;
  console.log(`e2e server on PostgreSQL, database ${database.name}`);
} else {
  delete env.DATABASE_URL;
  console.log(`e2e server on the embedded database (no PostgreSQL at ${new URL(base).host})`);
}

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  if (database)
    await dropDatabase(database.name).catch((err) => console.error(`Could not drop ${database.name}:`, err));
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
