import { expect } from 'vitest';
import { describeMigration, type Query } from './migration-test-support';

/**
 * PRODUCT.md §13, migration 0023: answers per row replace §9's manual clearance, and nothing is lost. A database
 * built with the migrations before it holds a shared request decided under §9 (with its decisions) and a pending
 * request; migrated to the end, the decisions and the decided status are kept (its rows take the decision when
 * first made, conflicts.rows.test.ts), a request never shared has no status, and no row waits.
 */
const ROWS_MIGRATION = 23;

const FIRM = '11111111-1111-4111-8111-111111111111';
const MEMBER = '22222222-2222-4222-8222-222222222222';
const ATTORNEY = '33333333-3333-4333-8333-333333333333';
const SHARED = '44444444-4444-4444-8444-444444444444';
const PENDING = '55555555-5555-4555-8555-555555555555';

const FILL = [
  `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at) values
     ('${MEMBER}', 'cole@arden.example', 'x', 'Cole', 'Hart', 'firm', now()),
     ('${ATTORNEY}', 'casey@example.com', 'x', 'Casey', 'Nguyen', 'attorney', now())`,
  `insert into firms (id) values ('${FIRM}')`,
  `insert into firm_members (user_id, firm_id, roles) values ('${MEMBER}', '${FIRM}', '{admin,conflicts}')`,
  `insert into lpq_requests (id, firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id,
     position_title, practice_area, status, shared_at, current_version, conflicts_status) values
     ('${SHARED}', '${FIRM}', '${MEMBER}', 'Arden & Vale LLP', 'casey@example.com', '${ATTORNEY}', 'Tax Partner',
      'Tax', 'accepted', now() - interval '2 days', 1, 'issues'),
     ('${PENDING}', '${FIRM}', '${MEMBER}', 'Arden & Vale LLP', 'other@example.com', null, 'Counsel', 'Tax',
      'pending', null, null, 'pending')`,
  `insert into conflicts_clearances (request_id, version, status, note, decided_by_user_id, decided_by_name) values
     ('${SHARED}', 1, 'pending', 'Looking', '${MEMBER}', 'Cole Hart'),
     ('${SHARED}', 1, 'issues', 'Globex overlap', '${MEMBER}', 'Cole Hart')`,
];

async function checkMigrated(query: Query) {
  expect(
    await query(`select id, conflicts_status, conflicts_waiting from lpq_requests order by position_title`),
  ).toEqual([
    { id: PENDING, conflicts_status: null, conflicts_waiting: 0 },
    { id: SHARED, conflicts_status: 'issues', conflicts_waiting: 0 },
  ]);
  expect(await query(`select status, note from conflicts_clearances order by status`)).toEqual([
    { status: 'issues', note: 'Globex overlap' },
    { status: 'pending', note: 'Looking' },
  ]);
  expect(await query(`select count(*)::int as n from conflicts_rows`)).toEqual([{ n: 0 }]);
  expect(await query(`select count(*)::int as n from conflicts_prechecks`)).toEqual([{ n: 0 }]);
}

describeMigration('migration 0021: conflicts rows — keeps every §9 decision and the status it gave', {
  upTo: ROWS_MIGRATION,
  fill: FILL,
  check: checkMigrated,
});
