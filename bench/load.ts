/**
 * Load: wrk (or autocannon) at 50 connections against the attorney's request list (signed
 * in, 20 requests) and a firm's request detail (a full shared package, one access event written per read),
 * on PostgreSQL seeded with 10k attorneys and 1k firms — the real app (built, as `npm run serve` runs it) beside two bare Fastify + pg
 * baselines (bench/load-baseline.ts): the same work in ONE statement (session + read + access event in one
 * CTE: the physical limit of a signed-in read) and in three statements (the plain way, one per step).
 * It also loads autosave's write, PUT /api/attorney/drafts/master-lpq (a full master LPQ as the draft, each
 * request as the next of 50 signed-in attorneys), beside the baseline's same upsert in one statement, with
 * the WAL bytes PostgreSQL wrote per save (cluster-wide: other clients of the server count too).
 * Targets: the app reaches ≥ 90% of the one-statement baseline's req/s with p99 ≤ 1.1× its p99, 0 errors.
 * `--pools 4,8,12,20` sweeps the PostgreSQL pool size (app and baselines alike); the targets are judged at
 * the app's default pool size (DATABASE_POOL_MAX, server/config.ts), the others are shown for the choice.
 * Reported, never asserted in tests; exits 1 when a target is missed.
 * At the default pool it then runs the PDF, data export and upload phases (bench/load-phases.ts; --skip-phases
 * skips them; --phases pdf,export,uploads picks some; --endpoints with nothing after it loads no endpoint).
 * Usage: npm run bench:load [-- --duration 10 --warmup 3 --rounds 5 --connections 50 --pools 20 --skip-phases --keep-db
 *   --endpoints list,detail,draft --aa]
 * Needs a PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres); creates
 * and drops the database lp_bench on it.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { serveFlags } from '../scripts/serve-flags.mjs';
import { DEFAULT_DATABASE_POOL_MAX } from '../server/config';
import { ledgerMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { adminQuery, cpuSecondsByPid, groupCpuSeconds, median, stop, timeToFirst200 } from './lib';
import { type Check, EXPORT_TARGET, exportPhase, pdfPhase, UPLOAD_TARGET, uploadPhase } from './load-phases';
import { loadRun, pooled, type Run } from './load-runner';
import {
  aaPort,
  aaUrl,
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
/**
 * The app and the one-statement baseline are measured in alternating rounds (baseline then app, then app
 * then baseline, …), so a drift in the machine's load falls on both alike instead of on whichever ran last.
 * Each target is judged on the rounds pooled: every request of the app's rounds against every request of
 * the baseline's (req/s over the summed time, p99 of all latencies together): one round's p99 is decided
 * by a handful of scheduler stalls when the servers, PostgreSQL and wrk share two cores, so a ratio of two
 * single rounds (or their median) misses the target even between two copies of the same server (`--aa`).
 */
const rounds = arg('rounds', 5);
/** A/A: a second copy of the one-statement baseline stands in for the app, to show the method's own noise. */
const aa = process.argv.includes('--aa');
/** Which endpoints to load (all by default): list, detail, draft. */
const endpointsArg = process.argv.indexOf('--endpoints');
const only = endpointsArg > 0 ? new Set((process.argv[endpointsArg + 1] ?? '').split(',')) : null;
/** Which later phases to run (all by default). */
const phasesArg = process.argv.indexOf('--phases');
const phases = phasesArg > 0 ? new Set(process.argv[phasesArg + 1].split(',')) : null;
const phase = (name: string) => !phases || phases.has(name);
/** Only the endpoint load: no PDF and upload phases. */
const skipPhases = process.argv.includes('--skip-phases');
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

const TARGETS = { ratio: 0.9, p99Ratio: 1.1 };

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
  const cpuBefore = groupCpuSeconds(server.pid!);
  const run = await runLoad(url, cookie, seconds, put);
  const cpu = groupCpuSeconds(server.pid!) - cpuBefore;
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
  const again = aa ? await startBaseline(aaPort) : undefined;
  return { app: app.child, baseline, again };
}

async function stopServers(servers: { app: ChildProcess; baseline: ChildProcess; again?: ChildProcess }) {
  for (const child of [servers.app, servers.baseline, servers.again]) {
    if (!child) continue;
    stop(child);
    children.splice(children.indexOf(child), 1);
  }
  // Until both ports are free again.
  for (const url of [appUrl, baselineUrl, ...(servers.again ? [aaUrl] : [])])
    for (let i = 0; i < 200; i++) {
      const up = await fetch(url).then(
        () => true,
        () => false,
      );
      if (!up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
}

const fmt = (f: Figures, ratio: string) =>
  `${f.reqPerSec.toFixed(0).padStart(8)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.errors).padStart(7)} ${ratio.padStart(12)} ${f.cpuMsPerRequest.toFixed(2).padStart(11)} ${f.pgCpuMsPerRequest.toFixed(2).padStart(14)}  ${load1()}${f.walBytesPerRequest === undefined ? '' : `  WAL ${f.walBytesPerRequest.toFixed(0)} B/save`}`;

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
    `${tool}: ${connections} connections, ${warmup} s warm-up then ${duration} s measured, per server and endpoint`,
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
    const allEndpoints: {
      key: string;
      name: string;
      path: string;
      cookie: string;
      detail: string;
      put?: Put;
    }[] = [
      {
        key: 'list',
        name: 'GET /api/attorney/lpq-requests',
        path: '/api/attorney/lpq-requests',
        cookie: session.attorney,
        detail: `signed in, ${session.listLength} requests`,
      },
      {
        key: 'detail',
        name: 'GET /api/firm/lpq-requests/{id}',
        path: `/api/firm/lpq-requests/${session.requestId}`,
        cookie: session.firm,
        detail: 'full shared package + access event',
      },
      {
        key: 'draft',
        name: 'PUT /api/attorney/drafts/master-lpq',
        path: '/api/attorney/drafts/master-lpq',
        cookie: draftWriters[0],
        detail: `autosave of a full master LPQ, ${draftBody.length} bytes of JSON, ${DRAFT_WRITERS} attorneys in turn`,
        put: { body: draftBody, cookies: draftWriters },
      },
    ];
    const endpoints = allEndpoints.filter((e) => !only || only.has(e.key));
    for (const [i, e] of endpoints.entries()) {
      if (e.put) {
        await checkSameSave(e.path, e.cookie, e.put.body);
        continue;
      }
      const json = await checkSameAnswers(e.path, e.cookie);
      e.detail += `, ${json.length} bytes of JSON`;
      // The floor serves the same bytes from memory (bench/load-baseline.ts).
      const res = await fetch(`${baselineUrl}/floor/${i}`, { method: 'PUT', body: json });
      if (res.status !== 204) throw new Error(`PUT /floor/${i}: ${res.status}`);
    }
    console.log(
      `\npool ${pool}: servers up${p === 0 ? ' and package shared' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `${'endpoint / server'.padEnd(44)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'vs 1-stmt'.padStart(12)} ${'CPU ms/req'.padStart(11)} ${'PG CPU ms/req'.padStart(14)}  load avg`,
    );
    // The floor does no work at all: what this machine's HTTP stack and load generator allow by themselves.
    const servers_ = [
      {
        key: 'floor',
        label: 'floor (same JSON from memory)',
        url: (_e: string, i: number) => `${baselineUrl}/floor/${i}`,
        child: servers.baseline,
      },
      {
        key: 'three',
        label: 'baseline, 3 statements',
        url: (path: string) => `${baselineUrl}/three${path}`,
        child: servers.baseline,
      },
      {
        key: 'one',
        label: 'baseline, 1 statement (CTE)',
        url: (path: string) => `${baselineUrl}${path}`,
        child: servers.baseline,
      },
      servers.again
        ? {
            key: 'app',
            label: 'baseline again (A/A)',
            url: (path: string) => `${aaUrl}${path}`,
            child: servers.again,
          }
        : { key: 'app', label: 'app', url: (path: string) => `${appUrl}${path}`, child: servers.app },
    ];
    for (const [i, e] of endpoints.entries()) {
      console.log(`${e.name} (${e.detail})`);
      // What the endpoint before wrote (the firm read writes an access event per read) is vacuumed now,
      // not by autovacuum during this endpoint's first rounds, where its work (and its write-ahead log,
      // counted as the saves') fell on whichever server ran then.
      await adminQuery(databaseUrl, 'vacuum');
      const measure = async (server: (typeof servers_)[number]) => {
        const url = server.url(e.path, i);
        // Every run starts just after a checkpoint, so none has PostgreSQL's timed checkpoint (and the full
        // page images written after it) fall inside it while the other does not.
        await adminQuery(adminUrl, 'checkpoint');
        await load(url, e.cookie, warmup, server.child, e.put);
        return load(url, e.cookie, duration, server.child, e.put);
      };
      const [floor, three, one, app] = servers_;
      const once: Record<string, Figures> = {};
      // A write has no floor (a stored answer) and no three-statement form.
      for (const server of e.put ? [] : [floor, three]) {
        once[server.key] = await measure(server);
        console.log(`  ${server.label.padEnd(42)} ${fmt(once[server.key], '')}`);
      }
      const pairs: { one: Figures; app: Figures }[] = [];
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? [one, app] : [app, one];
        const round: Record<string, Figures> = {};
        for (const server of order) round[server.key] = await measure(server);
        pairs.push({ one: round.one, app: round.app });
        const ratio = `${((round.app.reqPerSec / round.one.reqPerSec) * 100).toFixed(0)}%`;
        console.log(`  ${`${one.label}, round ${r + 1}`.padEnd(42)} ${fmt(round.one, '100%')}`);
        console.log(`  ${`${app.label}, round ${r + 1}`.padEnd(42)} ${fmt(round.app, ratio)}`);
      }
      const medianRatio = median(pairs.map((p) => p.app.reqPerSec / p.one.reqPerSec));
      const medianP99Ratio = median(pairs.map((p) => p.app.p99 / p.one.p99));
      const all = { one: pooled(pairs.map((p) => p.one)), app: pooled(pairs.map((p) => p.app)) };
      // Without histograms (autocannon) the median of the rounds' ratios decides.
      const ratio = all.one && all.app ? all.app.reqPerSec / all.one.reqPerSec : medianRatio;
      const p99Ratio = all.one && all.app ? all.app.p99 / all.one.p99 : medianP99Ratio;
      const errors = pairs.reduce((n, p) => n + p.app.errors, 0);
      const p99s = (key: 'one' | 'app') =>
        all[key] ? `${all[key].p99} pooled` : pairs.map((p) => p[key].p99).join(', ');
      const misses = [
        ratio < TARGETS.ratio && `req/s ${(ratio * 100).toFixed(0)}% of the 1-statement baseline < 90%`,
        p99Ratio > TARGETS.p99Ratio && `p99 ${p99Ratio.toFixed(3)}× the 1-statement baseline's > 1.1×`,
        errors > 0 && `${errors} errors`,
      ].filter(Boolean);
      const judged = pool === DEFAULT_POOL;
      if (misses.length && judged) failed = true;
      const how = all.one && all.app ? `${rounds} rounds pooled` : `median of ${rounds} rounds`;
      const medians =
        all.one && all.app
          ? ` [median of the rounds' ratios: ${(medianRatio * 100).toFixed(0)}%, ${medianP99Ratio.toFixed(2)}×; the first round's: ${((pairs[0].app.reqPerSec / pairs[0].one.reqPerSec) * 100).toFixed(0)}%, ${(pairs[0].app.p99 / pairs[0].one.p99).toFixed(2)}×]`
          : '';
      const line = `  pool ${pool}, ${how}: req/s ${(ratio * 100).toFixed(0)}% (target ≥ 90%), p99 ${p99Ratio.toFixed(2)}× (${aa ? 'A/A' : 'app'} ${p99s('app')} / baseline ${p99s('one')} ms; target ≤ 1.1×), ${errors} errors: ${misses.length ? `MISSED: ${misses.join('; ')}` : 'met'}${judged ? '' : ' (not the default pool: reported only)'}${medians}`;
      console.log(line);
      summary.push(`${e.name}${line}`);
      if (e.key === 'detail')
        console.log(
          `  access events left for the trail's seal (held off during the bench): ${await unsealedReads()}`,
        );
    }
    if (pool === DEFAULT_POOL && !skipPhases) {
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
  console.log(`\nsummary (load targets judged at pool ${DEFAULT_POOL}):\n${summary.join('\n')}`);
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
