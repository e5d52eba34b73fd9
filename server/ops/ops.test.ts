import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { createTestDatabase, dbKinds, describeEachDb, recordingTransport, testConfig } from '../test/harness';

describeEachDb('health probes', (t) => {
  it('/healthz answers 200 without a session', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database has every committed migration', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('/metrics is a JSON 404 while metrics are off', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

for (const kind of dbKinds) {
  describe(`readiness and metrics on their own database [${kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });

    const appWith = (metrics: { enabled: boolean; token?: string }) =>
      buildApp({
        config: testConfig({ metrics }),
        db: database.db,
        mailTransport: recordingTransport(),
        logger: false,
        poolStats: database.poolStats,
      });

    it('/metrics with a token: 401 without it or with another, 200 with it', async () => {
      const app = await appWith({ enabled: true, token: 'scrape-token-0123456789' });
      try {
        const none = await app.inject({ method: 'GET', url: '/metrics' });
        expect(none.statusCode).toBe(401);
        expect(none.headers['www-authenticate']).toBe('Bearer');
        const wrong = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer scrape-token-0123456780' },
        });
        expect(wrong.statusCode).toBe(401);
        await app.inject({ method: 'GET', url: '/healthz' });
        await app.inject({ method: 'GET', url: '/api/lpqs/00000000-0000-0000-0000-000000000001' });
        await enqueueMail(database.db, {
          kind: 'test',
          to: 'a@example.com',
          subject: 's',
          text: 't',
          html: 'h',
        });
        const res = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer scrape-token-0123456789' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
        const body = res.body;
        expect(body).toContain('# TYPE http_request_duration_seconds histogram');
        expect(body).toMatch(
          /http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 1\n/,
        );
        // The route pattern, never the id in the URL.
        expect(body).toContain('route="/api/lpqs/:id",status="401"');
        expect(body).not.toContain('00000000-0000-0000-0000-000000000001');
        expect(body).toContain('outbox_pending 1\n');
        expect(body).toContain('outbox_failed 0\n');
        // prom-client's default metrics: event-loop lag, GC, heap, resident memory.
        for (const name of [
          'nodejs_eventloop_lag_p99_seconds',
          'nodejs_gc_duration_seconds',
          'nodejs_heap_size_used_bytes',
          'process_resident_memory_bytes',
        ])
          expect(body).toContain(`# TYPE ${name} `);
        if (kind === 'postgres') {
          expect(body).toMatch(/db_pool_connections_total \d+\n/);
          expect(body).toMatch(/db_pool_connections_idle \d+\n/);
          expect(body).toContain('db_pool_waiting_requests 0\n');
        } else {
          expect(body).not.toContain('db_pool_');
        }
      } finally {
        await app.close();
      }
    });

    it('/metrics without a token is open when enabled', async () => {
      const app = await appWith({ enabled: true });
      try {
        const res = await app.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('outbox_pending');
      } finally {
        await app.close();
      }
    });

    it('/readyz is 503 with a reason when a committed migration is missing from the database', async () => {
      const app = await appWith({ enabled: false });
      try {
        await database.db.execute(
          sql`DELETE FROM drizzle.__drizzle_migrations
              WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
        );
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'unavailable', reason: '1 migration(s) not applied' });

        await database.db.execute(sql`ALTER TABLE drizzle.__drizzle_migrations RENAME TO moved_away`);
        const noTable = await app.inject({ method: 'GET', url: '/readyz' });
        expect(noTable.statusCode).toBe(503);
        expect(noTable.json()).toEqual({ status: 'unavailable', reason: 'migrations not applied' });
      } finally {
        await app.close();
      }
    });

    it('/readyz is 503 when the database does not answer; /healthz still 200', async () => {
      // PostgreSQL: nothing listens on port 1. PGlite: a database that has been closed.
      const gone =
        kind === 'postgres'
          ? await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })
          : await openDatabase({ dataDir: 'memory://' });
      if (kind === 'pglite') await gone.close();
      const app = await buildApp({
        config: testConfig(),
        db: gone.db,
        mailTransport: recordingTransport(),
        logger: false,
      });
      try {
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json().reason).toMatch(/^database (unreachable|did not answer)$/);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        if (kind === 'postgres') await gone.close();
      }
    });
  });
}
