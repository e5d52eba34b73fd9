import { FIRM_REQUEST_SORTS, type FirmRequestListQuery } from '@shared/firm-pipeline';
import type { FirmRole } from '@shared/team';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, driverClientOf } from '../../../db/client';
import * as schema from '../../../db/schema';
import type { FirmMember } from '../../../policies/authorize';
import { createTestDatabase, dbKinds } from '../../../test/harness';
import { countOfRequests, pageOfRequests, pipelineCounts } from './firm-pipeline.repo';

/**
 * Issue 64 item 6, on real PostgreSQL (PGlite's planner is the same, but the proof is the server's): the
 * pipeline's list page, its count (X-Total-Count) and the dashboard's pipeline counts are one statement each,
 * and with every filter of the list (stage, reviewer, conflicts status, new, overdue) and every role's scope
 * the plan reads the large tables through an index: no Seq Scan. Not forced (no `enable_seqscan = off`): a few
 * thousand requests over several firms, ANALYZEd, so that the planner would read the whole table if no index
 * served. The SQL is the repository function's own, captured from Drizzle's logger, explained with its values.
 */
const LARGE_TABLES = ['lpq_requests', 'request_reviewers', 'users', 'shared_packages', 'position_lpqs'];
const FIRMS = 6;
const REQUESTS_PER_FIRM = 1_500;
const REVIEWERS_PER_FIRM = 8;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
};
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

// md5-derived ids, so the seed's rows can name each other in one statement.
const id = (name: string) => `(overlay(overlay(md5(${name}) placing '4' from 13) placing '8' from 17))::uuid`;

describe.runIf(dbKinds.includes('postgres'))(
  'the pipeline’s plans at a few thousand requests [postgres]',
  () => {
    let database: Database;
    let pool: ReturnType<typeof poolOf>;
    const poolOf = (db: Db) => {
      const client = driverClientOf(db);
      if (client.kind !== 'postgres') throw new Error('postgres only');
      return client.pool;
    };
    let logged: { sql: string; params: unknown[] }[] = [];
    let db: Db;
    let ids: { firm: string; member: string; reviewer: string; conflicts: string };

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      pool = poolOf(database.db);
      db = drizzle(pool, {
        schema,
        logger: { logQuery: (sql, params) => logged.push({ sql, params }) },
      }) as unknown as Db;
      const q = (text: string, values: unknown[] = []) => pool.query(text, values);
      // Firms f1…f6, each with an all-roles member, REVIEWERS_PER_FIRM reviewers and a conflicts member.
      await q(`insert into firms (id) select ${id("'firm-' || f")} from generate_series(1, $1::int) f`, [
        FIRMS,
      ]);
      await q(
        `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at)
       select ${id("'member-' || f || '-' || m")}, 'member-' || f || '-' || m || '@plans.example.com', 'x',
              'Member', f || '-' || m, 'firm'::user_type, now()
       from generate_series(1, $1::int) f, generate_series(0, $2::int + 1) m`,
        [FIRMS, REVIEWERS_PER_FIRM],
      );
      // m = 0: every role; 1…R: reviewers; R + 1: conflicts.
      await q(
        `insert into firm_members (user_id, firm_id, roles)
       select ${id("'member-' || f || '-' || m")}, ${id("'firm-' || f")},
              case when m = 0 then '{admin,recruiter,reviewer,conflicts}'::text[]
                   when m <= $2::int then '{reviewer}'::text[] else '{conflicts}'::text[] end
       from generate_series(1, $1::int) f, generate_series(0, $2::int + 1) m`,
        [FIRMS, REVIEWERS_PER_FIRM],
      );
      // An attorney account per request shared (every 4th), as in the pipeline: the name once shared.
      await q(
        `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at)
       select ${id("'attorney-' || f || '-' || k")}, 'attorney-' || f || '-' || k || '@plans.example.com', 'x',
              'Attorney', k::text, 'attorney'::user_type, now()
       from generate_series(1, $1::int) f, generate_series(0, $2::int - 1, 4) k`,
        [FIRMS, REQUESTS_PER_FIRM],
      );
      // The same mix as bench/scale-seed.ts: every 4th shared (half of those reviewed), every 10th declined,
      // every 25th withdrawn, the rest pending; due dates from a month ago to two months ahead; of the shared,
      // conflicts pending, cleared or with issues, some opened since their share, half assigned to a reviewer.
      await q(
        `insert into lpq_requests (id, firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id,
                                 position_title, practice_area, status, due_date, sent_at, shared_at, declined_at,
                                 withdrawn_at, current_version, attention_at, firm_opened_at, conflicts_status,
                                 conflicts_waiting)
       select ${id("'request-' || f || '-' || k")}, ${id("'firm-' || f")}, ${id("'member-' || f || '-0'")},
              'Plans Firm ' || f, 'attorney-' || f || '-' || k || '@plans.example.com',
              case when k % 4 = 0 then ${id("'attorney-' || f || '-' || k")} end,
              (array['Corporate Partner','Litigation Associate','Tax Counsel','IP Partner'])[1 + k % 4] || ' ' || k,
              (array['Corporate','Litigation','Tax','IP'])[1 + k % 4],
              (case when k % 4 = 0 then (case when k % 8 = 0 then 'reviewed' else 'accepted' end)
                    when k % 10 = 1 then 'declined' when k % 25 = 2 then 'withdrawn' else 'pending' end)::request_status,
              case when k % 3 = 0 then null else current_date + (k % 90) - 30 end,
              now() - k * interval '7 minutes',
              case when k % 4 = 0 then now() - k * interval '7 minutes' + interval '1 day' end,
              case when k % 10 = 1 and k % 4 <> 0 then now() - k * interval '7 minutes' + interval '2 days' end,
              case when k % 25 = 2 and k % 10 <> 1 and k % 4 <> 0 then now() - k * interval '7 minutes' + interval '3 days' end,
              case when k % 4 = 0 then 1 end,
              case when k % 4 = 0 then now() - k * interval '7 minutes' + interval '1 day' end,
              case when k % 4 = 0 and (k / 4) % 3 = 0 then now() end,
              case when k % 4 = 0 then (array['pending','pending','pending','cleared','issues'])[1 + (k / 4) % 5] end,
              case when k % 4 = 0 and (k / 4) % 5 < 3 then 1 + k % 3 else 0 end
       from generate_series(1, $1::int) f, generate_series(0, $2::int - 1) k`,
        [FIRMS, REQUESTS_PER_FIRM],
      );
      await q(
        `insert into shared_packages (request_id, version, attorney_user_id, shared_at, include, attorney, master_lpq)
       select id, 1, attorney_user_id, shared_at, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb
       from lpq_requests where current_version is not null`,
      );
      await q(
        `insert into position_lpqs (request_id, attorney_user_id)
       select id, attorney_user_id from lpq_requests where current_version is not null`,
      );
      // Half of the shared requests assigned to one of the firm's reviewers, in turn; the all-roles member to some.
      await q(
        `insert into request_reviewers (request_id, user_id)
       select ${id("'request-' || f || '-' || k")}, ${id("'member-' || f || '-' || (1 + (k / 8) % $3::int)")}
       from generate_series(1, $1::int) f, generate_series(0, $2::int - 1, 8) k
       union all
       select ${id("'request-' || f || '-' || k")}, ${id("'member-' || f || '-0'")}
       from generate_series(1, $1::int) f, generate_series(0, $2::int - 1, 12) k`,
        [FIRMS, REQUESTS_PER_FIRM, REVIEWERS_PER_FIRM],
      );
      await q('analyze');
      const [row] = (
        await q(
          `select ${id("'firm-1'")} as firm, ${id("'member-1-0'")} as member, ${id("'member-1-1'")} as reviewer,
                ${id(`'member-1-${REVIEWERS_PER_FIRM + 1}'`)} as conflicts`,
        )
      ).rows;
      ids = row;
    });
    afterAll(async () => {
      await database?.close();
    });

    const member = (userId: string, roles: FirmRole[]): FirmMember => ({
      id: userId,
      email: 'member@plans.example.com',
      firstName: 'Member',
      lastName: 'Plans',
      userType: 'firm',
      emailVerified: true,
      firm: { id: ids.firm, roles },
    });
    const members = () => ({
      'all roles': member(ids.member, ['admin', 'recruiter', 'reviewer', 'conflicts']),
      recruiter: member(ids.member, ['recruiter']),
      reviewer: member(ids.reviewer, ['reviewer']),
      conflicts: member(ids.conflicts, ['conflicts']),
    });

    /** The statements `run` sent, each with its plan (EXPLAIN (FORMAT JSON) with the statement's own values). */
    async function plansOf(run: () => Promise<unknown>) {
      logged = [];
      await run();
      const statements = logged;
      logged = [];
      const plans: PlanNode[] = [];
      for (const st of statements) {
        const { rows } = await pool.query(`explain (format json) ${st.sql}`, st.params);
        plans.push((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan);
      }
      return { statements, plans };
    }
    const seqScans = (plans: PlanNode[]) =>
      plans
        .flatMap(nodes)
        .filter((n) => n['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(n['Relation Name'] ?? ''))
        .map((n) => n['Relation Name']);
    const indexesRead = (plans: PlanNode[]) =>
      plans.flatMap(nodes).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));

    type Filters = Pick<FirmRequestListQuery, 'status' | 'reviewer' | 'conflicts' | 'new' | 'overdue'>;
    const FILTERS = (): [string, Filters][] => [
      ['no filter', {}],
      ['stage pending', { status: 'pending' }],
      ['stage reviewed', { status: 'reviewed' }],
      ['reviewer me', { reviewer: 'me' }],
      ['reviewer someone', { reviewer: ids.reviewer }],
      ['conflicts pending', { conflicts: 'pending' }],
      ['conflicts cleared', { conflicts: 'cleared' }],
      ['conflicts issues', { conflicts: 'issues' }],
      ['new', { new: true }],
      ['overdue', { overdue: true }],
      ['overdue, reviewer me', { overdue: true, reviewer: 'me' }],
      ['new, conflicts pending', { new: true, conflicts: 'pending' }],
    ];

    it('seeds enough that a filter without an index would be read by a Seq Scan', async () => {
      const { rows } = await pool.query(
        `select (select count(*) from lpq_requests)::int as requests,
              (select count(*) from lpq_requests where firm_id = $1)::int as of_firm,
              (select relpages from pg_class where relname = 'lpq_requests')::int as pages`,
        [ids.firm],
      );
      expect(rows[0].requests).toBe(FIRMS * REQUESTS_PER_FIRM);
      expect(rows[0].of_firm).toBe(REQUESTS_PER_FIRM);
      // A control: the same table read by a column no index leads with is a Seq Scan.
      const { rows: plan } = await pool.query(
        `explain (format json) select count(*) from lpq_requests where practice_area = 'Tax'`,
      );
      expect(seqScans([(plan[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan])).toEqual(['lpq_requests']);
    });

    it('each filter, for each role: the page, its count and the dashboard’s counts are one statement each, no Seq Scan', async () => {
      const report: string[] = [];
      for (const [who, m] of Object.entries(members())) {
        for (const [name, filters] of FILTERS()) {
          if (filters.reviewer === 'me' && !m.firm.roles.includes('reviewer')) continue;
          const query: FirmRequestListQuery = { sort: '-sent', limit: 50, ...filters };
          const page = await plansOf(() => pageOfRequests(db, m, query, null));
          const count = await plansOf(() => countOfRequests(db, m, query));
          expect(page.statements, `${who}, ${name}: the page`).toHaveLength(1);
          expect(count.statements, `${who}, ${name}: the count`).toHaveLength(1);
          expect(seqScans(page.plans), `${who}, ${name}: the page`).toEqual([]);
          expect(seqScans(count.plans), `${who}, ${name}: the count`).toEqual([]);
          report.push(`${who}, ${name}: count reads ${[...new Set(indexesRead(count.plans))].join(' + ')}`);
        }
        const counts = await plansOf(() => pipelineCounts(db, m));
        expect(counts.statements, `${who}: the dashboard's counts`).toHaveLength(1);
        expect(seqScans(counts.plans), `${who}: the dashboard's counts`).toEqual([]);
      }
      if (process.env.SHOW_PLANS) console.log(report.join('\n'));
    });

    it('each sort, with a filter, reads its page through an index', async () => {
      const m = members()['all roles'];
      for (const sort of FIRM_REQUEST_SORTS)
        for (const filters of [{}, { overdue: true }, { conflicts: 'pending' }] as Filters[]) {
          const page = await plansOf(() => pageOfRequests(db, m, { sort, limit: 50, ...filters }, null));
          expect(page.statements).toHaveLength(1);
          expect(seqScans(page.plans), `${sort} ${JSON.stringify(filters)}`).toEqual([]);
        }
    });

    it('the filters that narrow most read their own index for the count', async () => {
      const m = members().recruiter;
      const countIndexes = async (filters: Filters) =>
        indexesRead((await plansOf(() => countOfRequests(db, m, filters))).plans);
      expect(await countIndexes({ overdue: true })).toContain('lpq_requests_firm_overdue_idx');
      expect(await countIndexes({ new: true })).toContain('lpq_requests_firm_new_idx');
      expect(await countIndexes({ conflicts: 'issues' })).toContain('lpq_requests_firm_conflicts_idx');
      expect(await countIndexes({ status: 'reviewed' })).toContain('lpq_requests_firm_status_idx');
      const byReviewer = await countIndexes({ reviewer: ids.reviewer });
      expect(byReviewer.some((i) => i.startsWith('request_reviewers_'))).toBe(true);
    });
  },
);
