import { expect } from 'vitest';
import { describeMigration, type Query } from './migration-test-support';

/**
 * PRODUCT.md §9, migration 0014: every firm account becomes a firm whose registrant is admin, recruiter,
 * reviewer and conflicts, and nothing is lost. A database is built with the migrations before it, filled as
 * the product filled it (firm accounts with profiles, offices, custom sections, shared requests with
 * versions, notes and access events, one firm account without a profile), then migrated to the end.
 */
const TEAMS_MIGRATION = 14;

const FIRM_A = '11111111-1111-4111-8111-111111111111';
const FIRM_B = '22222222-2222-4222-8222-222222222222';
const ATTORNEY = '33333333-3333-4333-8333-333333333333';
const REQUEST_SHARED = '44444444-4444-4444-8444-444444444444';
const REQUEST_PENDING = '55555555-5555-4555-8555-555555555555';

/** What the product stored before firm teams, in the shape of migration 0013. */
const FILL = [
  `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at) values
     ('${FIRM_A}', 'hr@arden.example', 'x', 'Morgan', 'Cole', 'firm', now()),
     ('${FIRM_B}', 'solo@baxter.example', 'x', 'Riley', 'Baxter', 'firm', null),
     ('${ATTORNEY}', 'casey@example.com', 'x', 'Casey', 'Nguyen', 'attorney', now())`,
  `insert into firm_profiles (user_id, firm_name, data) values ('${FIRM_A}', 'Arden & Vale LLP', '{"website":"https://arden.example"}')`,
  `insert into firm_offices (firm_user_id, position, city, state, number_of_attorneys) values
     ('${FIRM_A}', 0, 'New York', 'NY', 90), ('${FIRM_A}', 1, 'Boston', 'MA', 30)`,
  `insert into custom_sections (firm_user_id, title, questions) values ('${FIRM_A}', 'Practice fit', '[{"id":"q1","text":"Why us?","type":"text","required":true}]')`,
  `insert into lpq_requests (id, firm_user_id, firm_name, attorney_email, attorney_user_id, position_title, practice_area,
     status, shared_at, current_version) values
     ('${REQUEST_SHARED}', '${FIRM_A}', 'Arden & Vale LLP', 'casey@example.com', '${ATTORNEY}', 'Tax Partner', 'Tax',
      'accepted', now() - interval '2 days', 2),
     ('${REQUEST_PENDING}', '${FIRM_A}', 'Arden & Vale LLP', 'someone@example.com', null, 'Counsel', 'Tax', 'pending', null, null)`,
  `insert into shared_packages (request_id, version, attorney_user_id, shared_at, include, attorney, master_lpq) values
     ('${REQUEST_SHARED}', 1, '${ATTORNEY}', now() - interval '2 days', '{}', '{"id":"${ATTORNEY}"}', '{"a":1}'),
     ('${REQUEST_SHARED}', 2, '${ATTORNEY}', now() - interval '1 day', '{}', '{"id":"${ATTORNEY}"}', '{"a":2}')`,
  `insert into request_notes (request_id, author_user_id, author_name, body) values ('${REQUEST_SHARED}', '${FIRM_A}', 'Morgan Cole', 'Strong book.')`,
  `insert into access_events (request_id, attorney_user_id, firm_user_id, firm_name, kind, created_at) values
     ('${REQUEST_SHARED}', '${ATTORNEY}', '${FIRM_A}', 'Arden & Vale LLP', 'package_view', now() - interval '36 hours')`,
];

async function checkMigrated(query: Query) {
  expect(await query(`select id from firms order by id`)).toEqual([{ id: FIRM_A }, { id: FIRM_B }]);
  expect(await query(`select user_id, firm_id, roles from firm_members order by user_id`)).toEqual([
    { user_id: FIRM_A, firm_id: FIRM_A, roles: ['admin', 'recruiter', 'reviewer', 'conflicts'] },
    { user_id: FIRM_B, firm_id: FIRM_B, roles: ['admin', 'recruiter', 'reviewer', 'conflicts'] },
  ]);
  expect(await query(`select firm_id, firm_name, data from firm_profiles`)).toEqual([
    { firm_id: FIRM_A, firm_name: 'Arden & Vale LLP', data: { website: 'https://arden.example' } },
  ]);
  expect(await query(`select firm_id, city from firm_offices order by position`)).toEqual([
    { firm_id: FIRM_A, city: 'New York' },
    { firm_id: FIRM_A, city: 'Boston' },
  ]);
  expect(await query(`select firm_id, created_by_user_id, title from custom_sections`)).toEqual([
    { firm_id: FIRM_A, created_by_user_id: FIRM_A, title: 'Practice fit' },
  ]);
  const requests = await query(
    `select id, firm_id, created_by_user_id, status, current_version, conflicts_status,
       attention_at is not null as has_attention, firm_opened_at is not null as opened
     from lpq_requests order by position_title`,
  );
  expect(requests).toEqual([
    {
      id: REQUEST_PENDING,
      firm_id: FIRM_A,
      created_by_user_id: FIRM_A,
      status: 'pending',
      current_version: null,
      // PRODUCT.md §13 (migration 0021): a request never shared has no conflicts status.
      conflicts_status: null,
      has_attention: false,
      opened: false,
    },
    {
      id: REQUEST_SHARED,
      firm_id: FIRM_A,
      created_by_user_id: FIRM_A,
      status: 'accepted',
      current_version: 2,
      conflicts_status: 'pending',
      has_attention: true,
      opened: true,
    },
  ]);
  expect(await query(`select count(*)::int as n from shared_packages`)).toEqual([{ n: 2 }]);
  expect(await query(`select author_name, body from request_notes`)).toEqual([
    { author_name: 'Morgan Cole', body: 'Strong book.' },
  ]);
  expect(await query(`select firm_id, firm_user_id, reader_roles from access_events`)).toEqual([
    { firm_id: FIRM_A, firm_user_id: FIRM_A, reader_roles: ['admin', 'recruiter', 'reviewer', 'conflicts'] },
  ]);
  // The dashboard counts moved to the firm, and the trigger keeps them on firm_id from now on.
  expect(await query(`select firm_id, status, count from firm_request_counts order by status`)).toEqual([
    { firm_id: FIRM_A, status: 'pending', count: 1 },
    { firm_id: FIRM_A, status: 'accepted', count: 1 },
  ]);
  await query(`update lpq_requests set status = 'reviewed' where id = '${REQUEST_SHARED}'`);
  expect(
    await query(`select status, count from firm_request_counts where count > 0 order by status`),
  ).toEqual([
    { status: 'pending', count: 1 },
    { status: 'reviewed', count: 1 },
  ]);
}

describeMigration(
  'migration 0014: firm teams — turns every firm account into a firm of its own, and loses nothing',
  { upTo: TEAMS_MIGRATION, fill: FILL, check: checkMigrated },
);
