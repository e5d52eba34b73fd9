import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routeSchema } from '@shared/contracts/contract';
import { opsContracts } from '@shared/contracts/ops';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Db, migrationsFolder, rowsOf } from '../db/client';

/** A readiness probe that waits longer than this is answered 503: a probe must not hang on the pool. */
const READY_TIMEOUT_MS = 2_000;

type Readiness = { ready: true } | { ready: false; reason: string };

/** The `when` of every committed migration: drizzle stores it as created_at of the row it applied. */
function committedMigrations(): number[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}

/** PostgreSQL's SQLSTATE, from the driver's error or from drizzle's wrapper around it. */
function sqlState(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const UNDEFINED_TABLE = '42P01';
const INVALID_SCHEMA_NAME = '3F000';

export async function checkReadiness(db: Db, committed: number[]): Promise<Readiness> {
  let applied: Set<number>;
  try {
    const rows = await rowsOf<{ created_at: string | number | bigint }>(
      db,
      sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
    );
    applied = new Set(rows.map((r) => Number(r.created_at)));
  } catch (err) {
    const state = sqlState(err);
    if (state === UNDEFINED_TABLE || state === INVALID_SCHEMA_NAME)
      return { ready: false, reason: 'migrations not applied' };
    return { ready: false, reason: 'database unreachable' };
  }
  const missing = committed.filter((when) => !applied.has(when)).length;
  if (missing) return { ready: false, reason: `${missing} migration(s) not applied` };
  return { ready: true };
}

function withTimeout(check: Promise<Readiness>): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: 'database did not answer' }), READY_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers (liveness). /readyz: the database answers and has every committed
 * migration (readiness). Neither needs a session; /readyz costs one read of drizzle's small migrations table.
 */
export async function healthRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const committed = committedMigrations();
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(opsContracts.health.path, { schema: routeSchema(opsContracts.health) }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
  app.get(opsContracts.ready.path, { schema: routeSchema(opsContracts.ready) }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const readiness = await withTimeout(checkReadiness(opts.db, committed));
    if (!readiness.ready) return reply.code(503).send({ status: 'unavailable', reason: readiness.reason });
    return { status: 'ready' as const };
  });
}
