/**
 * The scale benchmark's large and small accounts, added with bulk SQL on top of the
 * load seed (bench/load-seed.ts: 10k attorneys, 1k firms, 20k requests):
 * - firm-big: 10,000 requests; firm-small: 600 (every filter below fills a 50-row page), the same mix of statuses,
 *   due dates, shares, position titles, conflicts statuses, new requests and assignments to the member;
 * - attorney-big: 500 shared requests with frozen packages and 1,000,000 access events; attorney-small:
 *   60 shared requests (a full 50-row page of the request list) and 1,000 access events. Each attorney's events are spaced (20 s, 10 min) so that
 *   reads of one request are over 30 minutes apart: every read is its own access log entry for both (the
 *   same 200-entry page). Their events are inserted without the access log's trigger; the caller rebuilds
 *   the entries once (access_log_entries_backfill()) after seeding.
 */
import type pg from 'pg';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';

export const SCALE = {
  big: { firmRequests: 10_000, shares: 500, events: 1_000_000 },
  small: { firmRequests: 600, shares: 60, events: 1_000 },
};
export const scaleEmail = (name: string) => `${name}@scale.example.com`;

const id = (nameSql: string) =>
  `(overlay(overlay(md5(${nameSql}) placing '4' from 13) placing '8' from 17))::uuid`;

/**
 * The access log's cost against the reads behind it. Three attorneys with the same 200 entries — 4 members
 * of one firm each reading 50 shared requests, every pair's reads under 30 minutes apart (one entry per
 * pair) — behind 1,600, 100,000 and 500,000 reads, 10 ms apart: a page that walked every read of an entry
 * still open would grow with the reads, and the page must not.
 */
export const GROWTH = { events: [1_600, 100_000, 500_000], members: 4, requests: 50 } as const;
export const growthEmail = (events: number) => scaleEmail(`attorney-reads-${events}`);

/** The growth accounts, in one transaction; their events without the trigger (rebuild the entries after). */
export async function seedAccessLogGrowth(pool: pg.Pool, passwordHash: string) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await growthRows((text, values = []) => client.query(text, values), passwordHash);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

type Q = (text: string, values?: unknown[]) => Promise<unknown>;

async function growthRows(q: Q, passwordHash: string) {
  const firm = id(`'scale-growth-firm'`);
  await q(`insert into firms (id) values (${firm})`);
  await q(
    `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at)
     select ${id("'scale-growth-member-' || m")}, 'growth-member-' || m || '@scale.example.com', $1, 'Member', m::text,
            'firm'::user_type, now() from generate_series(1, $2::int) m
     union all
     select ${id("'scale-growth-' || n")}, 'attorney-reads-' || n || '@scale.example.com', $1, 'Reads', n::text,
            'attorney'::user_type, now() from unnest($3::int[]) n`,
    [passwordHash, GROWTH.members, GROWTH.events],
  );
  await q(
    `insert into firm_members (user_id, firm_id, roles)
     select ${id("'scale-growth-member-' || m")}, ${firm}, '{admin,recruiter,reviewer,conflicts}'::text[]
     from generate_series(1, $1::int) m`,
    [GROWTH.members],
  );
  for (const events of GROWTH.events) {
    const attorney = id(`'scale-growth-${events}'`);
    await q(
      `insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id, position_title,
                                 practice_area, status, contact_person_name, contact_person_title, sent_at, shared_at,
                                 current_version)
       select ${firm}, ${id("'scale-growth-member-1'")}, 'Growth Firm LLP', '${growthEmail(events)}', ${attorney},
              'Position ' || k, 'Corporate', 'accepted', 'Morgan Lee Cole', 'Recruiting', now() - interval '2 days',
              now() - interval '1 day', 1
       from generate_series(1, $1::int) k`,
      [GROWTH.requests],
    );
    // Reads n = 0, 1, …: member n % 4 reads request (n / 4) % 50, newest first, 10 ms apart.
    await q(`set local session_replication_role = replica`);
    await q(
      `with r as (select id, row_number() over (order by id) - 1 as i from lpq_requests where attorney_user_id = ${attorney})
       insert into access_events (request_id, attorney_user_id, firm_user_id, firm_id, firm_name, kind, reader_roles,
                                  created_at)
       select r.id, ${attorney}, ${id("'scale-growth-member-' || (1 + n % $2)")}, ${firm}, 'Growth Firm LLP',
              (array['package_view','package_view','pdf_download','document_download'])[1 + n % 4],
              '{admin,recruiter,reviewer,conflicts}', now() - n * interval '10 milliseconds'
       from generate_series(0, $1::int - 1) n join r on r.i = (n / $2) % $3`,
      [events, GROWTH.members, GROWTH.requests],
    );
    await q(`set local session_replication_role = origin`);
  }
}

export async function seedScaleAccounts(pool: pg.Pool, passwordHash: string) {
  const client = await pool.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q('begin');
    await q(
      `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at)
       select ${id("'scale-' || n")}, n || '@scale.example.com', $1, 'Scale', n,
              (case when n like 'firm%' then 'firm' else 'attorney' end)::user_type, now()
       from unnest(array['firm-big','firm-small','attorney-big','attorney-small']) n`,
      [passwordHash],
    );
    await q(
      `insert into firms (id) select ${id("'scale-' || n")} from unnest(array['firm-big','firm-small']) n`,
    );
    await q(
      `insert into firm_members (user_id, firm_id, roles)
       select ${id("'scale-' || n")}, ${id("'scale-' || n")}, '{admin,recruiter,reviewer,conflicts}'::text[]
       from unnest(array['firm-big','firm-small']) n`,
    );
    await q(
      `insert into firm_profiles (firm_id, firm_name, data)
       select ${id("'scale-' || n")}, 'Scale ' || n || ' LLP', '{}'::jsonb from unnest(array['firm-big','firm-small']) n`,
    );
    for (const [name, count] of [
      ['firm-big', SCALE.big.firmRequests],
      ['firm-small', SCALE.small.firmRequests],
    ] as const) {
      // Every 4th shared (then some reviewed), every 10th declined, every 25th withdrawn, the rest pending; due
      // dates from a month ago (overdue) to two months ahead. Of the shared (issue 64's filters): conflicts
      // pending, cleared or with issues, a third opened since their share (the rest new), half assigned to the
      // account's member (`reviewer=me`).
      await q(
        `insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id, position_title,
                                   practice_area, status, due_date, contact_person_name, contact_person_title,
                                   sent_at, shared_at, declined_at, withdrawn_at, current_version, attention_at,
                                   firm_opened_at, conflicts_status, conflicts_waiting)
         select ${id(`'scale-${name}'`)}, ${id(`'scale-${name}'`)}, 'Scale ${name} LLP', 'attorney-' || (1 + k % 9999) || '@bench.example.com',
                case when k % 4 = 0 then ${id("'attorney-' || (1 + k % 9999)")} end,
                (array['Corporate Partner','Litigation Associate','Tax Counsel','IP Partner','Senior Associate'])[1 + k % 5] || ' ' || (k % 97),
                (array['Corporate','Litigation','Tax','IP'])[1 + k % 4],
                (case when k % 4 = 0 then (case when k % 8 = 0 then 'reviewed' else 'accepted' end)
                      when k % 10 = 1 then 'declined' when k % 25 = 2 then 'withdrawn' else 'pending' end)::request_status,
                case when k % 3 = 0 then null else current_date + (k % 90) - 30 end,
                'Morgan Lee Cole', 'Director of Legal Recruiting',
                now() - k * interval '7 minutes',
                case when k % 4 = 0 then now() - k * interval '7 minutes' + interval '1 day' end,
                case when k % 10 = 1 then now() - k * interval '7 minutes' + interval '2 days' end,
                case when k % 25 = 2 and k % 10 <> 1 then now() - k * interval '7 minutes' + interval '3 days' end,
                case when k % 4 = 0 then 1 end,
                case when k % 4 = 0 then now() - k * interval '7 minutes' + interval '1 day' end,
                case when k % 4 = 0 and (k / 4) % 3 = 0 then now() end,
                case when k % 4 = 0 then (array['pending','pending','pending','cleared','issues'])[1 + (k / 4) % 5] end,
                case when k % 4 = 0 and (k / 4) % 5 < 3 then 1 + k % 3 else 0 end
         from generate_series(0, $1::int - 1) k`,
        [count],
      );
      await q(
        `insert into request_reviewers (request_id, user_id)
         select r.id, ${id(`'scale-${name}'`)}
         from (select id, row_number() over (order by sent_at desc) as i from lpq_requests
               where firm_id = ${id(`'scale-${name}'`)} and current_version is not null) r
         where r.i % 2 = 0`,
      );
    }
    for (const [name, shares, events, spacing] of [
      ['attorney-big', SCALE.big.shares, SCALE.big.events, '20 seconds'],
      ['attorney-small', SCALE.small.shares, SCALE.small.events, '10 minutes'],
    ] as const) {
      const attorney = id(`'scale-${name}'`);
      await q(
        `insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id, position_title,
                                   practice_area, status, contact_person_name, contact_person_title, sent_at,
                                   shared_at, current_version)
         select ${id("'firm-' || (k % 1000)")}, ${id("'firm-' || (k % 1000)")}, 'Bench Firm ' || (k % 1000) || ' LLP', '${name}@scale.example.com',
                ${attorney}, 'Position ' || k, 'Corporate', 'accepted', 'Morgan Lee Cole', 'Recruiting',
                now() - k * interval '1 hour', now() - k * interval '1 hour' + interval '1 day', 1
         from generate_series(0, $1::int - 1) k`,
        [shares],
      );
      await q(
        `insert into shared_packages (request_id, version, attorney_user_id, shared_at, include, attorney, master_lpq)
         select r.id, 1, r.attorney_user_id, r.shared_at,
                '{"conflictsForm":false,"businessPlan":false,"documents":false,"diversityForm":false}'::jsonb,
                jsonb_build_object('id', r.attorney_user_id, 'firstName', 'Scale', 'lastName', '${name}',
                                   'email', r.attorney_email), $1::jsonb
         from lpq_requests r where r.attorney_user_id = ${attorney}`,
        [JSON.stringify(completeMasterLpq())],
      );
      await q(
        `insert into position_lpqs (request_id, attorney_user_id)
         select id, attorney_user_id from lpq_requests where attorney_user_id = ${attorney}`,
      );
      // Round-robin over the attorney's requests, newest first. Without the per-row trigger (replica role),
      // then the access log's entries rebuilt from the events in one set-based pass, as the migration does.
      await q(`set local session_replication_role = replica`);
      await q(
        `with r as (select id, firm_id, created_by_user_id, firm_name, row_number() over (order by id) - 1 as i
                    from lpq_requests where attorney_user_id = ${attorney})
         insert into access_events (request_id, attorney_user_id, firm_user_id, firm_id, firm_name, kind, created_at)
         select r.id, ${attorney}, r.created_by_user_id, r.firm_id, r.firm_name,
                (array['package_view','package_view','pdf_download','document_download'])[1 + n % 4],
                now() - n * interval '${spacing}'
         from generate_series(0, $1::int - 1) n join r on r.i = n % $2`,
        [events, shares],
      );
      await q(`set local session_replication_role = origin`);
    }
    await q('commit');
  } catch (err) {
    await q('rollback');
    throw err;
  } finally {
    client.release();
  }
  await pool.query('analyze');
}
