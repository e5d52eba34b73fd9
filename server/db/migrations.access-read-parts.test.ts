import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { migrationsFolder } from './client';
import { describeMigration, type Query } from './migration-test-support';

/**
 * Migration 0027 (issue 66 item 4): an access log entry counts a package view or PDF by the parts it carried.
 * A database built with the migrations before it holds entries counted by kind alone; migrated, the entries
 * are counted again from their events with the parts, new reads are counted the same way by the trigger, and
 * the backfill and the trigger agree. A read stored without its parts keeps its kind's key.
 */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const PARTS_MIGRATION = journal.entries.find((e) => e.tag.endsWith('_access_read_parts'))!.idx;

const FIRM = '11111111-1111-4111-8111-111111111111';
const MEMBER = '22222222-2222-4222-8222-222222222222';
const ATTORNEY = '33333333-3333-4333-8333-333333333333';
const REQUEST = '44444444-4444-4444-8444-444444444444';
const HIRING = 'profile,masterLpq,positionLpq,businessPlan,documents';

const at = (time: string) => `'2026-01-05 ${time}:00+00'`;
const event = (kind: string, time: string, parts: string | null) =>
  `('${REQUEST}', '${ATTORNEY}', '${MEMBER}', '${FIRM}', 'Arden & Vale LLP', '${kind}', '{reviewer,conflicts}', ${
    parts === null ? 'null' : `'{${parts}}'`
  }, ${at(time)})`;
const INSERT_EVENTS = `insert into access_events (request_id, attorney_user_id, firm_user_id, firm_id, firm_name, kind,
  reader_roles, parts, created_at) values`;

const FILL = [
  `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at) values
     ('${MEMBER}', 'bea@arden.example', 'x', 'Bea', 'Reyes', 'firm', now()),
     ('${ATTORNEY}', 'casey@example.com', 'x', 'Casey', 'Nguyen', 'attorney', now())`,
  `insert into firms (id) values ('${FIRM}')`,
  `insert into firm_members (user_id, firm_id, roles) values ('${MEMBER}', '${FIRM}', '{reviewer,conflicts}')`,
  `insert into lpq_requests (id, firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id,
     position_title, practice_area, status, shared_at, current_version) values
     ('${REQUEST}', '${FIRM}', '${MEMBER}', 'Arden & Vale LLP', 'casey@example.com', '${ATTORNEY}', 'Tax Partner',
      'Tax', 'accepted', now() - interval '2 days', 1)`,
  // Bea, reviewer and conflicts: unassigned she read the conflicts form alone (view, PDF), assigned the package;
  // one read as stored before reads kept their parts. One entry (each within 30 minutes of the last).
  `${INSERT_EVENTS}
     ${event('package_view', '10:00', 'conflictsForm')},
     ${event('pdf_download', '10:05', 'conflictsForm')},
     ${event('package_view', '10:10', `${HIRING},conflictsForm`)},
     ${event('package_view', '10:15', null)}`,
];

const ENTRIES = `select reads, count from access_log_entries order by last_at`;

async function checkMigrated(query: Query) {
  expect(await query(ENTRIES)).toEqual([
    {
      reads: {
        'package_view[conflictsForm]': 1,
        'pdf_download[conflictsForm]': 1,
        [`package_view[${HIRING},conflictsForm]`]: 1,
        package_view: 1,
      },
      count: 4,
    },
  ]);
  await query(`${INSERT_EVENTS} ${event('package_view', '10:20', 'conflictsForm')}`);
  const counted = await query(ENTRIES);
  expect(counted).toEqual([
    {
      reads: {
        'package_view[conflictsForm]': 2,
        'pdf_download[conflictsForm]': 1,
        [`package_view[${HIRING},conflictsForm]`]: 1,
        package_view: 1,
      },
      count: 5,
    },
  ]);
  await query(`select access_log_entries_backfill()`);
  expect(await query(ENTRIES)).toEqual(counted);
}

describeMigration('migration 0027: an access log entry counts each package read by the parts it carried', {
  upTo: PARTS_MIGRATION,
  fill: FILL,
  check: checkMigrated,
});
