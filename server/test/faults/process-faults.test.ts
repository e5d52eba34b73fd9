import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createMailDispatcher } from '../../mail/dispatcher';
import { createMailTransport } from '../../mail/transport';
import { firmRegistration } from '../../modules/firm/firm.factories';
import { completeMasterLpq } from '../../modules/master-lpq/master-lpq.fixtures';
import { requestBody } from '../../modules/requests/sharing/sharing.test-support';
import { testConfig } from '../harness';
import { attorneyRegistration, sleep, tag, usePrivatePostgres, waitFor } from './fault-suite';
import { callApi, expectApi, killAllServers, type ServerProcess, startServer } from './server-process';
import { createSmtpCatcher } from './smtp-catcher';

// The mail server and the app's processes failing: SMTP down, a SIGKILL mid-share, two processes.
describe('faults on a private PostgreSQL: mail and processes', () => {
  const suite = usePrivatePostgres(10);

  it('SMTP down for a while: every queued e-mail is delivered once it is back, none twice', async () => {
    const url = await suite.postgres().createDatabase('smtp_outage');
    const database = await openDatabase({ url });
    const catcher = createSmtpCatcher(suite.ports.smtp);
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

      const query = suite.inspect(url);
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
    const url = await suite.postgres().createDatabase('killed_during_shares');
    let server: ServerProcess = await startServer({
      port: suite.ports.appA,
      databaseUrl: url,
      dataDir: suite.dataDir(),
    });
    const query = suite.inspect(url);

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
    server = await startServer({ port: suite.ports.appA, databaseUrl: url, dataDir: suite.dataDir() });
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
    const url = await suite.postgres().createDatabase('two_processes');
    const catcher = createSmtpCatcher(suite.ports.smtp);
    try {
      await catcher.setMode('accept');
      // Started together on an empty database: both migrate at once, as two replicas of a deploy do.
      const [a, b] = await Promise.all([
        startServer({
          port: suite.ports.appA,
          databaseUrl: url,
          dataDir: suite.dataDir(),
          env: {
            SMTP_URL: catcher.url,
            MAIL_FROM: 'Lateral Passport <a@faults.test>',
            AUTH_RATE_LIMIT_MAX: '6',
          },
        }),
        startServer({
          port: suite.ports.appB,
          databaseUrl: url,
          dataDir: suite.dataDir(),
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
      const query = suite.inspect(url);
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
