/**
 * A/B: two copies of the built app side by side on one seeded database, A with package.json's serve flags plus
 * `--a-flags`, B with them plus `--b-flags`, loaded in alternating rounds (ABBAABBAAB: each is measured as
 * often first and last, so a machine that speeds up or slows down during the run weighs on both alike). Each
 * first serves 20 s of the attorney's request list (the state bench:load's autosave runs in), then each round
 * is 3 s of warm-up and `--duration` seconds measured (30 by default) of autosave's write (PUT
 * /api/attorney/drafts/master-lpq, 50 attorneys in turn) at 50 connections. Rounds of 10 s never took either
 * copy to its first full collection under load, and what V8 does after that one is what a setting of its
 * heap changes (BENCHMARKS.md, What we learned: the V8 heap flags); at 30 s a run takes about six minutes. Reports req/s, p99 and the
 * server's CPU a save (from /proc) for every round and their medians. bench:load compares the app with a bare
 * baseline; this compares the app with itself, so a setting's cost shows apart from the machine's drift (which
 * moved req/s by half within one run here).
 * Builds first, as bench:load does; the load is wrk's (apt-get install wrk).
 * `--a-build <dir>` (or `--b-build`) runs that copy from another checkout, built here first: a change tried in a
 * scratch worktree (`git worktree add`) against this one, each of its parts measured apart.
 * Usage: npm run bench:ab -- --a-flags "--heap-growing-percent=0" [--b-flags "..."] [--a-build ../x] [--duration 30] [--keep-db]
 * Needs a PostgreSQL server (BENCH_PG_URL, as bench:load); creates the database lp_bench unless --keep-db, and
 * leaves it for the next --keep-db run.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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
const seconds = Number(arg('--duration', '30'));
const connections = 50;
const order = 'ABBAABBAAB';
const dataDirOf = (name: string) => `/tmp/lp-data-bench/ab-${name}-${process.pid}`;

for (const root of new Set(copies.map((c) => c.root))) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) throw new Error(`npm run build failed in ${root}`);
}
if (!process.argv.includes('--keep-db')) await createSeededDatabase();
await holdOffJobs();
console.log(
  copies
    .map(
      (c) =>
        `${c.name}: serve flags ${c.flags.join(' ') || '(as they are)'}${c.root === '.' ? '' : `, build of ${c.root}`}`,
    )
    .join('; '),
);

const running = [];
try {
  for (const copy of copies) {
    const url = `http://127.0.0.1:${copy.port}`;
    const { child } = await timeToFirst200(
      process.execPath,
      [...serveFlags(), ...copy.flags, path.join(copy.root, 'dist/server/main.js')],
      `${url}/api/user`,
      appEnv(copy.port, dataDirOf(copy.name)),
      401,
    );
    running.push({ ...copy, url, child, rounds: [] as { reqPerSec: number; p99: number; cpuMs: number }[] });
  }
  // Sessions live in the database: the cookies signed in through A serve on B as well.
  const cookies = await signInAttorneys(DRAFT_WRITERS);
  const put = { body: JSON.stringify({ data: completeMasterLpq() }), cookies };
  for (const copy of running)
    await loadRun('wrk', {
      url: `${copy.url}/api/attorney/lpq-requests`,
      cookie: cookies[0],
      seconds: 20,
      connections,
    });
  for (const name of order) {
    const copy = running.find((c) => c.name === name)!;
    const spec = { url: `${copy.url}/api/attorney/drafts/master-lpq`, cookie: cookies[0], connections, put };
    await loadRun('wrk', { ...spec, seconds: 3 });
    const pid = copy.child.pid!;
    const before = cpuSecondsByPid([pid]).get(pid)!;
    const run = await loadRun('wrk', { ...spec, seconds });
    const cpuMs = ((cpuSecondsByPid([pid]).get(pid)! - before) * 1000) / run.requests;
    copy.rounds.push({ reqPerSec: run.reqPerSec, p99: run.p99, cpuMs });
    console.log(
      `  ${name}: ${run.reqPerSec.toFixed(0).padStart(6)} saves/s, p99 ${String(run.p99).padStart(6)} ms, CPU ${cpuMs.toFixed(3)} ms a save, ${run.errors} errors`,
    );
  }
  for (const copy of running) {
    const of = (key: 'reqPerSec' | 'p99' | 'cpuMs') => median(copy.rounds.map((r) => r[key]));
    console.log(
      `${copy.name}, median of ${copy.rounds.length} rounds: ${of('reqPerSec').toFixed(0)} saves/s, p99 ${of('p99')} ms, CPU ${of('cpuMs').toFixed(3)} ms a save`,
    );
  }
} finally {
  for (const copy of running) stop(copy.child);
  for (const copy of copies) rmSync(dataDirOf(copy.name), { recursive: true, force: true });
}
