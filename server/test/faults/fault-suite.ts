import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_PASSWORD } from '../factories';
import { type PrivatePostgres, startPrivatePostgres } from '../private-postgres';
import { killAllServers } from './server-process';

/**
 * Faults on a real PostgreSQL of our own (never the shared one), with the server running as
 * real processes. Each fault file starts its own PostgreSQL on its own ports, so the files may run in
 * parallel: FAULTS_PORT_BASE (default 3106) + the file's offset (PostgreSQL), +1 and +2 (two app
 * processes), +3 (SMTP).
 */
export function usePrivatePostgres(portOffset: number) {
  const portBase = Number(process.env.FAULTS_PORT_BASE ?? 3106) + portOffset;
  const ports = { postgres: portBase, appA: portBase + 1, appB: portBase + 2, smtp: portBase + 3 };
  let postgres: PrivatePostgres | undefined;
  let dataDir: string | undefined;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-data-faults-'));
    postgres = await startPrivatePostgres({ port: ports.postgres });
  });

  afterAll(async () => {
    try {
      await killAllServers();
      await Promise.all(pools.map((p) => p.end().catch(() => {})));
    } finally {
      try {
        await postgres?.close();
      } finally {
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  return {
    ports,
    postgres: () => {
      if (!postgres) throw new Error('the private PostgreSQL has not started');
      return postgres;
    },
    dataDir: () => {
      if (!dataDir) throw new Error('the data folder has not been made');
      return dataDir;
    },
    /** A pool for the test's own SQL checks on one database. */
    inspect(url: string) {
      const pool = new pg.Pool({ connectionString: url, max: 2 });
      pool.on('error', () => {});
      pools.push(pool);
      return async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const tag = () => randomBytes(4).toString('hex');

export function attorneyRegistration(email: string) {
  return { email, password: DEFAULT_PASSWORD, firstName: 'Alex', lastName: 'Morgan', userType: 'attorney' };
}

/** Polls until check() is true or the time is up; returns whether it became true. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}
