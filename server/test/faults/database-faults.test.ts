import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { attorneyRegistration, sleep, tag, usePrivatePostgres } from './fault-suite';
import { type ApiReply, callApi, startServer } from './server-process';

// PostgreSQL itself failing: a dropped connection, concurrent migrations, a restart under load.
describe('faults on a private PostgreSQL: the database', () => {
  const suite = usePrivatePostgres(0);

  it('a connection dropped under an open transaction fails that transaction, not the process', async () => {
    const url = await suite.postgres().createDatabase('dropped_connection');
    const database = await openDatabase({ url });
    const query = suite.inspect(url);
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
      const url = await suite.postgres().createDatabase(`concurrent_migrations_${round}`);
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
    const url = await suite.postgres().createDatabase('restart_under_load');
    const server = await startServer({ port: suite.ports.appA, databaseUrl: url, dataDir: suite.dataDir() });
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
      await suite.postgres().stop();
      await sleep(2000);
      await suite.postgres().start();
      upAt = Date.now();
      await sleep(5000);
    } finally {
      loadStopped = true;
      await load;
      if (!suite.postgres().isRunning()) await suite.postgres().start();
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
    const query = suite.inspect(url);
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
});
