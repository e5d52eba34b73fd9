import { todayUtc } from '@shared/calendar';
import { PACKAGE_SHARED_STATUSES } from '@shared/request-status';
import type { FirmRole } from '@shared/team';
import { type SQL, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { driverClientOf } from '../../../db/client';
import { dbKinds, describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { addFirmMember } from '../../team/team.factories';

/**
 * Issue 64 item 6: the dashboard's pipeline cards read counts kept on write (firm_pipeline_counts,
 * reviewer_waiting_counts, migration 0032's triggers) less the requests whose access ended that the expiry job
 * has not revoked yet. Worked by hand here: after each of many writes of every kind (status, attention,
 * opening, conflicts, version, access end date, assignment, deletion, a new request), each member's cards
 * equal the same cards counted from the rows, and the list's own counts; on PostgreSQL, also after writes
 * made concurrently by many connections.
 */
const SHARED = `('accepted', 'in_progress', 'reviewed', 'completed')`;
const STATUSES = [
  'pending',
  'accepted',
  'in_progress',
  'reviewed',
  'completed',
  'declined',
  'withdrawn',
  'revoked',
] as const;

/** A deterministic sequence (the same steps on both databases, and a failure can be replayed). */
function lcg(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

describeEachDb('the dashboard’s kept pipeline counts', (t, kind) => {
  const exec = async (query: SQL) => ((await t().db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const rowsOf = <T>(rows: unknown[]) => rows as T[];
  // The one clock of the read rules (todayUtc), not the database's current_date.
  const today = () => sql`${todayUtc()}::date`;

  /** The cards counted from the rows, as the list's filters define them (no cap). */
  async function counted(firmId: string, userId: string, roles: FirmRole[]) {
    const wholeFirm = roles.includes('admin') || roles.includes('recruiter');
    const assigned = sql`exists (select 1 from request_reviewers x where x.request_id = r.id and x.user_id = ${userId}::uuid)`;
    const sees = wholeFirm
      ? sql`true`
      : sql`(${roles.includes('reviewer') ? assigned : sql`false`}
          or (${sql.raw(String(roles.includes('conflicts')))} and r.current_version is not null))`;
    const [row] = rowsOf<{ news: number; waiting: number; conflicts: number }>(
      await exec(sql`select
        (select count(*) from lpq_requests r where r.firm_id = ${firmId}::uuid and ${sees}
           and r.attention_at is not null and (r.firm_opened_at is null or r.firm_opened_at < r.attention_at)
           and r.status in ${sql.raw(SHARED)} and (r.access_until is null or r.access_until >= ${today()}))::int as news,
        (select count(*) from lpq_requests r join request_reviewers rr on rr.request_id = r.id
           where r.firm_id = ${firmId}::uuid and rr.user_id = ${userId}::uuid and r.status in ('accepted', 'in_progress')
           and (r.access_until is null or r.access_until >= ${today()}))::int as waiting,
        (select count(*) from lpq_requests r where r.firm_id = ${firmId}::uuid and ${sees}
           and r.conflicts_status = 'pending' and r.current_version is not null)::int as conflicts`),
    );
    return {
      newSinceLastVisit: row.news,
      waitingOnMe: roles.includes('reviewer') ? row.waiting : 0,
      conflictsWaiting: roles.includes('conflicts') ? row.conflicts : 0,
    };
  }

  async function setUp() {
    const firm = await buildFirm(t().app);
    const members = [
      { roles: ['admin', 'recruiter', 'reviewer', 'conflicts'] as FirmRole[] },
      { roles: ['recruiter'] as FirmRole[] },
      { roles: ['reviewer'] as FirmRole[] },
      { roles: ['reviewer'] as FirmRole[] },
      { roles: ['conflicts'] as FirmRole[] },
      { roles: ['reviewer', 'conflicts'] as FirmRole[] },
    ];
    const actors = [];
    for (const m of members)
      actors.push({ ...(await addFirmMember(t().app, firm.firmId, m.roles)), roles: m.roles });
    // Another firm's rows, which no count of this firm may take in.
    const other = await buildFirm(t().app);
    await insertRequests(other.firmId, other.user.id, 5);
    return { firm, actors };
  }

  async function insertRequests(firmId: string, createdBy: string, n: number) {
    await exec(sql`
      insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, position_title, practice_area,
                                status, sent_at, shared_at, current_version, attention_at, conflicts_status,
                                conflicts_waiting)
      select ${firmId}::uuid, ${createdBy}::uuid, 'Kept LLP', 'kept-' || gen_random_uuid() || '@example.com',
             'Position ' || k, 'Tax', 'accepted', now(), now(), 1, now(), 'pending', 1
      from generate_series(1, ${n}::int) k`);
  }

  async function expectCardsRight(
    firmId: string,
    actors: { cookie: string; user: { id: string }; roles: FirmRole[] }[],
    step: string,
  ) {
    for (const a of actors) {
      const res = await t().app.inject({
        method: 'GET',
        url: '/api/firm/dashboard-stats',
        headers: { cookie: a.cookie },
      });
      expect(res.statusCode, step).toBe(200);
      const stats = res.json();
      const truth = await counted(firmId, a.user.id, a.roles);
      expect(
        {
          newSinceLastVisit: stats.newSinceLastVisit,
          waitingOnMe: stats.waitingOnMe,
          conflictsWaiting: stats.conflictsWaiting,
        },
        `${step}, ${a.roles.join('+')}`,
      ).toEqual(truth);
      // The cards link to the list's filters, whose counts are the same.
      const list = await t().app.inject({
        method: 'GET',
        url: '/api/firm/lpq-requests?new=true&limit=1',
        headers: { cookie: a.cookie },
      });
      expect(Number(list.headers['x-total-count']), `${step}, ${a.roles.join('+')}: the list's new`).toBe(
        truth.newSinceLastVisit,
      );
    }
  }

  /** One random write of any kind the cards depend on, to one of the firm's requests. */
  async function randomWrite(
    next: (n: number) => number,
    firmId: string,
    createdBy: string,
    reviewers: string[],
  ) {
    const ids = rowsOf<{ id: string }>(
      await exec(sql`select id from lpq_requests where firm_id = ${firmId}::uuid order by id`),
    ).map((r) => r.id);
    const id = ids[next(ids.length)];
    const reviewer = reviewers[next(reviewers.length)];
    const days = [-3, -1, 0, 2, null][next(5)];
    const writes = [
      sql`update lpq_requests set status = ${STATUSES[next(STATUSES.length)]}::request_status where id = ${id}::uuid`,
      sql`update lpq_requests set attention_at = now() + ${next(100)} * interval '1 second' where id = ${id}::uuid`,
      sql`update lpq_requests set firm_opened_at = now() + ${next(100)} * interval '1 second' where id = ${id}::uuid`,
      sql`update lpq_requests set attention_at = null where id = ${id}::uuid`,
      sql`update lpq_requests set conflicts_status = ${['pending', 'cleared', 'issues', null][next(4)]} where id = ${id}::uuid`,
      sql`update lpq_requests set current_version = ${next(2) ? 1 : null} where id = ${id}::uuid`,
      sql`update lpq_requests set access_until = ${days === null ? null : sql`${today()} + ${days}::int`} where id = ${id}::uuid`,
      sql`insert into request_reviewers (request_id, user_id) values (${id}::uuid, ${reviewer}::uuid) on conflict do nothing`,
      sql`delete from request_reviewers where request_id = ${id}::uuid and user_id = ${reviewer}::uuid`,
      // Several columns in one statement, as the share and the expiry job write them.
      sql`update lpq_requests set status = 'accepted', current_version = 1, attention_at = now(), conflicts_status = 'pending',
            access_until = ${today()} + 1 where id = ${id}::uuid`,
    ];
    const rare = next(40);
    if (rare === 0 && ids.length > 3) await exec(sql`delete from lpq_requests where id = ${id}::uuid`);
    else if (rare === 1) await insertRequests(firmId, createdBy, 1 + next(3));
    else await exec(writes[next(writes.length)]);
  }

  it('the triggers spell out PACKAGE_SHARED_STATUSES: the same list', () => {
    // Migration 0032 writes them out; if it changes, a migration must change the triggers.
    expect(PACKAGE_SHARED_STATUSES).toEqual(['accepted', 'in_progress', 'reviewed', 'completed']);
  });

  it('each card equals the rows counted by hand after every kind of write', async () => {
    const { firm, actors } = await setUp();
    await insertRequests(firm.firmId, firm.user.id, 30);
    const reviewers = actors.filter((a) => a.roles.includes('reviewer')).map((a) => a.user.id);
    const next = lcg(64);
    await expectCardsRight(firm.firmId, actors, 'seeded');
    for (let step = 0; step < 120; step++) {
      await randomWrite(next, firm.firmId, firm.user.id, reviewers);
      // Every step's kept counts; the API's cards every tenth (each is a dozen requests).
      const kept = rowsOf<{ ok: boolean }>(
        await exec(sql`select
          (select coalesce((select new_count from firm_pipeline_counts where firm_id = ${firm.firmId}::uuid), 0)
            = (select count(*) from lpq_requests where firm_id = ${firm.firmId}::uuid and attention_at is not null
                 and (firm_opened_at is null or firm_opened_at < attention_at) and status in ${sql.raw(SHARED)}))
          and (select coalesce((select conflicts_pending from firm_pipeline_counts where firm_id = ${firm.firmId}::uuid), 0)
            = (select count(*) from lpq_requests where firm_id = ${firm.firmId}::uuid and conflicts_status = 'pending'
                 and current_version is not null)) as ok`),
      );
      expect(kept[0].ok, `step ${step}: firm_pipeline_counts`).toBe(true);
      if (step % 10 === 9) await expectCardsRight(firm.firmId, actors, `step ${step}`);
    }
    // The access end date passed (the expiry job not yet run): the cards leave those requests out.
    await exec(sql`update lpq_requests set status = 'accepted', access_until = ${today()} - 1, attention_at = now(),
      firm_opened_at = null where firm_id = ${firm.firmId}::uuid and id in
      (select request_id from request_reviewers where user_id = ${reviewers[0]}::uuid)`);
    await expectCardsRight(firm.firmId, actors, 'access ended');
    // A member's removal and the firm's deletion take their counts with them.
    await exec(sql`delete from request_reviewers where user_id = ${reviewers[1]}::uuid`);
    await expectCardsRight(firm.firmId, actors, 'unassigned');
  });

  it.runIf(kind === 'postgres' && dbKinds.includes('postgres'))(
    'stays exact under concurrent writes from many connections [postgres]',
    async () => {
      const { firm, actors } = await setUp();
      await insertRequests(firm.firmId, firm.user.id, 20);
      const reviewers = actors.filter((a) => a.roles.includes('reviewer')).map((a) => a.user.id);
      const client = driverClientOf(t().db);
      if (client.kind !== 'postgres') throw new Error('postgres only');
      const ids = rowsOf<{ id: string }>(
        await exec(sql`select id from lpq_requests where firm_id = ${firm.firmId}::uuid order by id`),
      ).map((r) => r.id);
      // 8 connections, each 40 transactions of two writes: assignments racing status changes of the same requests.
      const worker = async (seed: number) => {
        const next = lcg(seed);
        const conn = await client.pool.connect();
        try {
          for (let i = 0; i < 40; i++) {
            const id = ids[next(ids.length)];
            const other = ids[next(ids.length)];
            const reviewer = reviewers[next(reviewers.length)];
            const status = STATUSES[next(STATUSES.length)];
            try {
              await conn.query('begin');
              if (next(2)) {
                await conn.query(
                  'insert into request_reviewers (request_id, user_id) values ($1, $2) on conflict do nothing',
                  [id, reviewer],
                );
              } else {
                await conn.query('delete from request_reviewers where request_id = $1 and user_id = $2', [
                  id,
                  reviewer,
                ]);
              }
              await conn.query(
                `update lpq_requests set status = $2, attention_at = now(), firm_opened_at = case when $3 then now() + interval '1 hour' end,
                   conflicts_status = $4 where id = $1`,
                [other, status, next(2) === 1, ['pending', 'cleared'][next(2)]],
              );
              await conn.query('commit');
            } catch (err) {
              await conn.query('rollback');
              // Two transactions locking one counter and one request in opposite orders: PostgreSQL ends one.
              if ((err as { code?: string }).code !== '40P01') throw err;
            }
          }
        } finally {
          conn.release();
        }
      };
      await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((s) => worker(s * 7919)));
      await expectCardsRight(firm.firmId, actors, 'after concurrent writes');
      const [waiting] = rowsOf<{ ok: boolean }>(
        await exec(sql`select bool_and(coalesce(c.count, 0) = t.n) as ok from
          (select u as user_id, (select count(*) from request_reviewers rr join lpq_requests r on r.id = rr.request_id
             where rr.user_id = u and r.status in ('accepted', 'in_progress'))::int as n
           from unnest(${`{${reviewers.join(',')}}`}::uuid[]) u) t
          left join reviewer_waiting_counts c on c.user_id = t.user_id and c.firm_id = ${firm.firmId}::uuid`),
      );
      expect(waiting.ok).toBe(true);
    },
  );
});
