import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts a command and resolves with the ms until `url` first answers 200 (or `status`). */
export async function timeToFirst200(
  command: string,
  args: string[],
  url: string,
  env: NodeJS.ProcessEnv = {},
  status = 200,
): Promise<{ ms: number; child: ChildProcess }> {
  const busy = await fetch(url).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`${url} already answers: stop whatever listens there first`);
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  const deadline = started + 180_000;
  while (performance.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status === status) return { ms: performance.now() - started, child };
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  stop(child);
  throw new Error(`${command} ${args.join(' ')}: no ${status} from ${url} within 180 s`);
}

export function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// USER_HZ, 100 on Linux for every architecture Node runs on.
const CLOCK_TICKS_PER_SECOND = 100;

/** A process's group and the CPU seconds (user + system) it has used, or null once it has exited. */
function readProcStat(pid: number | string): { pgrp: number; cpuSeconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name, which may contain spaces: state ppid pgrp … utime(14) stime(15).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pgrp: Number(fields[2]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND,
  };
}

/**
 * CPU seconds used so far by the live processes of a process group, e.g. a server started detached by
 * timeToFirst200 (npx → tsx → node all share its group). On a machine shared with other work, CPU per
 * request is steadier than requests per second.
 */
export function groupCpuSeconds(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(entry);
    if (stat?.pgrp === pgid) total += stat.cpuSeconds;
  }
  return total;
}

/** CPU seconds used so far by each of these processes (e.g. PostgreSQL backends on this machine). */
export function cpuSecondsByPid(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, readProcStat(pid)?.cpuSeconds ?? 0]));
}

/** Resident memory (bytes) of the live processes of a process group (npx → tsx → node: only node moves). */
export function groupRssBytes(pgid: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || readProcStat(entry)?.pgrp !== pgid) continue;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Runs `work` while sampling the group's RSS every 10 ms; answers its result and the peak rise in bytes. */
export async function peakRssRise<T>(pgid: number, work: () => Promise<T>) {
  const before = groupRssBytes(pgid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRssBytes(pgid));
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, groupRssBytes(pgid));
    return { result, rise: peak - before, before };
  } finally {
    clearInterval(timer);
  }
}

/** One statement on the PostgreSQL server itself (create or drop a benchmark's database). */
export async function adminQuery<Row extends Record<string, unknown>>(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}
