import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv } from '../../config';
import { DatabaseInUseError, displayFolder, lockFolder } from '../../db/folder-lock';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lp-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Run = { child: ChildProcess; output: () => string; exited: Promise<[number | null, string | null]> };

/** server/main.ts as its own process, with only the environment given (no .env: cwd has none). */
function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out, exited: once(child, 'exit') as Promise<[number | null, string | null]> };
}

async function untilRunning(r: Run) {
  const deadline = Date.now() + 60_000;
  while (!r.output().includes('Lateral Passport is running')) {
    if (r.child.exitCode !== null) throw new Error(`exited while starting:\n${r.output()}`);
    if (Date.now() > deadline) throw new Error(`did not start:\n${r.output()}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe('one process per embedded database folder (two real processes)', () => {
  it('a second process exits 1 at once naming the first; a lock left by a killed process is taken over', async () => {
    const dataDir = path.join(tmp, 'data');
    const first = run({ DATA_DIR: dataDir });
    try {
      await untilRunning(first);
      const started = Date.now();
      const second = run({ DATA_DIR: dataDir });
      const [code] = await second.exited;
      expect(code).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(second.output().trim()).toBe(
        `The database in ${dataDir} is in use by process ${first.child.pid}. Stop it, or set DATABASE_URL to use PostgreSQL.`,
      );
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // SIGKILL: the lock file is still there, naming a process that no longer runs.
    expect(readFileSync(path.join(dataDir, 'lateral-passport.lock'), 'utf8')).toBe(String(first.child.pid));
    const third = run({ DATA_DIR: dataDir });
    try {
      await untilRunning(third);
    } finally {
      third.child.kill('SIGTERM');
      await third.exited;
    }
    // A clean stop removes its lock.
    expect(existsSync(path.join(dataDir, 'lateral-passport.lock'))).toBe(false);
  }, 120_000);
});

describe('the folder lock', () => {
  it('refuses a folder held by a live process and names the folder as written', async () => {
    const folder = path.join(tmp, 'held');
    const lock = await lockFolder(folder);
    try {
      // This process holds it; a lock file naming another live process (our parent) is refused.
      writeFileSync(path.join(folder, 'lateral-passport.lock'), String(process.ppid));
      await expect(lockFolder(folder)).rejects.toBeInstanceOf(DatabaseInUseError);
    } finally {
      lock.release();
    }
    expect(displayFolder('data')).toBe('./data');
    expect(displayFolder('./data')).toBe('./data');
    expect(displayFolder('/srv/lp')).toBe('/srv/lp');
  });
});

describe('production refuses toy defaults', () => {
  const good = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://lp@db:5432/lp',
    SMTP_URL: 'smtp://mail:587',
    S3_BUCKET: 'lp-documents',
    PUBLIC_URL: 'https://passport.example.com',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems.map((p) => p.split(':')[0]);
      throw err;
    }
  };

  it('starts with real services', () => {
    expect(problems(good)).toEqual([]);
    expect(
      problems({ ...good, S3_BUCKET: '', STORAGE_DIR: '/srv/documents', STORAGE_SECRET: 'x'.repeat(40) }),
    ).toEqual([]);
  });

  it('names every missing or unsafe setting, one line each', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'DATABASE_URL',
      'SMTP_URL',
      'S3_BUCKET',
      'PUBLIC_URL',
      'STORAGE_SECRET',
    ]);
    expect(problems({ ...good, PUBLIC_URL: 'http://passport.example.com' })).toEqual(['PUBLIC_URL']);
    expect(problems({ ...good, DATABASE_URL: '' })).toEqual(['DATABASE_URL']);
    const local = { ...good, S3_BUCKET: '', STORAGE_DIR: '/srv/documents' };
    expect(problems({ ...local, STORAGE_SECRET: 'development-only-storage-secret' })).toEqual([
      'STORAGE_SECRET',
    ]);
    expect(problems({ ...local, STORAGE_SECRET: 'replace-with-a-long-random-string' })).toEqual([
      'STORAGE_SECRET',
    ]);
    expect(problems({ ...good, SESSION_SECRET: 'replace-with-a-long-random-string' })).toEqual([
      'SESSION_SECRET',
    ]);
  });

  it('metrics need a token: an open /metrics would tell anyone the routes, traffic and mail backlog', () => {
    expect(problems({ ...good, METRICS_ENABLED: 'true' })).toEqual(['METRICS_TOKEN']);
    expect(problems({ ...good, METRICS_ENABLED: 'true', METRICS_TOKEN: 'x'.repeat(32) })).toEqual([]);
    expect(problems({ ...good, METRICS_ENABLED: 'false' })).toEqual([]);
    // Outside production an open /metrics stays allowed (a developer's own machine).
    expect(loadConfig({ METRICS_ENABLED: 'true' }).metrics).toEqual({ enabled: true, token: undefined });
  });

  it('the process exits 1 before listening, one line per problem, no stack trace', async () => {
    const r = run({ NODE_ENV: 'production', DATA_DIR: path.join(tmp, 'prod') });
    const [code] = await r.exited;
    expect(code).toBe(1);
    const lines = r.output().trim().split('\n');
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'DATABASE_URL',
      'SMTP_URL',
      'S3_BUCKET',
      'PUBLIC_URL',
      'STORAGE_SECRET',
    ]);
    expect(r.output()).not.toMatch(/at .+\(.+:\d+:\d+\)/);
  }, 60_000);

  it('development needs nothing', () => {
    expect(loadConfig({}).env).toBe('development');
  });
});

describe('.env', () => {
  it('is read when present; variables already set win', () => {
    const file = path.join(tmp, '.env');
    writeFileSync(file, '# comment\nPORT=4123\nSMTP_URL=smtp://from-file\nQUOTED="a b"\n');
    const env: NodeJS.ProcessEnv = { SMTP_URL: 'smtp://from-environment' };
    loadDotEnv(file, env);
    expect(env).toEqual({ PORT: '4123', SMTP_URL: 'smtp://from-environment', QUOTED: 'a b' });
    loadDotEnv(path.join(tmp, 'missing.env'), env);
    expect(loadConfig(env).port).toBe(4123);
  });
});
