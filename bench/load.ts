/**
 * Load: the performance guard of the three hot routes (issue 66) — the attorney's request list (signed in, 20
 * requests), a firm's request detail (a full shared package, one access event written per read) and autosave's
 * write (PUT /api/attorney/drafts/master-lpq, a full master LPQ, each request as the next of 50 signed-in
 * attorneys) — on PostgreSQL seeded with 10k attorneys and 1k firms: the real app (built, as `npm run serve`
 * runs it) beside the bare baseline (bench/load-baseline.ts: Fastify + pg, the same reads and writes one
 * statement per step, no hooks, no validation, no ORM). wrk (or autocannon) at 50 connections, app and baseline
 * in alternating rounds (three by default), each judged on the median of its rounds.
 * Guard: the app reaches ≥ 75% of the baseline's req/s with p99 ≤ 1.5× the baseline's. The table also gives
 * each server's CPU time a request, from its own process's counters (/proc/PID/stat, what process.cpuUsage()
 * reads), and that of its PostgreSQL backends. Reported, never chased, never a timed test; exits 1 on a miss.
 * `--pools 4,8,12,20` sweeps the PostgreSQL pool size; the guard is judged at the app's default pool
 * (DATABASE_POOL_MAX, server/config.ts). `--phases pdf,export,uploads` then runs those phases
 * (bench/load-phases.ts) at the default pool.
 * Usage: npm run bench:load [-- --duration 10 --warmup 3 --rounds 3 --connections 50 --pools 20 --keep-db
 *   --endpoints list,detail,draft --phases pdf,export,uploads]
 * Needs a PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres); creates
 * and drops the database lp_bench on it (BENCH_DB).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { serveFlags } from '../scripts/serve-flags.mjs';
import { DEFAULT_DATABASE_POOL_MAX } from '../server/config';
import { ledgerMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { adminQuery, cpuSecondsByPid, median, stop, timeToFirst200 } from './lib';
import { type Check, EXPORT_TARGET, exportPhase, pdfPhase, UPLOAD_TARGET, uploadPhase } from './load-phases';
import { loadRun, type Run } from './load-runner';
import {
  adminUrl,
  appEnv,
  appPort,
  appUrl,
  baselinePort,
  baselineUrl,
  checkSameAnswers,
  checkSameSave,
  createSeededDatabase,
  DRAFT_WRITERS,
  databaseUrl,
  dataDir,
  dbName,
  holdOffJobs,
  shareFullPackage,
  signInAttorneys,
} from './load-setup';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 10);
const warmup = arg('warmup', 3);
const connections = arg('connections', 50);
const keepDb = process.argv.includes('--keep-db');
/** App and baseline alternate (baseline then app, then app then baseline, …): a drift falls on both alike. */
const rounds = arg('rounds', 3);
/** Which endpoints to load (all by default): list, detail, draft. */
const endpointsArg = process.argv.indexOf('--endpoints');
const only = endpointsArg > 0 ? new Set((process.argv[endpointsArg + 1] ?? '').split(',')) : null;
/** Which later phases to run (none by default). */
const phasesArg = process.argv.indexOf('--phases');
const phases = new Set(phasesArg > 0 ? process.argv[phasesArg + 1].split(',') : []);
const phase = (name: string) => phases.has(name);
/** The pool size the app ships with: the targets are judged there. */
const DEFAULT_POOL = DEFAULT_DATABASE_POOL_MAX;
const poolsArg = process.argv.indexOf('--pools');
const pools = poolsArg > 0 ? process.argv[poolsArg + 1].split(',').map(Number) : [DEFAULT_POOL];
/**
 * wrk (C, one thread) when it is installed, else autocannon (Node). Both run on the machine they measure:
 * autocannon spends about as much CPU per request as the server it loads, wrk a fraction of it.
 */
const toolArg = process.argv.indexOf('--tool');
const tool: 'wrk' | 'autocannon' =
  toolArg > 0
    ? (process.argv[toolArg + 1] as 'wrk' | 'autocannon')
    : spawnSync('wrk', ['--version']).error
      ? 'autocannon'
      : 'wrk';

/** Issue 66's guard: at least 75% of the bare baseline's req/s, p99 at most 1.5× its p99. */
const GUARD = { ratio: 0.75, p99Ratio: 1.5 };

type Figures = Run & {
  /** PostgreSQL's WAL bytes per request during the run (writes only). */
  walBytesPerRequest?: number;
  cpuMsPerRequest: number;
  pgCpuMsPerRequest: number;
};

/** The PostgreSQL backends serving the benchmark database (the server runs on this machine). */
async function backendPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [dbName],
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU used by the backends since `before`; a backend opened meanwhile counts whole. */
async function backendCpuSince(before: Map<number, number>) {
  let total = 0;
  for (const [pid, cpu] of cpuSecondsByPid(await backendPids())) total += cpu - (before.get(pid) ?? 0);
  return total;
}

type Put = { body: string; cookies: string[] };

const runLoad = (url: string, cookie: string, seconds: number, put?: Put) =>
  loadRun(tool, { url, cookie, seconds, connections, put });

/** Where PostgreSQL's write-ahead log is now (bytes since the cluster began). */
async function walPosition(): Promise<bigint> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as at`,
    );
    return BigInt(rows[0].at.split('.')[0]);
  } finally {
    await client.end();
  }
}

/** One load run against one server; its own CPU time and that of its PostgreSQL backends are read around it. */
async function load(
  url: string,
  cookie: string,
  seconds: number,
  server: ChildProcess,
  put?: Put,
): Promise<Figures> {
  const pgBefore = cpuSecondsByPid(await backendPids());
  const walBefore = put ? await walPosition() : 0n;
  // The server's own process (node, started directly): its user + system CPU time, as process.cpuUsage() has it.
  const pid = server.pid!;
  const cpuBefore = cpuSecondsByPid([pid]).get(pid)!;
  const run = await runLoad(url, cookie, seconds, put);
  const cpu = cpuSecondsByPid([pid]).get(pid)! - cpuBefore;
  const wal = put ? Number((await walPosition()) - walBefore) : 0;
  const pgCpu = await backendCpuSince(pgBefore);
  const requests = Math.max(1, run.requests);
  return {
    ...run,
    cpuMsPerRequest: (cpu * 1000) / requests,
    pgCpuMsPerRequest: (pgCpu * 1000) / requests,
    ...(put && { walBytesPerRequest: wal / requests }),
  };
}

/** Access events the trail's seal (held off during the bench) has yet to turn into audit entries. */
async function unsealedReads(): Promise<number> {
  const [row] = await adminQuery<{ n: string }>(
    databaseUrl,
    'select count(*) as n from access_events where not in_trail',
  );
  return Number(row.n);
}

const load1 = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const children: ChildProcess[] = [];
let failed = false;
let sessionOfFirstRound: Awaited<ReturnType<typeof shareFullPackage>> | undefined;

/** The app and the baselines, both with `pool` PostgreSQL connections. */
async function startServers(pool: number) {
  const env = {
    ...appEnv(appPort, dataDir),
    DATABASE_POOL_MAX: String(pool),
    // The load is one member reading one request thousands of times a second: past any person's limit.
    FIRM_READ_LIMIT_PER_MINUTE: '1000000000',
    // The upload phase sends a 10 MB file (the per-file limit) through the multipart path as two parts.
    UPLOAD_MULTIPART_THRESHOLD_BYTES: String(5 * 1024 * 1024),
    UPLOAD_MIN_PART_BYTES: String(5 * 1024 * 1024),
  };
  // The app as production runs it (`npm run serve`): the build, not tsx, which compiles modules lazily on
  // its own thread the first time a code path runs (a job, an export) and would be measured with the app.
  const app = await timeToFirst200(
    process.execPath,
    [...serveFlags(), 'dist/server/main.js'],
    `${appUrl}/api/user`,
    env,
    401,
  );
  children.push(app.child);
  // With the app's V8 flags, so neither recompiles its code after the other's turn.
  const startBaseline = async (port: number) => {
    const started = await timeToFirst200(
      process.execPath,
      [
        ...serveFlags().filter((f) => f !== '--enable-source-maps'),
        '--import',
        'tsx',
        'bench/load-baseline.ts',
      ],
      `http://127.0.0.1:${port}/api/attorney/lpq-requests`,
      { PORT: String(port), DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: String(pool) },
      401,
    );
    children.push(started.child);
    return started.child;
  };
  const baseline = await startBaseline(baselinePort);
  return { app: app.child, baseline };
}

async function stopServers(servers: { app: ChildProcess; baseline: ChildProcess }) {
  for (const child of [servers.app, servers.baseline]) {
    stop(child);
    children.splice(children.indexOf(child), 1);
  }
  // Until both ports are free again.
  for (const url of [appUrl, baselineUrl])
    for (let i = 0; i < 200; i++) {
      const up = await fetch(url).then(
        () => true,
        () => false,
      );
      if (!up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
}

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 0);
const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
const WIDTHS = [18, 8, 8, 6, 8, 8, 6, 9, 9, 6, 8, 8, 5];
const HEADER = [
  'route',
  'app r/s',
  'base r/s',
  'ratio',
  'app p99',
  'base p99',
  'p99 ×',
  'app CPU',
  'base CPU',
  'CPU ×',
  'app PG',
  'base PG',
  'guard',
];

try {
  console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model}; load average ${load1()}`);
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  let started = performance.now();
  const { counts, files } = await createSeededDatabase();
  await holdOffJobs();
  console.log(
    `seeded ${dbName} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${Object.entries(counts)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  console.log(
    `${tool}: ${connections} connections, ${warmup} s warm-up then ${duration} s measured, ${rounds} rounds per server and route`,
  );
  const summary: string[] = [];
  for (const [p, pool] of pools.entries()) {
    started = performance.now();
    const servers = await startServers(pool);
    const session = sessionOfFirstRound ?? (await shareFullPackage(files));
    sessionOfFirstRound = session;
    const draftWriters = await signInAttorneys(DRAFT_WRITERS);
    // The full master LPQ with PRODUCT.md §12's figures (three years, the year to date, four client cards).
    const draftBody = JSON.stringify({ data: ledgerMasterLpq() });
    const allEndpoints: { key: string; name: string; path: string; cookie: string; put?: Put }[] = [
      { key: 'list', name: 'attorney list', path: '/api/attorney/lpq-requests', cookie: session.attorney },
      {
        key: 'detail',
        name: 'firm detail',
        path: `/api/firm/lpq-requests/${session.requestId}`,
        cookie: session.firm,
      },
      {
        key: 'draft',
        name: 'autosave',
        path: '/api/attorney/drafts/master-lpq',
        cookie: draftWriters[0],
        put: { body: draftBody, cookies: draftWriters },
      },
    ];
    const endpoints = allEndpoints.filter((e) => !only || only.has(e.key));
    for (const e of endpoints) {
      if (e.put) await checkSameSave(e.path, e.cookie, e.put.body);
      else await checkSameAnswers(e.path, e.cookie);
    }
    console.log(
      `\npool ${pool}: servers up${p === 0 ? ' and package shared' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s; the same answers from both`,
    );
    const lines: string[] = [];
    for (const e of endpoints) {
      // What the route before wrote (the firm read writes an access event per read) is vacuumed now, not by
      // autovacuum during this route's rounds.
      await adminQuery(databaseUrl, 'vacuum');
      const measure = async (url: string, child: ChildProcess) => {
        // Every run starts just after a checkpoint, so none has PostgreSQL's timed checkpoint fall inside it.
        await adminQuery(adminUrl, 'checkpoint');
        await load(url, e.cookie, warmup, child, e.put);
        return load(url, e.cookie, duration, child, e.put);
      };
      const got: { app: Figures[]; base: Figures[] } = { app: [], base: [] };
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? (['base', 'app'] as const) : (['app', 'base'] as const);
        for (const which of order) {
          const f = await measure(
            `${which === 'app' ? appUrl : baselineUrl}${e.path}`,
            which === 'app' ? servers.app : servers.baseline,
          );
          got[which].push(f);
          console.log(
            `  ${e.name}, ${which === 'app' ? 'app     ' : 'baseline'} round ${r + 1}: ${f.reqPerSec.toFixed(0)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors, CPU ${f.cpuMsPerRequest.toFixed(3)} ms/req, PG ${f.pgCpuMsPerRequest.toFixed(3)} ms/req, load average ${load1()}${f.walBytesPerRequest === undefined ? '' : `, WAL ${f.walBytesPerRequest.toFixed(0)} B/req`}`,
          );
        }
      }
      const med = (which: 'app' | 'base', k: 'reqPerSec' | 'p99' | 'cpuMsPerRequest' | 'pgCpuMsPerRequest') =>
        median(got[which].map((f) => f[k]));
      const ratio = med('app', 'reqPerSec') / med('base', 'reqPerSec');
      const p99Ratio = med('app', 'p99') / med('base', 'p99');
      const errors = got.app.reduce((n, f) => n + f.errors, 0);
      const met = ratio >= GUARD.ratio && p99Ratio <= GUARD.p99Ratio && errors === 0;
      const judged = pool === DEFAULT_POOL;
      if (!met && judged) failed = true;
      lines.push(
        row(
          [
            e.name,
            med('app', 'reqPerSec').toFixed(0),
            med('base', 'reqPerSec').toFixed(0),
            `${(ratio * 100).toFixed(0)}%`,
            ms(med('app', 'p99')),
            ms(med('base', 'p99')),
            p99Ratio.toFixed(2),
            med('app', 'cpuMsPerRequest').toFixed(3),
            med('base', 'cpuMsPerRequest').toFixed(3),
            (med('app', 'cpuMsPerRequest') / med('base', 'cpuMsPerRequest')).toFixed(2),
            med('app', 'pgCpuMsPerRequest').toFixed(3),
            med('base', 'pgCpuMsPerRequest').toFixed(3),
            `${met ? 'pass' : 'MISS'}${errors ? ` (${errors} errors)` : ''}${judged ? '' : ' (not judged)'}`,
          ],
          WIDTHS,
        ),
      );
      if (e.key === 'detail')
        console.log(
          `  access events left for the trail's seal (held off during the bench): ${await unsealedReads()}`,
        );
    }
    const table = [
      `pool ${pool}, median of ${rounds} rounds (req/s; p99 ms; CPU ms a request, the server's own process and its PostgreSQL backends); guard ≥ ${GUARD.ratio * 100}% req/s, p99 ≤ ${GUARD.p99Ratio}×:`,
      row(HEADER, WIDTHS),
      ...lines,
    ].join('\n');
    console.log(`\n${table}`);
    summary.push(table);
    if (pool === DEFAULT_POOL && phases.size) {
      const checks: Check[] = [];
      if (phase('pdf')) console.log(`\nPDF export (pool ${pool}):`);
      if (phase('pdf'))
        checks.push(
          ...(await pdfPhase({
            appUrl,
            appPgid: servers.app.pid!,
            firmCookie: session.firm,
            requestId: session.requestId,
            seconds: duration,
            rounds,
            loadOther: (seconds) => runLoad(`${appUrl}${allEndpoints[0].path}`, session.attorney, seconds),
          })),
        );
      if (phase('export')) {
        console.log(`\ndata export (pool ${pool}):`);
        checks.push(
          ...(await exportPhase({
            appUrl,
            // Signed in just now: the data export asks for a sign-in in the last 10 minutes (PRODUCT.md §10),
            // and the rounds before this phase take longer than that on a slow machine.
            attorneyCookies: await signInAttorneys(EXPORT_TARGET.concurrent),
            seconds: duration,
            rounds,
            loadOther: (seconds) => runLoad(`${appUrl}${allEndpoints[0].path}`, session.attorney, seconds),
          })),
        );
      }
      // Each upload path on a freshly started app, so neither inherits the memory the other phases left.
      await stopServers(servers);
      for (const kind of phase('uploads') ? (['single', 'multipart'] as const) : []) {
        const fresh = await startServers(pool);
        console.log(`uploads, ${kind} (fresh app, pool ${pool}):`);
        const attorneys = await signInAttorneys(UPLOAD_TARGET.concurrent);
        checks.push(
          ...(await uploadPhase({ appUrl, appPgid: fresh.app.pid!, attorneyCookies: attorneys, kind })),
        );
        await stopServers(fresh);
      }
      for (const c of checks) {
        if (!c.met) failed = true;
        summary.push(`${c.label}: ${c.value}: ${c.met ? 'met' : 'MISSED'}`);
      }
    } else await stopServers(servers);
  }
  console.log(
    `\nsummary (the guard judged at pool ${DEFAULT_POOL}, load average now ${load1()}):\n${summary.join('\n')}`,
  );
} finally {
  for (const child of children) stop(child);
  rmSync(dataDir, { recursive: true, force: true });
  if (!keepDb) {
    // The servers need a moment to close their pools; FORCE ends whatever is left.
    await new Promise((r) => setTimeout(r, 500));
    await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  }
}
process.exitCode = failed ? 1 : 0;
