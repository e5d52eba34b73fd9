import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lp-shutdown-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<[number | null]> };

/** server/main.ts as its own process on a free port, on its own embedded database. */
async function startServer(name: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: path.join(tmp, name),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const server = {
    child,
    port,
    output: () => out,
    exited: once(child, 'exit') as Promise<[number | null]>,
  };
  const deadline = Date.now() + 60_000;
  while (!out.includes('Lateral Passport is running')) {
    if (child.exitCode !== null) throw new Error(`exited while starting:\n${out}`);
    if (Date.now() > deadline) throw new Error(`did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** Resolves true once nothing accepts connections on the port. */
async function portClosed(port: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * A sign-in whose body arrives in two halves: the server has the request (headers read, route found)
 * and waits for the rest: an in-flight request for as long as the test likes. Keep-alive, as a proxy's
 * connection would be.
 */
function slowSignIn(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'not the password' });
  const agent = new http.Agent({ keepAlive: true });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/login',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.once('error', reject);
  });
  response.catch(() => {});
  request.write(body.slice(0, 10));
  return {
    response,
    finish: () => request.end(body.slice(10)),
    abort: () => {
      request.destroy();
      agent.destroy();
    },
  };
}

describe('graceful shutdown (a real process)', () => {
  it('SIGTERM: stops listening at once, lets the in-flight request finish, then exits 0', async () => {
    const server = await startServer('graceful');
    const slow = slowSignIn(server.port);
    // The server has the request before the signal arrives.
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');

    expect(await portClosed(server.port, 3_000)).toBe(true);
    expect(server.child.exitCode).toBe(null);

    slow.finish();
    const answer = await slow.response;
    // A real answer to the sign-in (wrong password), not a cut connection.
    expect(answer.status).toBe(401);
    const [code] = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('"msg":"stopped"');
    // The database was closed: closing it releases the folder's lock.
    expect(existsSync(path.join(tmp, 'graceful', 'lateral-passport.lock'))).toBe(false);
  }, 90_000);

  it('a request that never finishes holds shutdown only until the timeout: exit 1, logged', async () => {
    const server = await startServer('stuck', { SHUTDOWN_TIMEOUT_MS: '1500' });
    const slow = slowSignIn(server.port);
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const [code] = await server.exited;
    slow.abort();
    expect(code).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(6_000);
    expect(server.output()).toContain('shutdown took too long; exiting');
  }, 90_000);

  it('SIGINT with no traffic exits 0 promptly', async () => {
    const server = await startServer('idle');
    const signalled = Date.now();
    server.child.kill('SIGINT');
    const [code] = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(await portClosed(server.port, 500)).toBe(true);
  }, 90_000);
});
