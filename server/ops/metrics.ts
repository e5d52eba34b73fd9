import { timingSafeEqual } from 'node:crypto';
import { HTTP_MESSAGES } from '@shared/http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, type PoolStats, rowsOf } from '../db/client';
import { outbox } from '../db/schema';

/** Seconds; Prometheus' usual web latency buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * prom-client's default metrics (event-loop lag, GC, heap spaces, CPU, resident memory, handles): one set
 * per process, shared by every app built in it (the tests build many), started on the first registration.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Mail not yet delivered (pending, or claimed by a sender) and mail given up on, counted at scrape time. */
async function outboxCounts(db: Db) {
  const [row] = await rowsOf<{ pending: number; failed: number }>(
    db,
    sql`
    SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS pending,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM ${outbox} WHERE status <> 'sent'`,
  );
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}

function bearerMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** This app's own metrics: request durations, the outbox and node-postgres' pool, read at scrape time. */
function appRegistry(opts: { db: Db; poolStats?: () => PoolStats }) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  // One scrape reads the outbox once for both gauges.
  let counting: Promise<{ pending: number; failed: number }> | undefined;
  const counts = () => {
    counting ??= outboxCounts(opts.db).finally(() => {
      counting = undefined;
    });
    return counting;
  };
  new Gauge({
    name: 'outbox_pending',
    help: 'E-mails in the outbox not yet delivered.',
    registers: [registry],
    async collect() {
      this.set((await counts()).pending);
    },
  });
  new Gauge({
    name: 'outbox_failed',
    help: 'E-mails the dispatcher gave up on after every attempt.',
    registers: [registry],
    async collect() {
      this.set((await counts()).failed);
    },
  });
  const poolStats = opts.poolStats;
  if (poolStats) {
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('db_pool_connections_total', 'node-postgres pool: open connections.', (s) => s.total);
    poolGauge('db_pool_connections_idle', 'node-postgres pool: idle connections.', (s) => s.idle);
    poolGauge(
      'db_pool_waiting_requests',
      'node-postgres pool: queries waiting for a connection.',
      (s) => s.waiting,
    );
  }
  return { registry, requestDuration };
}

/**
 * GET /metrics in Prometheus' text format (prom-client): request durations by route pattern (never the raw
 * URL: one series per route, whatever the ids in it), the outbox backlog and failures, node-postgres'
 * pool, and prom-client's default process metrics (event-loop lag, GC, heap, CPU, resident memory).
 * Registered only when METRICS_ENABLED=true; with METRICS_TOKEN, a scrape must present it (production
 * refuses to start without one, server/config.ts).
 */
export async function registerMetrics(
  app: FastifyInstance,
  opts: { db: Db; token?: string; poolStats?: () => PoolStats },
) {
  const { registry, requestDuration } = appRegistry(opts);
  const processSet = processMetrics();
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (opts.token && !bearerMatches(request.headers.authorization, opts.token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(401).send({ message: HTTP_MESSAGES.unauthorized });
    }
    const scrape = Registry.merge([processSet, registry]);
    reply.header('Cache-Control', 'no-store');
    reply.type(scrape.contentType);
    return scrape.metrics();
  });
}
