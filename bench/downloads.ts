/**
 * Downloads: documents are streamed through the app on both storage drivers. The app's
 * peak RSS rise while it serves one 10 MB document, then 10 of them at once, from S3 (s3rver, on this
 * machine) and from local storage; each on a freshly started build of the app, on PostgreSQL (a database
 * lp_bench_downloads, dropped at the end; BENCH_PG_URL names the server). Target, as for
 * uploads (BENCHMARKS.md, Uploads): under 20 MB for the 10 concurrent downloads.
 * Usage: npm run bench:downloads [-- --no-build]
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { serveFlags } from '../scripts/serve-flags.mjs';
import { startS3rver } from '../server/modules/files/files.test-support';
import { adminQuery, peakRssRise, stop, timeToFirst200 } from './lib';

const MB = 1024 * 1024;
const TARGET = { maxRiseBytes: 20 * MB, concurrent: 10, fileBytes: 10 * MB };
let port = Number(process.env.BENCH_APP_PORT ?? 3132);
let appUrl = `http://127.0.0.1:${port}`;
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'lp_bench_downloads';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** Bytes that start like a PDF (the app checks the first bytes), `size` long. */
function pdfLike(size: number) {
  const bytes = Buffer.alloc(size, 'x');
  bytes.write('%PDF-1.7\n');
  return bytes;
}

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { cookie, origin: appUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One attorney signed up through the API with one confirmed 10 MB document: its cookie and file id. */
async function attorneyWithDocument() {
  const res = await fetch(`${appUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password-1',
      firstName: 'Bench',
      lastName: 'Attorney',
      userType: 'attorney',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie().find((c) => c.includes('lp_session=')) ?? '').split(';')[0];
  const bytes = pdfLike(TARGET.fileBytes);
  const ticket = await api(cookie, 'POST', '/api/objects/upload', {
    filename: 'bench.pdf',
    contentType: 'application/pdf',
    size: bytes.length,
  });
  const put = await fetch(ticket.uploadURL, { method: 'PUT', body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const file = await api(cookie, 'POST', `/api/objects/${ticket.objectPath.split('/').pop()}/confirm`);
  return { cookie, id: file.id as string };
}

/** Reads one download to its end as a client does; its size. */
async function download(cookie: string, id: string) {
  const res = await fetch(`${appUrl}/objects/${id}`, { headers: { cookie }, redirect: 'manual' });
  if (res.status !== 200) throw new Error(`GET /objects/${id}: ${res.status}`);
  let size = 0;
  const reader = res.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) size += part.value.byteLength;
  if (size !== TARGET.fileBytes) throw new Error(`downloaded ${size} bytes`);
  return size;
}

async function measure(label: string, env: NodeJS.ProcessEnv) {
  // A port of its own for each app: the one before may still be closing its connections.
  port += 1;
  appUrl = `http://127.0.0.1:${port}`;
  const dataDir = `/tmp/lp-bench-downloads-${process.pid}-${label}`;
  const app = await timeToFirst200(
    process.execPath,
    [...serveFlags(), 'dist/server/main.js'],
    `${appUrl}/api/user`,
    {
      PORT: String(port),
      PUBLIC_URL: appUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      REGISTER_RATE_LIMIT_MAX: '100000',
      // One member downloads one request's document over and over: past any person's limit.
      FIRM_READ_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    },
    401,
  );
  try {
    const { cookie, id } = await attorneyWithDocument();
    // One download first, so code loaded on first use is not counted as the downloads' memory.
    await download(cookie, id);
    const pgid = app.child.pid!;
    // The concurrent downloads first, so their rise is not hidden by what one download left behind.
    const started = performance.now();
    const many = await peakRssRise(pgid, () =>
      Promise.all(Array.from({ length: TARGET.concurrent }, () => download(cookie, id))),
    );
    const seconds = (performance.now() - started) / 1000;
    const one = await peakRssRise(pgid, () => download(cookie, id));
    console.log(
      `${label}: ${TARGET.concurrent} 10 MB downloads at once, ${seconds.toFixed(1)} s, app RSS +${mb(many.rise)} (from ${mb(many.before)}) — target < 20 MB: ${many.rise < TARGET.maxRiseBytes ? 'met' : 'missed'}; then one, app RSS +${mb(one.rise)} (from ${mb(one.before)})`,
    );
    return many.rise < TARGET.maxRiseBytes;
  } finally {
    stop(app.child);
    // Until the port is free again (a graceful stop closes the database pool first).
    for (let i = 0; i < 1200; i++) {
      const up = await fetch(appUrl).then(
        () => true,
        () => false,
      );
      if (!up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`machine: ${os.cpus().length} cores; load average ${os.loadavg()[0].toFixed(2)}`);
if (!process.argv.includes('--no-build')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}
const s3rver = await startS3rver();
let met = true;
try {
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  // The app migrates an empty database on start.
  await adminQuery(adminUrl, `create database ${dbName}`);
  met =
    (await measure('S3 (s3rver)', {
      S3_ENDPOINT: s3rver.s3.endpoint,
      S3_BUCKET: s3rver.s3.bucket,
      S3_REGION: s3rver.s3.region,
      S3_ACCESS_KEY_ID: s3rver.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rver.s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    })) && met;
  met = (await measure('local storage', {})) && met;
} finally {
  await s3rver.close();
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
}
process.exitCode = met ? 0 : 1;
