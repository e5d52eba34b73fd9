import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A PostgreSQL server of our own, for tests that stop, restart or starve it (server/test/faults).
 * The shared server on 5432 is never touched: this one has its own data directory, port and socket
 * directory, all under a temporary directory removed on close.
 */
export type PrivatePostgres = {
  port: number;
  /** A connection URL for the database (default 'postgres') over TCP on 127.0.0.1. */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  isRunning(): boolean;
  /** Fast shutdown: open connections are terminated, as when an operator restarts the server. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The server's own log, to explain a failure. */
  log(): string;
  /** Stops the server (immediately) and removes every file it wrote. */
  close(): Promise<void>;
};

const PREFERRED_VERSION = '15';

/** The directory holding initdb and pg_ctl: PG_BIN_DIR, else Debian's PostgreSQL 15, else the newest installed. */
export function findPostgresBinaries(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    candidates.push(
      path.join(root, PREFERRED_VERSION, 'bin'),
      ...versions.map((v) => path.join(root, v, 'bin')),
    );
  }
  const found = candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
  if (!found) {
    throw new Error(
      'The fault tests start their own PostgreSQL server, but initdb and pg_ctl were not found ' +
        `(looked in ${candidates.join(', ') || `${root}/*/bin`}). Install the server ` +
        '(Debian: apt-get install postgresql-15) or set PG_BIN_DIR to the directory holding initdb and pg_ctl.',
    );
  }
  return found;
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` OS user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

function postgresUserIds() {
  const passwd = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('postgres:'));
  if (!passwd) throw new Error('Running as root, but there is no `postgres` OS user to run PostgreSQL as.');
  const [, , uid, gid] = passwd.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export async function startPrivatePostgres(opts: { port: number }): Promise<PrivatePostgres> {
  const bin = findPostgresBinaries();
  const root = mkdtempSync(path.join(os.tmpdir(), 'lp-faults-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUserIds();
    chownSync(root, uid, gid);
  }
  let running = false;

  async function pgCommand(name: string, args: string[]) {
    const [command, argv] = asServerUser(path.join(bin, name), args);
    try {
      await run(command, argv, { timeout: 60_000 });
    } catch (err) {
      const e = err as { stderr?: string; message: string };
      throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr || e.message}\n${readLog()}`);
    }
  }

  function readLog() {
    return existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
  }

  // Killing the test runner must not leave a server behind: stop it synchronously on exit.
  const stopOnExit = () => {
    if (!running) return;
    const [command, argv] = asServerUser(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-m',
      'immediate',
      'stop',
    ]);
    spawnSync(command, argv, { stdio: 'ignore', timeout: 10_000 });
  };
  process.once('exit', stopOnExit);

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${opts.port}/${database}`;
  const server: PrivatePostgres = {
    port: opts.port,
    url,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    isRunning: () => running,
    async stop() {
      await pgCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    async start() {
      // Loopback only, the socket in our own directory; fsync off because the data is thrown away.
      const options = [
        `-p ${opts.port}`,
        "-c listen_addresses='127.0.0.1'",
        `-k ${root}`,
        '-c fsync=off',
        '-c full_page_writes=off',
        '-c max_connections=100',
      ].join(' ');
      await pgCommand('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
      running = true;
    },
    log: readLog,
    async close() {
      try {
        if (running) await pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      } finally {
        running = false;
        process.removeListener('exit', stopOnExit);
        rmSync(root, { recursive: true, force: true });
      }
    },
  };

  try {
    await pgCommand('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await server.start();
  } catch (err) {
    await server.close().catch(() => {});
    throw err;
  }
  return server;
}
