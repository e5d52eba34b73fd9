import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts a command and resolves with the ms until `url` first answers 200. */
export async function timeToFirst200(
  command: string,
  args: string[],
  url: string,
  env: NodeJS.ProcessEnv = {},
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
      if (res.status === 200) return { ms: performance.now() - started, child };
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  stop(child);
  throw new Error(`${command} ${args.join(' ')}: no 200 from ${url} within 180 s`);
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
