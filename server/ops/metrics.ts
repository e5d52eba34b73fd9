import { timingSafeEqual } from 'node:crypto';
import { HTTP_MESSAGES } from '@shared/http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, PoolStats } from '../db/client';
import { outbox } from '../db/schema';

/** Seconds; Prometheus' usual web latency buckets. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { labels: string; counts: number[]; sum: number; count: number };

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** The request-duration histogram, kept in memory by label set. */
export function createRequestHistogram() {
  const series = new Map<string, Series>();
  return {
    observe(method: string, route: string, status: number, seconds: number) {
      const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${status}"`;
      let s = series.get(labels);
      if (!s) {
        s = { labels, counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
        series.set(labels, s);
      }
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) s.counts[i]++;
      s.sum += seconds;
      s.count++;
    },
    lines(): string[] {
      const out = [
        '# HELP http_request_duration_seconds Time to answer an HTTP request, by method, route pattern and status.',
        '# TYPE http_request_duration_seconds histogram',
      ];
      for (const s of series.values()) {
        BUCKETS.forEach((le, i) => {
          out.push(`http_request_duration_seconds_bucket{${s.labels},le="${le}"} ${s.counts[i]}`);
        });
        out.push(`http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
        out.push(`http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
        out.push(`http_request_duration_seconds_count{${s.labels}} ${s.count}`);
      }
      return out;
    },
  };
}

function gauge(name: string, help: string, value: number): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`];
}

/** Mail not yet delivered (pending, or claimed by a sender) and mail given up on, counted at scrape time. */
async function outboxCounts(db: Db) {
  const result = await db.execute(sql`
    SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS pending,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM ${outbox} WHERE status <> 'sent'`);
  const [row] = (result as unknown as { rows: { pending: number; failed: number }[] }).rows;
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}

function bearerMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in Prometheus' text format: request durations by route pattern (never the raw URL: one
 * series per route, whatever the ids in it), the outbox backlog and failures, and node-postgres' pool.
 * Registered only when METRICS_ENABLED=true; with METRICS_TOKEN, a scrape must present it.
 */
export async function registerMetrics(
  app: FastifyInstance,
  opts: { db: Db; token?: string; poolStats?: () => PoolStats },
) {
  const histogram = createRequestHistogram();
  app.addHook('onResponse', async (request, reply) => {
    histogram.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (opts.token && !bearerMatches(request.headers.authorization, opts.token)) {
      reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(401).send({ message: HTTP_MESSAGES.unauthorized });
    }
    const lines = histogram.lines();
    const mail = await outboxCounts(opts.db);
    lines.push(...gauge('outbox_pending', 'E-mails in the outbox not yet delivered.', mail.pending));
    lines.push(
      ...gauge('outbox_failed', 'E-mails the dispatcher gave up on after every attempt.', mail.failed),
    );
    const pool = opts.poolStats?.();
    if (pool) {
      lines.push(...gauge('db_pool_connections_total', 'node-postgres pool: open connections.', pool.total));
      lines.push(...gauge('db_pool_connections_idle', 'node-postgres pool: idle connections.', pool.idle));
      lines.push(
        ...gauge(
          'db_pool_waiting_requests',
          'node-postgres pool: queries waiting for a connection.',
          pool.waiting,
        ),
      );
    }
    lines.push(
      ...gauge(
        'process_resident_memory_bytes',
        'Resident memory of this process.',
        process.memoryUsage.rss(),
      ),
    );
    reply.header('Cache-Control', 'no-store');
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return `${lines.join('\n')}\n`;
  });
}
