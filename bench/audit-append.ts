/**
 * What appending the 'read' event to a request's audit trail (PRODUCT.md §11) costs the firm's hot read.
 * The firm's request detail is benchmarked with many connections on the SAME request (bench/load.ts), and
 * every append to one request takes that request's head row lock (server/modules/audit/audit-chain.ts),
 * so concurrent reads of one request serialise on it for the length of their statement.
 *
 * For 1, 10 and 50 connections it runs, closed loop, for `--duration` seconds each, on PostgreSQL:
 * - `read`: today's one-statement hot read (hot-reads.repo.ts FIRM_PACKAGE_READ_FOR_SESSION_SQL);
 * - `read+append`: the same statement with the append's CTEs in it (as the lead will put them), all
 *   connections on one request;
 * - `append, one request` / `append, own requests`: the append alone, on one request and with each
 *   connection on a request of its own (the lock's cost apart from the read's).
 * It prints req/s and p50/p99 latency, then checks that every chain it wrote verifies.
 *
 * Usage: npx tsx bench/audit-append.ts [--duration 5 --connections 1,10,50 --keep-db]
 * Creates and drops the database lp_bench_audit on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { createHash } from 'node:crypto';
import { Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import {
  auditAppendCtes,
  firmActor,
  readChain,
  sqlCanonicalObject,
  verifyChain,
} from '../server/modules/audit/audit-chain';
import { firmRegistration } from '../server/modules/firm/firm.factories';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { FIRM_PACKAGE_READ_FOR_SESSION_SQL, sessionParams } from '../server/modules/requests/hot-reads.repo';
import { adminQuery } from './lib';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const duration = Number(arg('duration', '5')) * 1000;
const connections = arg('connections', '1,10,50').split(',').map(Number);
const keepDb = process.argv.includes('--keep-db');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'lp_bench_audit';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const PASSWORD = 'bench-password-1';

/** The append of the hot read's 'read' event, from its own CTEs only (no parameters), as text. */
const READ_APPEND = new PgDialect().sqlToQuery(
  auditAppendCtes({
    from: sql`"package" p join "request" r on r."id" = p."request_id" cross join "session" s`,
    requestId: sql`r."id"`,
    actor: {
      kind: sql`'firm'`,
      userId: sql`s."u_id"`,
      name: sql`s."u_first_name" || ' ' || s."u_last_name"`,
      email: sql`s."u_email"`,
      role: sql`null`,
    },
    type: sql`'read'`,
    details: sqlCanonicalObject({ version: sql`p."version"`, what: sql`'package'::text` }),
  }),
);
if (READ_APPEND.params.length) throw new Error('the append must render without parameters');
const MARK = '\n  select "session".*';
if (!FIRM_PACKAGE_READ_FOR_SESSION_SQL.includes(MARK))
  throw new Error('the hot read changed: adapt this bench');
const READ_WITH_APPEND = FIRM_PACKAGE_READ_FOR_SESSION_SQL.replace(MARK, `, ${READ_APPEND.sql}${MARK}`);

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * p) - 1] ?? 0;

async function run(
  pool: pg.Pool,
  n: number,
  statement: (worker: number) => { name: string; text: string; values: unknown[] },
) {
  const latencies: number[] = [];
  const end = performance.now() + duration;
  await Promise.all(
    Array.from({ length: n }, async (_, worker) => {
      const client = await pool.connect();
      try {
        const q = statement(worker);
        await client.query(q); // parse once per connection, as the app's named statements are
        while (performance.now() < end) {
          const t0 = performance.now();
          await client.query(q);
          latencies.push(performance.now() - t0);
        }
      } finally {
        client.release();
      }
    }),
  );
  return {
    rps: latencies.length / (duration / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
await adminQuery(adminUrl, `create database ${dbName}`);
try {
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }),
    mailPollMs: 0,
    jobPollMs: 0,
    dataDir: `/tmp/lp-bench-audit-${process.pid}`,
  };
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  const inject = async (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      payload: payload as never,
      headers: cookie ? { cookie } : {},
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const cookieOf = (res: Awaited<ReturnType<typeof inject>>) =>
    `lp_session=${res.cookies.find((c) => c.name === 'lp_session')?.value}`;

  // A firm, an attorney, and `max(connections)` shared requests (the first is the one everyone reads).
  const firmRes = await inject(
    'POST',
    '/api/register/firm',
    undefined,
    firmRegistration({ password: PASSWORD }),
  );
  const firm = firmRes.json() as { id: string; email: string; firstName: string; lastName: string };
  const firmCookie = cookieOf(firmRes);
  const attorneyRes = await inject('POST', '/api/register', undefined, {
    email: 'bench-attorney@example.com',
    password: PASSWORD,
    firstName: 'Casey',
    lastName: 'Nguyen',
    userType: 'attorney',
  });
  await database.db.execute(sql`update users set email_verified_at = now()`);
  const attorneyCookie = cookieOf(attorneyRes);
  await inject('POST', '/api/attorney/master-lpq', attorneyCookie, {
    ...completeMasterLpq(),
    isComplete: true,
  });
  const requestIds: string[] = [];
  for (let i = 0; i < Math.max(...connections); i++) {
    const created = await inject('POST', '/api/firm/lpq-requests', firmCookie, {
      attorneyEmail: 'bench-attorney@example.com',
      positionTitle: `Partner ${i}`,
      practiceArea: 'Corporate',
    });
    const id = created.json().id as string;
    await inject('POST', `/api/attorney/lpq-requests/${id}/share`, attorneyCookie, {
      certification: { fullName: 'Casey Nguyen' },
    });
    requestIds.push(id);
  }
  const sessionId = createHash('sha256')
    .update(decodeURIComponent(firmCookie.split('=')[1]))
    .digest('hex');
  const [, now, idle, touch] = sessionParams(sessionId);
  const today = new Date().toISOString().slice(0, 10);
  const readValues = (requestId: string) => [
    sessionId,
    now,
    idle,
    touch,
    requestId,
    null,
    today,
    'package_view',
  ];
  const appendOnlyQuery = new PgDialect().sqlToQuery(
    sql`with ${auditAppendCtes({
      requestId: sql.placeholder('requestId'),
      actor: firmActor(firm),
      type: 'read',
      details: '{"version":1,"what":"package"}',
    })} select count(*) from "audit_event"`,
  );
  const appendOnly = (requestId: string) => ({
    name: 'bench_append_only',
    text: appendOnlyQuery.sql,
    values: appendOnlyQuery.params.map((p) => (p instanceof Placeholder ? requestId : p)),
  });
  await app.close();

  const pool = new pg.Pool({ connectionString: databaseUrl, max: Math.max(...connections) });
  console.log(
    `audit append micro-bench: ${duration / 1000} s per run, PostgreSQL ${databaseUrl.replace(/\/\/.*@/, '//')}`,
  );
  console.log('variant                      conns     req/s    p50 ms    p99 ms');
  const line = (variant: string, n: number, r: { rps: number; p50: number; p99: number }) =>
    console.log(
      `${variant.padEnd(28)} ${String(n).padStart(5)} ${r.rps.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(9)}`,
    );
  for (const n of connections) {
    line(
      'read',
      n,
      await run(pool, n, () => ({
        name: 'bench_read',
        text: FIRM_PACKAGE_READ_FOR_SESSION_SQL,
        values: readValues(requestIds[0]),
      })),
    );
    line(
      'read+append (one request)',
      n,
      await run(pool, n, () => ({
        name: 'bench_read_append',
        text: READ_WITH_APPEND,
        values: readValues(requestIds[0]),
      })),
    );
    line('append, one request', n, await run(pool, n, () => appendOnly(requestIds[0])));
    line('append, own requests', n, await run(pool, n, (w) => appendOnly(requestIds[w])));
  }
  await pool.end();

  let events = 0;
  for (const id of requestIds) {
    const { events: rows, head } = await readChain(database.db, id);
    const v = verifyChain(id, rows, head);
    if (!v.intact) throw new Error(`chain of ${id} broken: ${v.brokenAt?.message}`);
    events += v.events;
  }
  console.log(`every chain verifies: ${requestIds.length} requests, ${events} events`);
  await database.close();
} finally {
  if (!keepDb) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
}
