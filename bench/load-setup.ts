/**
 * The load benchmark's database and actors (bench/load.ts): lp_bench created and seeded, the benchmark
 * attorney's full package shared through the app's own API, and the check that the app and both
 * baselines answer the same JSON.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import type { AppContext } from '../server/context';
import { openDatabase } from '../server/db/client';
import { registerJobs } from '../server/jobs/jobs';
import { hashPassword } from '../server/modules/auth/crypto';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../server/modules/master-lpq/master-lpq.fixtures';
import { adminQuery } from './lib';
import { attorneyEmail, firmEmail, seedDatabase } from './load-seed';

export const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const dbName = process.env.BENCH_DB ?? 'lp_bench';
export const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
export const appPort = Number(process.env.BENCH_APP_PORT ?? 3110);
export const baselinePort = Number(process.env.BENCH_BASELINE_PORT ?? 3111);
export const appUrl = `http://127.0.0.1:${appPort}`;
export const baselineUrl = `http://127.0.0.1:${baselinePort}`;
/** The baseline's second copy, for `--aa`. */
export const aaPort = Number(process.env.BENCH_AA_PORT ?? 3112);
export const aaUrl = `http://127.0.0.1:${aaPort}`;
/** Attorneys whose drafts autosave's write spreads over (one row each, as 50 people typing at once). */
export const DRAFT_WRITERS = 50;
export const dataDir = `/tmp/lp-data-bench/load-${process.pid}`;
const PASSWORD = 'bench-password-1';

/** The app's environment under load: its port, the bench database, quiet logs, sign-in limits past the bench's. */
export const appEnv = (port: number, dataDirectory: string) => ({
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDirectory,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_MAX: '100000',
  REGISTER_RATE_LIMIT_MAX: '100000',
});

export async function createSeededDatabase() {
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  await adminQuery(adminUrl, `create database ${dbName}`);
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  await database.close();
  const pool = new pg.Pool({ connectionString: databaseUrl });
  try {
    const files = { resumeId: randomUUID(), documentId: randomUUID() };
    // One argon2 hash for every user: hashing 11k passwords would only measure argon2.
    const counts = await seedDatabase(pool, await hashPassword(PASSWORD), files);
    return { counts, files };
  } finally {
    await pool.end();
  }
}

/**
 * The app's periodic jobs wait a day: the trail's seal turns every firm read's access event into an audit
 * entry in the background (tens of thousands after the firm read's rounds), work the baselines have no
 * counterpart for, and it fell on whichever server was being measured when its minute came (with two copies
 * of the app, on the one that won the job). The rounds compare the requests' own work (bench:load reports
 * what is left to seal after the firm read). Every job the app
 * registers is read from its one list (server/jobs/jobs.ts) by a scheduler that only notes names.
 */
export async function holdOffJobs() {
  const jobNames: string[] = [];
  registerJobs({
    scheduler: { register: (job: { name: string }) => jobNames.push(job.name) },
  } as unknown as AppContext);
  await adminQuery(
    databaseUrl,
    `insert into scheduled_jobs (name, next_run_at) select name, now() + interval '1 day' from unnest(array[${jobNames
      .map((name) => `'${name}'`)
      .join(', ')}]) as name on conflict (name) do update set next_run_at = excluded.next_run_at`,
  );
}

export async function call(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function signIn(email: string) {
  const res = await fetch(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lp_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

/** Session cookies of attorneys 1…count (attorney 0 is the one whose package the firm reads), signed in now. */
export async function signInAttorneys(count: number) {
  const cookies = [];
  for (let i = 1; i <= count; i++) cookies.push(await signIn(attorneyEmail(i)));
  return cookies;
}

/**
 * The benchmark attorney fills every form through the API and shares firm 0's request, so the package the
 * firm reads is built by the app's own share action (documents included).
 */
export async function shareFullPackage(files: { resumeId: string; documentId: string }) {
  const attorney = await signIn(attorneyEmail(0));
  const firm = await signIn(firmEmail(0));
  const resumeUrl = `/objects/${files.resumeId}`;
  await call('PUT', '/api/attorney/profile', attorney, {
    phone: '+1 212 555 0100',
    currentFirm: 'Hale & Porter LLP',
    position: 'partner',
    yearsExperience: 14,
    lawSchool: 'Columbia Law School',
    graduationYear: 2010,
    barAdmissions: 'New York\nNew Jersey',
    practiceAreas: ['Corporate', 'M&A'],
    resumeUrl,
  });
  await call('POST', '/api/attorney/master-lpq', attorney, {
    ...completeMasterLpq(),
    resumeUrl,
    documents: [
      {
        id: files.documentId,
        name: 'Writing sample.pdf',
        contentType: 'application/pdf',
        size: 402113,
        url: `/objects/${files.documentId}`,
      },
    ],
    isComplete: true,
  });
  await call('PUT', '/api/attorney/conflicts-form', attorney, conflictsForm());
  await call('PUT', '/api/attorney/diversity-form', attorney, diversityForm());
  await call('PUT', '/api/attorney/business-plan', attorney, businessPlan());
  const list = (await call('GET', '/api/attorney/lpq-requests', attorney, undefined)) as {
    id: string;
    firmName: string;
  }[];
  const request = list.find((r) => r.firmName === 'Bench Firm 0 LLP');
  if (!request) throw new Error("firm 0's request is missing");
  await call('POST', `/api/attorney/lpq-requests/${request.id}/share`, attorney, undefined);
  return { attorney, firm, requestId: request.id, listLength: list.length };
}

/** Every server must answer the same JSON, or a baseline is not doing the same work. */
export async function checkSameAnswers(path: string, cookie: string) {
  // A first read changes what the next ones answer (the firm's first opening clears `isNew`): read once.
  await fetch(`${appUrl}${path}`, { headers: { cookie } });
  const [app, ...baselines] = await Promise.all(
    [`${appUrl}${path}`, `${baselineUrl}${path}`, `${baselineUrl}/three${path}`].map(async (url) => {
      const res = await fetch(url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      return res.json();
    }),
  );
  for (const baseline of baselines)
    if (!isDeepStrictEqual(app, baseline))
      throw new Error(
        `${path}: a baseline answers differently from the app: ${firstDifference(app, baseline)}`,
      );
  return JSON.stringify(app);
}

/** Where two JSON values first differ: the path, and each side's value there. */
function firstDifference(a: unknown, b: unknown, at = '$'): string {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]];
      if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${at}.${key}`);
    }
  }
  return `${at}: app ${JSON.stringify(a)?.slice(0, 300)}, baseline ${JSON.stringify(b)?.slice(0, 300)}`;
}

/** The app and the one-statement baseline must both save the draft (200 with its time) for the same body. */
export async function checkSameSave(path: string, cookie: string, body: string) {
  for (const url of [`${appUrl}${path}`, `${baselineUrl}${path}`]) {
    const res = await fetch(url, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
    const answer = (await res.json()) as { updatedAt?: string };
    if (res.status !== 200 || !answer.updatedAt)
      throw new Error(`PUT ${url}: ${res.status} ${JSON.stringify(answer)}`);
  }
}
