import { expect } from 'vitest';
import { describeMigration, type Query } from './migration-test-support';

/**
 * Migration 0020: the access log is kept on write (access_log_entries). A database is built with the
 * migrations before it and filled with access events as the product stored them, then migrated to the end:
 * the backfill makes the entries the log showed, the trigger goes on counting new reads into them, and the
 * backfill and the trigger agree on the same events.
 */
const ENTRIES_MIGRATION = 20;

const FIRM = '11111111-1111-4111-8111-111111111111';
const MEMBER = '22222222-2222-4222-8222-222222222222';
const OTHER = '66666666-6666-4666-8666-666666666666';
const ATTORNEY = '33333333-3333-4333-8333-333333333333';
const REQUEST = '44444444-4444-4444-8444-444444444444';

const at = (time: string) => `'2026-01-05 ${time}:00+00'`;
const event = (user: string, kind: string, time: string, roles: string, file: string | null = null) =>
  `('${REQUEST}', '${ATTORNEY}', '${user}', '${FIRM}', 'Arden & Vale LLP', '${kind}', '${roles}', ${
    file ? `'${file}'` : 'null'
  }, ${at(time)})`;
const INSERT_EVENTS = `insert into access_events (request_id, attorney_user_id, firm_user_id, firm_id, firm_name, kind,
  reader_roles, file_name, created_at) values`;

/** What the product stored before the entries, in the shape of migration 0019. */
const FILL = [
  `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at) values
     ('${MEMBER}', 'dana@arden.example', 'x', 'Dana', 'Reyes', 'firm', now()),
     ('${OTHER}', 'lee@arden.example', 'x', 'Lee', 'Park', 'firm', now()),
     ('${ATTORNEY}', 'casey@example.com', 'x', 'Casey', 'Nguyen', 'attorney', now())`,
  `insert into firms (id) values ('${FIRM}')`,
  `insert into firm_members (user_id, firm_id, roles) values ('${MEMBER}', '${FIRM}', '{admin,reviewer}'),
     ('${OTHER}', '${FIRM}', '{recruiter}')`,
  `insert into lpq_requests (id, firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id,
     position_title, practice_area, status, shared_at, current_version) values
     ('${REQUEST}', '${FIRM}', '${MEMBER}', 'Arden & Vale LLP', 'casey@example.com', '${ATTORNEY}', 'Tax Partner',
      'Tax', 'accepted', now() - interval '2 days', 1)`,
  // Dana: 10:00, 10:20, 10:45 (each within 30 minutes of the last) one entry; 12:00 a new one. Lee at 12:10.
  `${INSERT_EVENTS}
     ${event(MEMBER, 'package_view', '10:00', '{reviewer}')},
     ${event(MEMBER, 'document_download', '10:20', '{reviewer}', 'cv.pdf')},
     ${event(MEMBER, 'package_view', '10:45', '{admin}')},
     ${event(MEMBER, 'pdf_download', '12:00', '{admin,reviewer}')},
     ${event(OTHER, 'package_view', '12:10', '{recruiter}')}`,
];

const ENTRIES = `select firm_user_id as reader, firm_name, reader_roles, reads, count,
    to_char(first_at at time zone 'UTC', 'HH24:MI') as first, to_char(last_at at time zone 'UTC', 'HH24:MI') as last
  from access_log_entries order by last_at, firm_user_id`;

async function checkMigrated(query: Query) {
  const firm = 'Arden & Vale LLP';
  expect(await query(ENTRIES)).toEqual([
    {
      reader: MEMBER,
      firm_name: firm,
      reader_roles: ['admin', 'reviewer'],
      reads: { package_view: 2, 'document_download:cv.pdf': 1 },
      count: 3,
      first: '10:00',
      last: '10:45',
    },
    {
      reader: MEMBER,
      firm_name: firm,
      reader_roles: ['admin', 'reviewer'],
      reads: { pdf_download: 1 },
      count: 1,
      first: '12:00',
      last: '12:00',
    },
    {
      reader: OTHER,
      firm_name: firm,
      reader_roles: ['recruiter'],
      reads: { package_view: 1 },
      count: 1,
      first: '12:10',
      last: '12:10',
    },
  ]);
  // From now on the trigger counts each read: 12:25 joins Dana's 12:00 entry, 13:30 starts a new one.
  await query(`${INSERT_EVENTS} ${event(MEMBER, 'package_view', '12:25', '{admin}')},
    ${event(MEMBER, 'document_download', '12:26', '{admin}', 'cv.pdf')}`);
  await query(`${INSERT_EVENTS} ${event(MEMBER, 'package_view', '13:30', '{admin}')}`);
  const counted = await query(ENTRIES);
  expect(counted.map((e) => [e.reader, e.count, e.first, e.last, e.reads])).toEqual([
    [MEMBER, 3, '10:00', '10:45', { package_view: 2, 'document_download:cv.pdf': 1 }],
    [OTHER, 1, '12:10', '12:10', { package_view: 1 }],
    [MEMBER, 3, '12:00', '12:26', { pdf_download: 1, package_view: 1, 'document_download:cv.pdf': 1 }],
    [MEMBER, 1, '13:30', '13:30', { package_view: 1 }],
  ]);
  // The backfill, run again over every event, makes the same entries the trigger kept.
  await query(`select access_log_entries_backfill()`);
  expect(await query(ENTRIES)).toEqual(counted);
}

describeMigration(
  'migration 0020: the access log kept on write — makes the entries of the stored reads, and counts new reads into them',
  { upTo: ENTRIES_MIGRATION, fill: FILL, check: checkMigrated },
);
