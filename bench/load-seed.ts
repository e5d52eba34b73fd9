/**
 * Seeds the load benchmark's database with bulk SQL in the real schema: 10k attorneys, 1k firms, their
 * profiles, master LPQs, sessions, 20k requests (a quarter of them shared, with frozen packages, position
 * LPQs and access events). Attorney 0 is the signed-in benchmark attorney with exactly 20 requests; firm 0
 * sent the first of them. The one package the benchmark reads is shared later through the API.
 */
import type pg from 'pg';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../server/modules/master-lpq/master-lpq.fixtures';
import { SAMPLE_PACKAGE } from '../server/modules/requests/lifecycle/requests.factories';

export const ATTORNEYS = 10_000;
export const FIRMS = 1_000;
export const REQUESTS_PER_FIRM = 20;
export const BENCH_ATTORNEY_REQUESTS = 20;

export const attorneyEmail = (i: number) => `attorney-${i}@bench.example.com`;
export const firmEmail = (i: number) => `firm-${i}@bench.example.com`;

const FIRM_DATA = {
  founded: 1985,
  headquartersAddress: '200 Park Avenue, New York, NY',
  website: 'https://firm.example.com',
  description: 'Full-service firm with a national practice.',
  totalAttorneys: 120,
  numberOfOffices: 2,
  practiceAreas: ['Corporate', 'Litigation'],
  contactPersonName: 'Morgan Lee Cole',
  contactPersonTitle: 'Director of Legal Recruiting',
  contactPhone: '+1 212 555 0199',
};

const FIRM_QUESTIONS = {
  sections: [
    {
      title: 'Practice fit',
      questions: [
        { id: 'fit-1', text: 'Why our firm?', type: 'textarea', required: true },
        { id: 'fit-2', text: 'Relocate?', type: 'yesno', required: false },
      ],
    },
  ],
};

/** A deterministic version-4-shaped id from a SQL text expression, so later statements join without lookups. */
const id = (nameSql: string) =>
  `(overlay(overlay(md5(${nameSql}) placing '4' from 13) placing '8' from 17))::uuid`;

/** Runs every insert in one transaction; returns the row counts. */
export async function seedDatabase(
  pool: pg.Pool,
  passwordHash: string,
  benchFiles: { resumeId: string; documentId: string },
) {
  const client = await pool.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q('begin');
    await q(
      `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at, created_at)
       select ${id("'attorney-' || i")}, 'attorney-' || i || '@bench.example.com', $1,
              (array['Dana','Casey','Jordan','Avery','Riley','Morgan','Quinn','Taylor'])[1 + i % 8],
              'Attorney' || i, 'attorney', now() - interval '30 days', now() - interval '30 days' - i * interval '1 minute'
       from generate_series(0, $2::int - 1) i`,
      [passwordHash, ATTORNEYS],
    );
    await q(
      `insert into users (id, email, password_hash, first_name, last_name, user_type, email_verified_at, created_at)
       select ${id("'firm-' || i")}, 'firm-' || i || '@bench.example.com', $1, 'Recruiter', 'Firm' || i, 'firm',
              now() - interval '30 days', now() - interval '30 days' - i * interval '1 minute'
       from generate_series(0, $2::int - 1) i`,
      [passwordHash, FIRMS],
    );
    await q(
      `insert into attorney_profiles (user_id, phone, current_firm, position, years_experience, law_school,
                                      graduation_year, bar_admissions, practice_areas)
       select ${id("'attorney-' || i")}, '+1 212 555 ' || lpad((i % 10000)::text, 4, '0'), 'Firm ' || (i % 500),
              (array['associate','senior_associate','counsel','partner','senior_partner'])[1 + i % 5],
              1 + i % 30, 'Columbia Law School', 1990 + i % 34, 'New York' || chr(10) || 'New Jersey',
              '["Corporate","M&A"]'::jsonb
       from generate_series(0, $1::int - 1) i`,
      [ATTORNEYS],
    );
    await q(
      `insert into master_lpqs (user_id, data, is_complete)
       select ${id("'attorney-' || i")},
              jsonb_set($1::jsonb, '{generalInfo,email}', to_jsonb('attorney-' || i || '@bench.example.com')), true
       from generate_series(0, $2::int - 1) i`,
      [JSON.stringify(completeMasterLpq()), ATTORNEYS],
    );
    // Each firm account is a firm of its own (its registrant holds the registration's roles), as migration 0014.
    await q(`insert into firms (id) select ${id("'firm-' || i")} from generate_series(0, $1::int - 1) i`, [
      FIRMS,
    ]);
    await q(
      `insert into firm_members (user_id, firm_id, roles)
       select ${id("'firm-' || i")}, ${id("'firm-' || i")}, '{admin,recruiter,reviewer,conflicts}'::text[]
       from generate_series(0, $1::int - 1) i`,
      [FIRMS],
    );
    await q(
      `insert into firm_profiles (firm_id, firm_name, data)
       select ${id("'firm-' || i")}, 'Bench Firm ' || i || ' LLP', $1::jsonb from generate_series(0, $2::int - 1) i`,
      [JSON.stringify(FIRM_DATA), FIRMS],
    );
    await q(
      `insert into firm_offices (firm_id, position, city, state, number_of_attorneys)
       select ${id("'firm-' || i")}, p, (array['New York','Boston'])[p + 1], (array['NY','MA'])[p + 1], 60
       from generate_series(0, $1::int - 1) i, generate_series(0, 1) p`,
      [FIRMS],
    );
    // One live session per user, so the session lookup runs against a realistically sized table.
    await q(
      `insert into sessions (id, user_id, expires_at)
       select encode(sha256(convert_to('bench-session-' || u.id, 'UTF8')), 'hex'), u.id, now() + interval '7 days'
       from users u`,
    );
    // Every firm sends 20 requests to attorneys 1…9999; every fourth is shared. Attorney 0 gets none here.
    await q(
      `insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, attorney_user_id, position_title,
                                 practice_area, status, due_date, contact_person_name, contact_person_title,
                                 contact_phone, additional_message, firm_specific_questions, sent_at, shared_at)
       select ${id("'firm-' || f")}, ${id("'firm-' || f")}, 'Bench Firm ' || f || ' LLP', 'attorney-' || a || '@bench.example.com',
              case when k % 4 = 0 then ${id("'attorney-' || a")} end, 'Corporate Partner', 'Corporate',
              (case when k % 4 = 0 then 'accepted' else 'pending' end)::request_status,
              current_date + 30, 'Morgan Lee Cole', 'Director of Legal Recruiting', '+1 212 555 0199',
              'We would love to hear from you.', $1::jsonb, now() - (f * $2 + k) * interval '1 minute',
              case when k % 4 = 0 then now() - (f * $2 + k) * interval '1 minute' end
       from generate_series(0, $3::int - 1) f, generate_series(0, $2::int - 1) k,
            lateral (select 1 + ((f * $2 + k) * 7919) % ($4::int - 1) as a) pick`,
      [JSON.stringify(FIRM_QUESTIONS), REQUESTS_PER_FIRM, FIRMS, ATTORNEYS],
    );
    // Version 1 of every shared package, all parts included, no documents (as the share action stores it).
    await q(
      `insert into shared_packages (request_id, version, attorney_user_id, shared_at, include, attorney, profile,
                                    master_lpq, conflicts_form, diversity_form, business_plan)
       select r.id, 1, u.id, r.shared_at,
              '{"conflictsForm":true,"businessPlan":true,"documents":false,"diversityForm":true}'::jsonb,
              jsonb_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email),
              $1::jsonb, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb
       from lpq_requests r join users u on u.id = r.attorney_user_id
       where r.status = 'accepted'`,
      [
        JSON.stringify(SAMPLE_PACKAGE.profile),
        JSON.stringify(completeMasterLpq()),
        JSON.stringify(conflictsForm()),
        JSON.stringify(diversityForm()),
        JSON.stringify(businessPlan()),
      ],
    );
    await q(`update lpq_requests set current_version = 1 where status = 'accepted'`);
    await q(
      `insert into position_lpqs (request_id, attorney_user_id, form_data)
       select request_id, attorney_user_id, jsonb_build_object('name', attorney->>'firstName', 'email', attorney->>'email')
       from shared_packages`,
    );
    await q(
      `insert into access_events (request_id, attorney_user_id, firm_user_id, firm_id, firm_name, kind, created_at)
       select r.id, r.attorney_user_id, r.created_by_user_id, r.firm_id, r.firm_name, 'package_view', r.shared_at + n * interval '1 hour'
       from lpq_requests r, generate_series(1, 3) n where r.status = 'accepted'`,
    );
    // The benchmark attorney: 20 pending requests from firms 0…19, the first from firm 0.
    await q(
      `insert into lpq_requests (firm_id, created_by_user_id, firm_name, attorney_email, position_title, practice_area, due_date,
                                 contact_person_name, contact_person_title, contact_phone, additional_message,
                                 firm_specific_questions, sent_at)
       select ${id("'firm-' || f")}, ${id("'firm-' || f")}, 'Bench Firm ' || f || ' LLP', 'attorney-0@bench.example.com',
              'Position ' || f, 'Corporate', current_date + 30, 'Morgan Lee Cole', 'Director of Legal Recruiting',
              '+1 212 555 0199', 'We would love to hear from you.', $1::jsonb, now() - f * interval '1 hour'
       from generate_series(0, $2::int - 1) f`,
      [JSON.stringify(FIRM_QUESTIONS), BENCH_ATTORNEY_REQUESTS],
    );
    // The benchmark attorney's resume and one document, ready, so the shared package lists both.
    await q(
      `insert into files (id, owner_id, storage_key, filename, content_type, size, status, confirmed_at)
       values ($1, ${id("'attorney-0'")}, 'bench/resume.pdf', 'Resume.pdf', 'application/pdf', 182044, 'ready', now()),
              ($2, ${id("'attorney-0'")}, 'bench/writing-sample.pdf', 'Writing sample.pdf', 'application/pdf',
               402113, 'ready', now())`,
      [benchFiles.resumeId, benchFiles.documentId],
    );
    await q('commit');
  } catch (err) {
    await q('rollback');
    throw err;
  } finally {
    client.release();
  }
  await pool.query('analyze');
  const counts = await pool.query<{ table: string; rows: string }>(
    `select 'users' as table, count(*)::text as rows from users
     union all select 'lpq_requests', count(*)::text from lpq_requests
     union all select 'shared_packages', count(*)::text from shared_packages
     union all select 'sessions', count(*)::text from sessions
     union all select 'access_events', count(*)::text from access_events`,
  );
  return Object.fromEntries(counts.rows.map((r) => [r.table, Number(r.rows)]));
}
