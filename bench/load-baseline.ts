/**
 * The load benchmark's baselines: bare Fastify + pg serving the two benchmarked endpoints. No helmet, no
 * logger, no zod, no ORM, no hooks: what the app costs on top is the ratio. Both turn rows into JSON with
 * the app's own pure mapping functions, so the answers are identical by construction and the difference
 * is the HTTP framework's plugins, validation, serialisation and the ORM's layer.
 *
 * - `/api/…` — the ONE-STATEMENT baseline: the session lookup, its touch, the read and the
 *   access event in one CTE, the same text the app sends (server/modules/requests/hot-reads.repo.ts),
 *   as a named prepared statement. One database round trip: the physical limit of a signed-in read.
 * - `/three/api/…` — the THREE-STATEMENT baseline: the session lookup (with a separate touch at most
 *   once a minute), then the read, then the access event insert: the plain way, one statement per step.
 *
 * - `PUT /api/attorney/drafts/:form` — autosave's write, ONE statement: the session lookup, its
 *   touch and the upsert of the draft, the same text the app sends (server/modules/drafts/drafts.repo.ts).
 *
 * The attorney's list is the first page (50 rows; the bench attorney has 20, so no next page).
 *
 * Usage (bench/load.ts starts it): PORT=3111 DATABASE_URL=postgres://… DATABASE_POOL_MAX=20 npx tsx bench/load-baseline.ts
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { DEFAULT_DATABASE_POOL_MAX } from '../server/config';
import { POOL_IDLE_TIMEOUT_MS } from '../server/db/client';
import { fromDriver, prefixedColumns, renderSql } from '../server/db/prepared';
import { lpqRequests, positionLpqs, sharedPackages } from '../server/db/schema';
import { SESSION_TOUCH_INTERVAL_MS, sessionParams } from '../server/modules/auth/sessions';
import { DRAFT_SAVE_FOR_SESSION } from '../server/modules/drafts/drafts.repo';
import { toAttorneyItem } from '../server/modules/requests/attorney/attorney-item';
import { positionLpqStatus, toFirmRequestItem } from '../server/modules/requests/firm/firm-request-item';
import {
  ATTORNEY_REQUESTS_FOR_SESSION,
  attorneyItemExtras,
  FIRM_PACKAGE_READ_FOR_SESSION,
} from '../server/modules/requests/hot-reads.repo';
import { toPackage, withParts } from '../server/modules/requests/sharing/package-versions';
import type { FirmMember } from '../server/policies/authorize';
import { packageOpen, packageParts, todayUtc } from '../server/policies/request-scope';
import { DRAFT_MAX_BYTES, isDraftName, positionLpqOfDraft } from '../shared/drafts';
import { SESSION } from '../shared/limits';
import { type ChangeCounts, changeCountFor } from '../shared/package-changes';
import { PAGE } from '../shared/paging';
import { PACKAGE_SHARED_STATUSES } from '../shared/requests';
import type { FirmRole } from '../shared/team';

const port = Number(process.env.PORT);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// As Drizzle reads them: timestamps and dates as text, mapped by the columns' own functions.
const asText = (v: string) => v;
for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, asText);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? DEFAULT_DATABASE_POOL_MAX),
  idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
});
pool.on('error', () => {});

type Row = Record<string, unknown>;
/** Sent by name, as the app's prepared statements are: PostgreSQL parses each once per connection. */
const query = async (name: string, text: string, values: unknown[]) =>
  (await pool.query<Row>({ name, text, values })).rows;

const ATTORNEY_ONE = renderSql(ATTORNEY_REQUESTS_FOR_SESSION);
const FIRM_ONE = renderSql(FIRM_PACKAGE_READ_FOR_SESSION);
const DRAFT_ONE = renderSql(DRAFT_SAVE_FOR_SESSION);
const SESSION_SQL = `select s."last_used_at", u."id" as "u_id", u."email" as "u_email", u."user_type" as "u_user_type", u."email_verified_at" as "u_email_verified_at", m."firm_id" as "m_firm_id", m."roles" as "m_roles" from "sessions" s inner join "users" u on u."id" = s."user_id" left join "firm_members" m on m."user_id" = u."id" where s."id" = $1 and s."expires_at" > $2 and s."last_used_at" > $3 limit 1`;
const TOUCH_SQL = `update "sessions" set "last_used_at" = $1 where "id" = $2`;
const ATTORNEY_REQUESTS_SQL = `select ${prefixedColumns(lpqRequests, 'r', 'r_')}, pl."id" as "lpq_id", pl."status" as "lpq_status", pl."submitted_at" as "lpq_submitted_at", sp."include", (ml."updated_at" > sp."shared_at") as "master_changed" from "lpq_requests" r left join "position_lpqs" pl on pl."request_id" = r."id" left join "shared_packages" sp on sp."request_id" = r."id" and sp."version" = r."current_version" left join "master_lpqs" ml on ml."user_id" = $2 and sp."request_id" is not null where lower(r."attorney_email") = $1 order by r."sent_at" desc, r."id" desc limit ${PAGE.defaultLimit + 1}`;
const FIRM_READ_SQL = `select ${prefixedColumns(lpqRequests, 'r', 'r_')}, u."first_name" as "attorney_first_name", u."last_name" as "attorney_last_name", ${prefixedColumns(positionLpqs, 'lpq', 'l_')}, ${prefixedColumns(sharedPackages, 'p', 'p_')},
  (select json_agg(json_build_object('version', v."version", 'sharedAt', v."shared_at", 'changeCounts', v."change_counts") order by v."version") from "shared_packages" v where v."request_id" = r."id") as "versions",
  (select max(v."version") from "shared_packages" v where v."request_id" = r."id" and v."shared_at" <= (select max(e."created_at") from "access_events" e where e."request_id" = r."id" and e."firm_user_id" = $4 and e."kind" = 'package_view')) as "last_opened_version",
  (select json_agg(json_build_object('id', f."file_id", 'name', f."name", 'contentType', f."content_type", 'size', f."size") order by f."position") from "shared_package_files" f where f."request_id" = p."request_id" and f."version" = p."version") as "package_files",
  (select json_agg(json_build_object('userId', ru."id", 'firstName', ru."first_name", 'lastName', ru."last_name") order by ru."last_name", ru."first_name") from "request_reviewers" rr join "users" ru on ru."id" = rr."user_id" where rr."request_id" = r."id") as "reviewers",
  false as "assigned"
  from "lpq_requests" r
  left join "users" u on u."id" = r."attorney_user_id" and r."shared_at" is not null
  left join "position_lpqs" lpq on lpq."request_id" = r."id"
  left join "shared_packages" p on p."request_id" = r."id" and p."version" = r."current_version"
    and r."status" in (${PACKAGE_SHARED_STATUSES.map((s) => `'${s}'`).join(', ')}) and (r."access_until" is null or r."access_until" >= $3::date)
  where r."firm_id" = $1 and r."id" = $2`;
const ACCESS_EVENT_SQL = `insert into "access_events" ("request_id", "attorney_user_id", "firm_user_id", "firm_id", "firm_name", "kind", "reader_roles", "parts") values ($1, $2, $3, $4, $5, $6, $7, $8)`;

function sessionId(request: FastifyRequest) {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq).trim() === 'lp_session')
      return createHash('sha256')
        .update(decodeURIComponent(part.slice(eq + 1).trim()))
        .digest('hex');
  }
  return null;
}

/** 401 without a user, 403 for the wrong type; true when the caller may go on. */
function allowed(reply: FastifyReply, user: Row | undefined, userType: string) {
  if (!user) {
    reply.code(401).send({ message: 'Unauthorized' });
    return false;
  }
  if (user.u_user_type !== userType) {
    reply.code(403).send({ message: 'Forbidden' });
    return false;
  }
  return true;
}

const attorneyItems = (rows: Row[]) =>
  rows.flatMap((row) => {
    const request = fromDriver(lpqRequests, row, 'r_');
    return request ? [toAttorneyItem(request, attorneyItemExtras(row))] : [];
  });

/** The reader as the app's rules see them, from the session columns of either read. */
const readerOf = (row: Row): FirmMember => ({
  id: row.u_id as string,
  email: row.u_email as string,
  firstName: '',
  lastName: '',
  userType: 'firm',
  emailVerified: true,
  firm: { id: row.m_firm_id as string, roles: row.m_roles as FirmRole[] },
});

/** The firm's detail from a row of either read; null when the package could not be read (404). */
function firmDetail(row: Row, session: Row) {
  const request = fromDriver(lpqRequests, row, 'r_')!;
  const parts = packageParts(readerOf(session), {
    firmId: request.firmId,
    currentVersion: request.currentVersion,
    assigned: row.assigned === true,
  });
  type Stored = { version: number; sharedAt: string; changeCounts: ChangeCounts | null };
  const versions = ((row.versions as Stored[] | null) ?? []).map((v) => ({
    version: v.version,
    sharedAt: new Date(v.sharedAt).toISOString(),
    changes: v.version > 1 ? changeCountFor(v.changeCounts ?? null, parts) : null,
  }));
  const first = row.attorney_first_name as string | null;
  const lpq = fromDriver(positionLpqs, row, 'l_');
  const item = toFirmRequestItem(
    request,
    first ? `${first} ${row.attorney_last_name ?? ''}`.trim() : null,
    versions,
    lpq?.submittedAt ?? null,
  );
  const shared = request.currentVersion !== null;
  const detail = {
    ...item,
    visibleParts: parts,
    reviewers: (row.reviewers as unknown[] | null) ?? [],
    lastOpenedVersion: row.last_opened_version == null ? null : Number(row.last_opened_version),
    conflictsStatus: shared ? request.conflictsStatus : null,
    conflictsWaiting: shared ? request.conflictsWaiting : 0,
  };
  if (!packageOpen(request) || request.currentVersion === null) return { ...detail, package: null };
  const stored = fromDriver(sharedPackages, row, 'p_');
  if (!stored) return null;
  const files =
    (row.package_files as { id: string; name: string; contentType: string; size: number }[]) ?? [];
  const documents = files.map((f) => ({ ...f, size: Number(f.size), url: `/objects/${f.id}` }));
  const { include: _parts, ...pkg } = toPackage(stored, documents);
  return {
    ...detail,
    package: withParts(
      {
        ...pkg,
        versions,
        positionLpq: lpq
          ? { status: positionLpqStatus(lpq), formData: lpq.formData, firmAnswers: lpq.firmAnswers }
          : null,
      },
      parts,
    ),
  };
}

const app = Fastify();

// One statement.
app.get('/api/attorney/lpq-requests', async (request, reply) => {
  const id = sessionId(request);
  if (!id) return reply.code(401).send({ message: 'Unauthorized' });
  const rows = await query(
    'attorney_requests_for_session',
    ATTORNEY_ONE.text,
    ATTORNEY_ONE.values({
      ...sessionParams(id),
      afterSentAt: null,
      afterId: null,
      rows: PAGE.defaultLimit + 1,
    }),
  );
  if (!allowed(reply, rows[0], 'attorney')) return reply;
  return attorneyItems(rows.slice(0, PAGE.defaultLimit));
});

app.get('/api/firm/lpq-requests/:id', async (request, reply) => {
  const id = sessionId(request);
  if (!id) return reply.code(401).send({ message: 'Unauthorized' });
  const requestId = (request.params as { id: string }).id;
  const [row] = await query(
    'firm_package_read_for_session',
    FIRM_ONE.text,
    FIRM_ONE.values({
      ...sessionParams(id),
      requestId: UUID.test(requestId) ? requestId : null,
      version: null,
      today: todayUtc(),
      kind: 'package_view',
      // The same count of the read as the app's, with the bench's raised limit.
      readLimit: 1_000_000_000,
      readWindowSeconds: 60,
    }),
  );
  if (!allowed(reply, row, 'firm')) return reply;
  const detail = row.r_id ? firmDetail(row, row) : null;
  return detail ?? reply.code(404).send({ message: 'Not found' });
});

// Autosave: one statement. A body that is not `{ data: {…} }` or is too large is a 400, as in the app.
app.put('/api/attorney/drafts/:form', async (request, reply) => {
  const id = sessionId(request);
  if (!id) return reply.code(401).send({ message: 'Unauthorized' });
  const form = (request.params as { form: string }).form;
  const data = (request.body as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return reply.code(400).send({ message: 'Invalid input' });
  const json = JSON.stringify(data);
  const known = isDraftName(form);
  const fits = Buffer.byteLength(json) <= DRAFT_MAX_BYTES;
  const [row] = await query(
    'draft_save_for_session',
    DRAFT_ONE.text,
    DRAFT_ONE.values({
      ...sessionParams(id),
      form: known && fits ? form : null,
      lpqId: positionLpqOfDraft(form),
      json: known && fits ? json : null,
    }),
  );
  if (!allowed(reply, row, 'attorney')) return reply;
  if (!known) return reply.code(404).send({ message: 'Not found' });
  if (!fits) return reply.code(400).send({ message: 'This draft is too large to save.' });
  if (!row.saved_at) return reply.code(404).send({ message: 'Not found' });
  return { updatedAt: new Date(row.saved_at as string).toISOString() };
});

// Three statements: session (+ touch), read, access event.
async function sessionUser(request: FastifyRequest) {
  const id = sessionId(request);
  if (!id) return undefined;
  const now = new Date();
  const [row] = await query('session_by_id', SESSION_SQL, [
    id,
    now.toISOString(),
    new Date(now.getTime() - SESSION.idleMs).toISOString(),
  ]);
  if (row && now.getTime() - new Date(row.last_used_at as string).getTime() > SESSION_TOUCH_INTERVAL_MS)
    await pool.query(TOUCH_SQL, [now.toISOString(), id]);
  return row;
}

app.get('/three/api/attorney/lpq-requests', async (request, reply) => {
  const user = await sessionUser(request);
  if (!allowed(reply, user, 'attorney')) return reply;
  if (!user!.u_email_verified_at) return [];
  const rows = await query('attorney_requests', ATTORNEY_REQUESTS_SQL, [
    (user!.u_email as string).toLowerCase(),
    user!.u_id,
  ]);
  return attorneyItems(rows.slice(0, PAGE.defaultLimit));
});

app.get('/three/api/firm/lpq-requests/:id', async (request, reply) => {
  const user = await sessionUser(request);
  if (!allowed(reply, user, 'firm')) return reply;
  const requestId = (request.params as { id: string }).id;
  if (!UUID.test(requestId)) return reply.code(404).send({ message: 'Not found' });
  const [row] = await query('firm_request_read', FIRM_READ_SQL, [
    user!.m_firm_id,
    requestId,
    todayUtc(),
    user!.u_id,
  ]);
  const detail = row ? firmDetail(row, user!) : null;
  if (!detail) return reply.code(404).send({ message: 'Not found' });
  if (detail.package)
    await pool.query(ACCESS_EVENT_SQL, [
      requestId,
      row.r_attorney_user_id,
      user!.u_id,
      user!.m_firm_id,
      detail.firmName,
      'package_view',
      user!.m_roles,
      detail.visibleParts,
    ]);
  return detail;
});

// The floor: a stored answer from memory, no session, no database. bench/load.ts stores the app's JSON
// here and loads it like the real endpoints, to show what this machine allows with no work at all.
const floor = new Map<string, string>();
app.put('/floor/:name', async (request, reply) => {
  floor.set((request.params as { name: string }).name, request.body as string);
  return reply.code(204).send();
});
app.get('/floor/:name', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(floor.get((request.params as { name: string }).name)),
);

await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
