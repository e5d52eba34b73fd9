import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/folder-lock';

/** Start-up problems a person can fix: one line each on stderr, exit 1, no stack trace. */
function exitWith(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  loadDotEnv();
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) exitWith(err.problems);
  throw err;
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    lockDir: config.dataDir,
  });
} catch (err) {
  if (err instanceof DatabaseInUseError) exitWith([err.message]);
  throw err;
}
await database.migrate();
const app = await buildApp({ config, db: database.db, poolStats: database.poolStats });

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, mail: app.ctx.mailTransport.kind, url: config.publicUrl },
  `Lateral Passport is running at ${config.publicUrl}`,
);
