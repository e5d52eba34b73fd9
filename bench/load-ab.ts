/**
 * A/B: two copies of the built app side by side on one seeded database, A with package.json's serve flags plus
 * `--a-flags`, B with them plus `--b-flags` (or each from its own build: `--a-build dir`, a checkout built here
 * first, e.g. a scratch `git worktree add` of another commit). For each hot route (`--endpoints list,detail,draft`:
 * the attorney's request list, the firm's request detail, autosave's PUT /api/attorney/drafts/master-lpq over 50
 * attorneys) the two are loaded in interleaved rounds (ABBAAB: each measured as often first and last, so a machine
 * that speeds up or slows down during the run weighs on both alike), each round 3 s of warm-up and `--duration`
 * seconds measured (10 by default) at 50 connections. Reports req/s, p99 and the server's CPU a request (its own
 * process's counters, /proc) for every round and their medians, and B against A. Issue 66 decided each hot
 * route's one-statement form with it (BENCHMARKS.md). Builds first, as bench:load does; the load is wrk's when
 * installed, else autocannon's.
 * Usage: npm run bench:ab -- [--a-flags "..."] [--b-flags "..."] [--a-build ../x] [--endpoints list,draft]
 *   [--duration 10] [--keep-db]
 * Needs a PostgreSQL server (BENCH_PG_URL, as bench:load); creates the database lp_bench unless --keep-db, and
 * leaves it for the next --keep-db run.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { serveFlags } from '../scripts/serve-flags.mjs';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { cpuSecondsByPid, median, stop, timeToFirst200 } from './lib';
import { loadRun } from './load-runner';
import {
  aaPort,
  appEnv,
  appPort,
  createSeededDatabase,
  DRAFT_WRITERS,
  holdOffJobs,
  shareFullPackage,
  signInAttorneys,
} from './load-setup';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const copies = [
  // The attorneys sign in through appPort (load-setup.ts): A listens there.
  { name: 'A', port: appPort, flags: words(arg('--a-flags', '')), root: arg('--a-build', '.') },
  { name: 'B', port: aaPort, flags: words(arg('--b-flags', '')), root: arg('--b-build', '.') },
] as const;
const seconds = Number(arg('--duration', '10'));
const connections = 50;
const order = 'ABBAAB';
const endpoints = arg('--endpoints', 'list,detail,draft').split(',');
const tool = spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';
const dataDirOf = (name: string) => `/tmp/lp-data-bench/ab-${name}-${process.pid}`;

for (const root of new Set(copies.map((c) => c.root))) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) throw new Error(`npm run build failed in ${root}`);
}
const seeded = process.argv.includes('--keep-db') ? null : await createSeededDatabase();
await holdOffJobs();
console.log(
  copies
    .map(
      (c) =>
        `${c.name}: serve flags ${c.flags.join(' ') || '(as they are)'}${c.root === '.' ? '' : `, build of ${c.root}`}`,
    )
    .join('; '),
);

type Figures = { reqPerSec: number; p99: number; cpuMs: number };
const running = [];
try {
  for (const copy of copies) {
    const url = `http://127.0.0.1:${copy.port}`;
    const { child } = await timeToFirst200(
      process.execPath,
      [...serveFlags(), ...copy.flags, path.join(copy.root, 'dist/server/main.js')],
      `${url}/api/user`,
      // The load is one member reading one request thousands of times a second: past any person's limit.
      { ...appEnv(copy.port, dataDirOf(copy.name)), FIRM_READ_LIMIT_PER_MINUTE: '1000000000' },
      401,
    );
    running.push({ ...copy, url, child });
  }
  // Sessions live in the database: the cookies signed in through A serve on B as well.
  const cookies = await signInAttorneys(DRAFT_WRITERS);
  const shared = seeded ? await shareFullPackage(seeded.files) : null;
  const put = { body: JSON.stringify({ data: completeMasterLpq() }), cookies };
  const routes = {
    list: { path: '/api/attorney/lpq-requests', cookie: shared?.attorney ?? cookies[0] },
    detail: { path: `/api/firm/lpq-requests/${shared?.requestId}`, cookie: shared?.firm ?? '' },
    draft: { path: '/api/attorney/drafts/master-lpq', cookie: cookies[0], put },
  } as Record<string, { path: string; cookie: string; put?: typeof put }>;
  const medians: string[] = [];
  for (const key of endpoints) {
    const route = routes[key];
    if (!route || (key === 'detail' && !shared))
      throw new Error(`--endpoints ${key}: unknown, or needs a fresh database`);
    console.log(
      `${key}: ${route.put ? 'PUT' : 'GET'} ${route.path}, ${tool}, ${connections} connections, ${seconds} s rounds`,
    );
    const rounds: Record<string, Figures[]> = { A: [], B: [] };
    for (const name of order) {
      const copy = running.find((c) => c.name === name)!;
      const spec = { url: `${copy.url}${route.path}`, cookie: route.cookie, connections, put: route.put };
      await loadRun(tool, { ...spec, seconds: 3 });
      const pid = copy.child.pid!;
      const before = cpuSecondsByPid([pid]).get(pid)!;
      const run = await loadRun(tool, { ...spec, seconds });
      const cpuMs = ((cpuSecondsByPid([pid]).get(pid)! - before) * 1000) / Math.max(1, run.requests);
      rounds[name].push({ reqPerSec: run.reqPerSec, p99: run.p99, cpuMs });
      console.log(
        `  ${name}: ${run.reqPerSec.toFixed(0).padStart(6)} req/s, p99 ${String(run.p99).padStart(6)} ms, CPU ${cpuMs.toFixed(3)} ms a request, ${run.errors} errors, load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    const of = (name: string, k: keyof Figures) => median(rounds[name].map((r) => r[k]));
    for (const name of ['A', 'B'])
      console.log(
        `${key} ${name}, median of ${rounds[name].length} rounds: ${of(name, 'reqPerSec').toFixed(0)} req/s, p99 ${of(name, 'p99')} ms, CPU ${of(name, 'cpuMs').toFixed(3)} ms a request`,
      );
    const line = `${key}: B/A req/s ${((of('B', 'reqPerSec') / of('A', 'reqPerSec')) * 100).toFixed(0)}%, p99 ${(of('B', 'p99') / of('A', 'p99')).toFixed(2)}×, CPU a request ${(of('B', 'cpuMs') / of('A', 'cpuMs')).toFixed(2)}× (medians)`;
    console.log(line);
    medians.push(line);
  }
  console.log(`\nsummary:\n${medians.join('\n')}`);
} finally {
  for (const copy of running) stop(copy.child);
  for (const copy of copies) rmSync(dataDirOf(copy.name), { recursive: true, force: true });
}
