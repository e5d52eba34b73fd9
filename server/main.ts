import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/folder-lock';
import { recordKey } from './modules/audit/trail-receipt';
import { warmUp } from './ops/warm-up';

/** Start-up problems a person can fix: one line each on stderr, exit 1, no stack trace. */
function exitWith(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  loadDotEnv();
  config = loadConfig();
  // PRODUCT.md §11: the trail receipts' key, read or made now (a bad RECORD_SIGNING_KEY is a line, exit 1).
  recordKey(config);
} catch (err) {
  if (err instanceof ConfigError) exitWith(err.problems);
  throw err;
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    url: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: path.join(config.dataDir, 'pglite'),
    lockDir: config.dataDir,
  });
} catch (err) {
  if (err instanceof DatabaseInUseError) exitWith([err.message]);
  throw err;
}
await database.migrate();
const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });

/**
 * SIGTERM/SIGINT: stop listening, let in-flight requests finish (Fastify's close), stop the mail
 * dispatcher (an onClose hook), then close the database. Past the timeout the process exits 1 anyway;
 * a repeated signal (Ctrl-C reaches npm start's parent and this process both) changes nothing.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.ctx.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.ctx.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  try {
    await app.close();
    await database.close();
  } catch (err) {
    app.ctx.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  app.ctx.log.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Warm connections and code before the first user (server/ops/warm-up.ts: the cold tail).
const warmMs = await warmUp(app, database);
app.ctx.log.info({ ms: Math.round(warmMs) }, 'warmed up');
await app.listen({ port: config.port, host: config.host });
app.ctx.log.info(
  { database: database.kind, mail: app.ctx.mailTransport.kind, url: config.publicUrl },
  `Lateral Passport is running at ${config.publicUrl}`,
);
