import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createMailDispatcher } from '../../mail/dispatcher';
import { createMailTransport } from '../../mail/transport';
import { firmRegistration } from '../../modules/firm/firm.factories';
import { completeMasterLpq } from '../../modules/master-lpq/master-lpq.fixtures';
import { requestBody } from '../../modules/requests/sharing.test-support';
import { DEFAULT_PASSWORD } from '../factories';
import { testConfig } from '../harness';
import { type PrivatePostgres, startPrivatePostgres } from '../private-postgres';
import {
  type ApiReply,
  callApi,
  expectApi,
  killAllServers,
  type ServerProcess,
  startServer,
} from './server-process';
import { createSmtpCatcher } from './smtp-catcher';

/**
 * Issue 7 §3: faults on a real PostgreSQL of our own (never the shared one), with the server running as
 * real processes. Ports: FAULTS_PORT_BASE (PostgreSQL), +1 and +2 (two app processes), +3 (SMTP).
 */
const portBase = Number(process.env.FAULTS_PORT_BASE ?? 3106);
const ports = { postgres: portBase, appA: portBase + 1, appB: portBase + 2, smtp: portBase + 3 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tag = () => randomBytes(4).toString('hex');

function attorneyRegistration(email: string) {
  return { email, password: DEFAULT_PASSWORD, firstName: 'Alex', lastName: 'Morgan', userType: 'attorney' };
}

/** Polls until check() is true or the time is up; returns whether it became true. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

describe('faults on a private PostgreSQL', () => {
  let postgres: PrivatePostgres;
  let dataDir: string;
  const pools: pg.Pool[] = [];

  /** A pool for the test's own SQL checks on one database. */
  function inspect(url: string) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {});
    pools.push(pool);
    return async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
  }

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

  it('a connection dropped under an open transaction fails that transaction, not the process', async () => {
    const url = await postgres.createDatabase('dropped_connection');
    const database = await openDatabase({ url });
    const query = inspect(url);
    try {
      let holding: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      // The transaction sits between two statements (as one does while a password is hashed) when
      // its connection is terminated.
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        holding();
        await sleep(1000);
        await tx.execute(sql`SELECT 1`);
      });
      await held;
      const [{ terminated }] = await query<{ terminated: number }>(
        `SELECT count(*)::int AS terminated FROM (
           SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'idle in transaction') t`,
      );
      expect(terminated).toBe(1);
      await expect(transaction).rejects.toThrow();
      // The pool replaces the lost connection.
      expect(await database.db.execute(sql`SELECT 1 AS one`)).toBeTruthy();
    } finally {
      await database.close();
    }
  });

  it('two processes migrating one empty database at the same time both succeed', async () => {
    for (let round = 0; round < 3; round++) {
      const url = await postgres.createDatabase(`concurrent_migrations_${round}`);
      const both = [await openDatabase({ url }), await openDatabase({ url })];
      try {
        const results = await Promise.allSettled(both.map((d) => d.migrate()));
        expect(
          results.map((r) => (r.status === 'rejected' ? String(r.reason?.cause ?? r.reason) : 'ok')),
        ).toEqual(['ok', 'ok']);
      } finally {
        await Promise.all(both.map((d) => d.close()));
      }
    }
  });

  it('PostgreSQL restarted under load: the server survives, fails cleanly meanwhile, serves again within seconds, and writes nothing partial', async () => {
    const url = await postgres.createDatabase('restart_under_load');
    const server = await startServer({ port: ports.appA, databaseUrl: url, dataDir });
    const replies: (ApiReply & { op: string })[] = [];
    let downAt = Number.POSITIVE_INFINITY;
    let upAt = Number.POSITIVE_INFINITY;
    let loadStopped = false;

    // Each worker registers (user + session + verification mail in one transaction), reads the user back
    // and saves a profile, over and over: bounded by a count and by the stop flag.
    async function worker(w: number) {
      for (let i = 0; i < 400 && !loadStopped; i++) {
        const email = `load-${w}-${i}-${tag()}@example.com`;
        const reg = await callApi(server.baseUrl, 'POST', '/api/register', {
          body: attorneyRegistration(email),
        });
        replies.push({ ...reg, op: 'register' });
        if (reg.status === 201 && reg.cookie) {
          const cookie = reg.cookie;
          replies.push({ ...(await callApi(server.baseUrl, 'GET', '/api/user', { cookie })), op: 'read' });
          const phone = `+1 212 555 ${String(i).padStart(4, '0')}`;
          const put = await callApi(server.baseUrl, 'PUT', '/api/attorney/profile', {
            cookie,
            body: { phone },
          });
          replies.push({ ...put, op: 'profile' });
        } else {
          await sleep(50);
        }
      }
    }

    const load = Promise.all([0, 1, 2, 3].map(worker));
    try {
      await sleep(2500);
      downAt = Date.now();
      await postgres.stop();
      await sleep(2000);
      await postgres.start();
      upAt = Date.now();
      await sleep(5000);
    } finally {
      loadStopped = true;
      await load;
      if (!postgres.isRunning()) await postgres.start();
    }

    const ok = replies.filter((r) => r.status < 300).length;
    console.info(
      `[faults] restart under load: ${replies.length} requests, ${ok} succeeded, ${replies.length - ok} failed; ` +
        `PostgreSQL down ${upAt - downAt} ms`,
    );
    const describeReply = (r: ApiReply & { op: string }) =>
      `${r.op} ${r.status} ${r.error ?? JSON.stringify(r.json)} at ${r.startedAt - downAt} ms`;
    expect(server.alive(), `the server died:\n${server.output().slice(-3000)}`).toBe(true);
    // No request hung past its timeout or found the port closed.
    expect(replies.filter((r) => r.status === 0).map(describeReply)).toEqual([]);
    // Before the outage everything worked.
    const before = replies.filter((r) => r.endedAt < downAt);
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((r) => r.status >= 300).map(describeReply)).toEqual([]);
    // During it, failures are clean 5xx with a JSON message (and the outage was felt).
    const graceMs = 3000;
    const failures = replies.filter((r) => r.status >= 300);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.status, describeReply(f)).toBeGreaterThanOrEqual(500);
      expect(typeof (f.json as { message?: unknown })?.message, describeReply(f)).toBe('string');
      expect(f.endedAt, describeReply(f)).toBeGreaterThanOrEqual(downAt);
      expect(f.startedAt, describeReply(f)).toBeLessThanOrEqual(upAt + graceMs);
    }
    // Back within seconds: the first success after the restart, and nothing but successes after the grace.
    const firstBack = Math.min(
      ...replies.filter((r) => r.startedAt >= upAt && r.status < 300).map((r) => r.endedAt),
    );
    console.info(`[faults] first success ${firstBack - upAt} ms after PostgreSQL was back`);
    expect(firstBack - upAt).toBeLessThan(graceMs);
    const after = replies.filter((r) => r.startedAt > upAt + graceMs);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((r) => r.status >= 300).map(describeReply)).toEqual([]);

    // No partial writes: every user has exactly its session, token and verification mail, and no mail
    // or token exists without its user.
    const query = inspect(url);
    const users = await query<{ email: string; sessions: number; tokens: number; mails: number }>(`
      SELECT u.email,
        (SELECT count(*) FROM sessions s WHERE s.user_id = u.id)::int AS sessions,
        (SELECT count(*) FROM email_tokens t WHERE t.user_id = u.id AND t.purpose = 'verify_email')::int AS tokens,
        (SELECT count(*) FROM outbox o WHERE o."to" = u.email AND o.kind = 'verify_email')::int AS mails
      FROM users u`);
    const created = replies.filter((r) => r.op === 'register' && r.status === 201).length;
    expect(users.length).toBeGreaterThanOrEqual(created);
    expect(users.filter((u) => u.sessions !== 1 || u.tokens !== 1 || u.mails !== 1)).toEqual([]);
    const [orphans] = await query<{ mails: number; tokens: number }>(`
      SELECT
        (SELECT count(*) FROM outbox o WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.email = o."to"))::int AS mails,
        (SELECT count(*) FROM email_tokens t WHERE t.user_id IS NULL)::int AS tokens`);
    expect(orphans).toEqual({ mails: 0, tokens: 0 });
    const savedProfiles = replies.filter((r) => r.op === 'profile' && r.status === 200).length;
    const [{ profiles }] = await query<{ profiles: number }>(
      'SELECT count(*)::int AS profiles FROM attorney_profiles',
    );
    expect(profiles).toBeGreaterThanOrEqual(savedProfiles);
    await server.kill();
  }, 90_000);

  it('SMTP down for a while: every queued e-mail is delivered once it is back, none twice', async () => {
    const url = await postgres.createDatabase('smtp_outage');
    const database = await openDatabase({ url });
    const catcher = createSmtpCatcher(ports.smtp);
    // Two senders with a short backoff, so retries happen within the test and compete for the rows.
    const transports = [0, 1].map(() =>
      createMailTransport({ smtpUrl: catcher.url, from: 'Lateral Passport <no-reply@faults.test>' }),
    );
    const dispatchers = transports.map((transport) =>
      createMailDispatcher({
        db: database.db,
        transport,
        pollMs: 100,
        baseDelayMs: 200,
        maxDelayMs: 1000,
        maxAttempts: 100,
      }),
    );
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      await database.migrate();
      app = await buildApp({ config: testConfig(), db: database.db, logger: false });
      await app.ready();
      for (const d of dispatchers) d.start();

      const emails: string[] = [];
      async function registerSome(count: number) {
        for (let i = 0; i < count; i++) {
          const email = `mail-${tag()}@example.com`;
          const res = await app!.inject({
            method: 'POST',
            url: '/api/register',
            payload: attorneyRegistration(email),
          });
          expect(res.statusCode).toBe(201);
          emails.push(email);
        }
      }
      // Nothing listens, then the server hangs up with 421, then it rejects each message with 451.
      await registerSome(6);
      await sleep(1200);
      await catcher.setMode('refuse');
      await registerSome(6);
      await sleep(1200);
      await catcher.setMode('tempfail');
      await registerSome(6);
      await sleep(1200);
      const queuedDuringOutage = [...emails];
      await catcher.setMode('accept');
      await registerSome(6);

      const query = inspect(url);
      const delivered = await waitFor(async () => {
        const [{ left }] = await query<{ left: number }>(
          "SELECT count(*)::int AS left FROM outbox WHERE status <> 'sent'",
        );
        return left === 0;
      }, 20_000);
      // Time for a second copy to arrive, if one were on its way.
      await sleep(1000);
      expect(delivered).toBe(true);

      const rows = await query<{ to: string; attempts: number }>(
        'SELECT "to", attempts FROM outbox ORDER BY id',
      );
      expect(rows.map((r) => r.to).sort()).toEqual([...emails].sort());
      // The mail queued during the outage was really tried and failed before it went through.
      for (const row of rows.filter((r) => queuedDuringOutage.includes(r.to)))
        expect(row.attempts, row.to).toBeGreaterThan(1);
      const counts = catcher.countsByRecipient();
      expect(catcher.received.length).toBe(emails.length);
      expect(emails.filter((e) => counts.get(e) !== 1)).toEqual([]);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
      for (const t of transports) t.close();
      await app?.close();
      await database.close();
      await catcher.close();
    }
  }, 60_000);

  it('process killed with SIGKILL during shares: each request is fully shared or untouched', async () => {
    const url = await postgres.createDatabase('killed_during_shares');
    let server: ServerProcess = await startServer({ port: ports.appA, databaseUrl: url, dataDir });
    const query = inspect(url);

    // One firm, twelve attorneys with complete master LPQs, three pending requests each.
    const firm = await expectApi(server.baseUrl, 'POST', '/api/register/firm', 201, {
      body: firmRegistration(),
    });
    const attorneys: { email: string; cookie: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const email = `share-${i}-${tag()}@example.com`;
      const { cookie } = await expectApi(server.baseUrl, 'POST', '/api/register', 201, {
        body: attorneyRegistration(email),
      });
      attorneys.push({ email, cookie: cookie! });
    }
    // Attorneys see requests, and firms send them, only from verified addresses.
    await query('UPDATE users SET email_verified_at = now()');
    await Promise.all(
      attorneys.map((a) =>
        expectApi(server.baseUrl, 'POST', '/api/attorney/master-lpq', 200, {
          cookie: a.cookie,
          body: { ...completeMasterLpq(), isComplete: true },
        }),
      ),
    );
    const requests: { id: string; attorney: (typeof attorneys)[number] }[] = [];
    for (const attorney of attorneys) {
      for (let k = 0; k < 3; k++) {
        const { json } = await expectApi<{ id: string }>(
          server.baseUrl,
          'POST',
          '/api/firm/lpq-requests',
          201,
          {
            cookie: firm.cookie,
            body: requestBody(attorney.email, { positionTitle: `Corporate Partner ${k + 1}` }),
          },
        );
        requests.push({ id: json.id, attorney });
      }
    }

    // Six sharers at a time, in a shuffled order; SIGKILL once ten have succeeded, with others in flight.
    const queue = [...requests].sort(() => Math.random() - 0.5);
    const sharedBeforeKill = new Set<string>();
    let killing: Promise<void> | undefined;
    async function sharer() {
      for (let next = queue.shift(); next && !killing; next = queue.shift()) {
        const res = await callApi(server.baseUrl, 'POST', `/api/attorney/lpq-requests/${next.id}/share`, {
          cookie: next.attorney.cookie,
          timeoutMs: 15_000,
        });
        if (res.status === 200) sharedBeforeKill.add(next.id);
        else if (res.status !== 0)
          throw new Error(`share answered ${res.status} ${JSON.stringify(res.json)}`);
        if (sharedBeforeKill.size >= 10) killing ??= server.kill();
      }
    }
    await Promise.all(Array.from({ length: 6 }, sharer));
    await killing;
    expect(server.alive()).toBe(false);

    // Wait until PostgreSQL has noticed the dead connections and rolled back what they had open.
    const settled = await waitFor(async () => {
      const [{ others }] = await query<{ others: number }>(
        'SELECT count(*)::int AS others FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = $1',
        ['client backend'],
      );
      return others <= 1; // this pool's second connection at most
    }, 10_000);
    expect(settled).toBe(true);

    type RequestState = {
      id: string;
      status: string;
      shared: boolean;
      acted_by: boolean;
      packages: number;
      lpqs: number;
      firm_mails: number;
      activities: number;
    };
    const readStates = () =>
      query<RequestState>(`
        SELECT r.id::text, r.status::text, r.shared_at IS NOT NULL AS shared, r.attorney_user_id IS NOT NULL AS acted_by,
          (SELECT count(*) FROM shared_packages p WHERE p.request_id = r.id)::int AS packages,
          (SELECT count(*) FROM position_lpqs l WHERE l.request_id = r.id)::int AS lpqs,
          (SELECT count(*) FROM outbox o WHERE o.kind = 'package_shared'
             AND o.text LIKE '%/firm/requests/' || r.id::text || '%')::int AS firm_mails,
          (SELECT count(*) FROM activity_events a WHERE a.kind = 'request_shared'
             AND a.detail->>'requestId' = r.id::text)::int AS activities
        FROM lpq_requests r`);
    const fullyShared = (s: RequestState) =>
      s.status === 'accepted' &&
      s.shared &&
      s.acted_by &&
      s.packages === 1 &&
      s.lpqs === 1 &&
      s.firm_mails === 1 &&
      s.activities === 1;
    const untouched = (s: RequestState) =>
      s.status === 'pending' &&
      !s.shared &&
      !s.acted_by &&
      s.packages === 0 &&
      s.lpqs === 0 &&
      s.firm_mails === 0 &&
      s.activities === 0;
    /** The attorney's confirmation mails match their shared requests one for one. */
    async function confirmationsMatch(states: RequestState[]) {
      const rows = await query<{ to: string; n: number }>(
        `SELECT "to", count(*)::int AS n FROM outbox WHERE kind = 'package_shared_confirmation' GROUP BY "to"`,
      );
      const mails = new Map(rows.map((r) => [r.to, r.n]));
      return attorneys.filter((a) => {
        const accepted = states.filter(
          (s) => s.status === 'accepted' && requests.find((r) => r.id === s.id)?.attorney === a,
        ).length;
        return (mails.get(a.email) ?? 0) !== accepted;
      });
    }

    const afterKill = await readStates();
    console.info(
      `[faults] SIGKILL during shares: ${sharedBeforeKill.size} answered 200 before the kill, ` +
        `${afterKill.filter(fullyShared).length} fully shared, ${afterKill.filter(untouched).length} untouched`,
    );
    expect(afterKill).toHaveLength(requests.length);
    expect(afterKill.filter((s) => !fullyShared(s) && !untouched(s))).toEqual([]);
    expect(await confirmationsMatch(afterKill)).toEqual([]);
    // Every share the client saw succeed is stored; the kill really landed part-way.
    for (const id of sharedBeforeKill) expect(afterKill.find((s) => s.id === id)?.status).toBe('accepted');
    expect(afterKill.filter(untouched).length).toBeGreaterThan(0);

    // A restarted process shares the rest.
    server = await startServer({ port: ports.appA, databaseUrl: url, dataDir });
    for (const s of afterKill.filter(untouched)) {
      const attorney = requests.find((r) => r.id === s.id)!.attorney;
      await expectApi(server.baseUrl, 'POST', `/api/attorney/lpq-requests/${s.id}/share`, 200, {
        cookie: attorney.cookie,
      });
    }
    const afterRestart = await readStates();
    expect(afterRestart.filter((s) => !fullyShared(s))).toEqual([]);
    expect(await confirmationsMatch(afterRestart)).toEqual([]);
    await server.kill();
  }, 90_000);

  it('two app processes on one database: a session works on both and each outbox e-mail is sent once', async () => {
    const url = await postgres.createDatabase('two_processes');
    const catcher = createSmtpCatcher(ports.smtp);
    try {
      await catcher.setMode('accept');
      // Started together on an empty database: both migrate at once, as two replicas of a deploy do.
      const [a, b] = await Promise.all([
        startServer({
          port: ports.appA,
          databaseUrl: url,
          dataDir,
          env: {
            SMTP_URL: catcher.url,
            MAIL_FROM: 'Lateral Passport <a@faults.test>',
            AUTH_RATE_LIMIT_MAX: '6',
          },
        }),
        startServer({
          port: ports.appB,
          databaseUrl: url,
          dataDir,
          env: {
            SMTP_URL: catcher.url,
            MAIL_FROM: 'Lateral Passport <b@faults.test>',
            AUTH_RATE_LIMIT_MAX: '6',
          },
        }),
      ]);

      // A session made on A works on B, a change saved on B is read on A, and signing out on B ends it on A.
      const email = `both-${tag()}@example.com`;
      const { json: user, cookie } = await expectApi<{ id: string }>(
        a.baseUrl,
        'POST',
        '/api/register',
        201,
        {
          body: attorneyRegistration(email),
        },
      );
      const onB = await expectApi<{ id: string }>(b.baseUrl, 'GET', '/api/user', 200, { cookie });
      expect(onB.json.id).toBe(user.id);
      await expectApi(b.baseUrl, 'PUT', '/api/attorney/profile', 200, {
        cookie,
        body: { phone: '+1 212 555 0100' },
      });
      const profile = await expectApi<{ phone: string }>(a.baseUrl, 'GET', '/api/attorney/profile', 200, {
        cookie,
      });
      expect(profile.json.phone).toBe('+1 212 555 0100');
      await callApi(b.baseUrl, 'POST', '/api/logout', { cookie });
      await expectApi(a.baseUrl, 'GET', '/api/user', 401, { cookie });

      // One limit across both: 6 reset requests per client and address, alternating A, B, A, …
      const statuses: number[] = [];
      const limited = `nobody-${tag()}@example.com`;
      for (let i = 0; i < 8; i++) {
        const res = await callApi(i % 2 ? b.baseUrl : a.baseUrl, 'POST', '/api/auth/forgot-password', {
          body: { email: limited },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);

      // Mail from both: registrations on each (each kicks its own sender) and a burst queued directly,
      // which both senders' polls race for.
      const query = inspect(url);
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          expectApi(i % 2 ? b.baseUrl : a.baseUrl, 'POST', '/api/register', 201, {
            body: attorneyRegistration(`pair-${i}-${tag()}@example.com`),
          }),
        ),
      );
      await query(`
        INSERT INTO outbox (kind, "to", subject, text, html)
        SELECT 'fault_test', 'burst-' || g || '@example.com', 'Burst ' || g, 'Burst', '<p>Burst</p>'
        FROM generate_series(1, 60) g`);

      const delivered = await waitFor(async () => {
        const [{ left }] = await query<{ left: number }>(
          "SELECT count(*)::int AS left FROM outbox WHERE status <> 'sent'",
        );
        return left === 0;
      }, 30_000);
      await sleep(1500);
      expect(delivered).toBe(true);
      expect(a.alive() && b.alive()).toBe(true);

      const rows = await query<{ to: string }>('SELECT "to" FROM outbox');
      const counts = catcher.countsByRecipient();
      expect(catcher.received.length).toBe(rows.length);
      expect(rows.filter((r) => counts.get(r.to) !== 1).map((r) => r.to)).toEqual([]);
      // Both processes really sent some of it.
      expect(new Set(catcher.received.map((m) => m.from))).toEqual(
        new Set(['a@faults.test', 'b@faults.test']),
      );
      await Promise.all([a.kill(), b.kill()]);
    } finally {
      await killAllServers();
      await catcher.close();
    }
  }, 90_000);
});
