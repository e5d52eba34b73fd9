/**
 * The upload phase of bench/load.ts (BENCHMARKS.md, Uploads: 10 concurrent 10 MB uploads, app RSS rise under
 * 20 MB) on its own, without the 10k-attorney seed: the confirm step also streams every file back from
 * storage for its SHA-256 (PRODUCT.md §11; server/modules/files/file-hash.ts), and this checks that the
 * target still holds. The same measuring code as bench/load.ts (uploadPhase), the built app as production
 * runs it (package.json's serve flags), on PostgreSQL, each path on a freshly started app.
 *
 * Usage: npx tsx bench/upload-hash-rss.ts [--keep-db]
 * Creates and drops the database lp_bench_upload on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { serveFlags } from '../scripts/serve-flags.mjs';
import { openDatabase } from '../server/db/client';
import { adminQuery, stop, timeToFirst200 } from './lib';
import { UPLOAD_TARGET, uploadPhase } from './load-phases';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'lp_bench_upload';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const port = Number(process.env.BENCH_APP_PORT ?? 3142);
const appUrl = `http://127.0.0.1:${port}`;
const dataDir = `/tmp/lp-bench-upload-${process.pid}`;
const keepDb = process.argv.includes('--keep-db');
const PASSWORD = 'bench-password-1';

const env = {
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: appUrl,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '100000',
  REGISTER_RATE_LIMIT_MAX: '100000',
  UPLOAD_MULTIPART_THRESHOLD_BYTES: String(5 * 1024 * 1024),
  UPLOAD_MIN_PART_BYTES: String(5 * 1024 * 1024),
};
const startApp = () =>
  timeToFirst200(process.execPath, [...serveFlags(), 'dist/server/main.js'], `${appUrl}/api/user`, env, 401);

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build failed');
await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
await adminQuery(adminUrl, `create database ${dbName}`);
let failed = false;
try {
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  await database.close();
  const emails = Array.from({ length: UPLOAD_TARGET.concurrent }, (_, i) => `upload-${i}@bench.example.com`);
  for (const kind of ['single', 'multipart'] as const) {
    const { child } = await startApp();
    try {
      const cookies = [];
      for (const email of emails) {
        const body = {
          email,
          password: PASSWORD,
          firstName: 'Bench',
          lastName: 'Uploader',
          userType: 'attorney',
        };
        let res = await fetch(`${appUrl}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: appUrl },
          body: JSON.stringify(body),
        });
        if (res.status === 409)
          res = await fetch(`${appUrl}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: appUrl },
            body: JSON.stringify({ email, password: PASSWORD }),
          });
        if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
        const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lp_session='));
        cookies.push(cookie!.split(';')[0]);
      }
      for (const check of await uploadPhase({
        appUrl,
        appPgid: child.pid!,
        attorneyCookies: cookies,
        kind,
      })) {
        console.log(`${check.label}: ${check.value}: ${check.met ? 'met' : 'MISSED'}`);
        if (!check.met) failed = true;
      }
    } finally {
      stop(child);
      for (let i = 0; i < 200; i++) {
        const up = await fetch(appUrl).then(
          () => true,
          () => false,
        );
        if (!up) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (!keepDb) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
}
process.exit(failed ? 1 : 0);
