import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ServerProcess = {
  port: number;
  baseUrl: string;
  alive(): boolean;
  /** The last lines the process wrote, to explain a failure. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, open transactions are cut off. Resolves once it has exited. */
  kill(): Promise<void>;
};

const started = new Set<ChildProcess>();

/**
 * Runs server/main.ts as its own process, the way it runs in production. `node --import tsx` rather than
 * `npx tsx`: the tsx CLI runs the server in a grandchild, and a SIGKILL to the CLI would leave it running.
 */
export async function startServer(opts: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(opts.port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: opts.databaseUrl,
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      // The load below comes from one client address: keep the per-client limits out of the way.
      REGISTER_RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = once(child, 'exit');
  const alive = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    port: opts.port,
    baseUrl,
    alive,
    output: () => output,
    async kill() {
      if (alive()) {
        child.kill('SIGKILL');
        await exited;
      }
      started.delete(child);
    },
  };

  // Ready when it answers HTTP at all (GET /api/user needs no database when signed out).
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`server on ${opts.port} exited while starting:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/user`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      return server;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await server.kill();
  throw new Error(`server on ${opts.port} did not answer within 30 s:\n${output}`);
}

/** Kills every server process a test started and has not killed yet (afterAll, even after a failure). */
export async function killAllServers() {
  await Promise.all(
    [...started].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }
      started.delete(child);
    }),
  );
}

export type ApiReply = {
  status: number;
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
  cookie?: string;
  startedAt: number;
  endedAt: number;
  /** Set when no HTTP answer came: refused, reset, or no answer within the timeout. */
  error?: string;
};

/** One HTTP call that never throws and never waits longer than timeoutMs. */
export async function callApi(
  baseUrl: string,
  method: string,
  pathname: string,
  opts: { body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<ApiReply> {
  const startedAt = Date.now();
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.cookie) headers.cookie = opts.cookie;
  try {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const session = res.headers.getSetCookie().find((c) => c.startsWith('lp_session='));
    return {
      status: res.status,
      json,
      cookie: session?.split(';')[0],
      startedAt,
      endedAt: Date.now(),
    };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return {
      status: 0,
      json: undefined,
      startedAt,
      endedAt: Date.now(),
      error: `${e.name}: ${e.cause?.code ?? e.message}`,
    };
  }
}

/** callApi that insists on the expected status (test setup). */
export async function expectApi<T = unknown>(
  baseUrl: string,
  method: string,
  pathname: string,
  expected: number,
  opts: { body?: unknown; cookie?: string } = {},
): Promise<{ json: T; cookie?: string }> {
  const res = await callApi(baseUrl, method, pathname, { ...opts, timeoutMs: 15_000 });
  if (res.status !== expected) {
    throw new Error(
      `${method} ${pathname}: expected ${expected}, got ${res.status} ${res.error ?? JSON.stringify(res.json)}`,
    );
  }
  return { json: res.json as T, cookie: res.cookie };
}
