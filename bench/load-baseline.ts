/**
 * The load benchmark's baseline: bare Fastify + pg serving the two benchmarked endpoints with the SAME SQL
 * the app sends (copied from Drizzle's query log) as the same named prepared statements, the same session
 * lookup by the cookie's SHA-256, the same touch of lastUsedAt at most once a minute, the same one read
 * then one access event per package read, and the same JSON. No helmet, no logger, no zod, no ORM: what
 * the app costs on top is the ratio.
 * Usage (bench/load.ts starts it): PORT=3111 DATABASE_URL=postgres://… npx tsx bench/load-baseline.ts
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
const TOUCH_INTERVAL_MS = 60 * 1000;
const IDLE_MS = 12 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Drizzle reads a `date` column as its text; so does the baseline.
pg.types.setTypeParser(1082, (v: string) => v);
// The app's pool size (server/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
pool.on('error', () => {});

type Row = unknown[];
/** Sent by name, as the app's prepared statements are: PostgreSQL parses each once per connection. */
const select = async (name: string, text: string, values: unknown[]) =>
  (await pool.query<Row>({ name, text, values, rowMode: 'array' })).rows;

const SESSION_SQL = `select "sessions"."last_used_at", "users"."id", "users"."email", "users"."first_name", "users"."last_name", "users"."user_type", "users"."email_verified_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."id" = $1 and "sessions"."expires_at" > $2 and "sessions"."last_used_at" > $3) limit $4`;
const TOUCH_SQL = `update "sessions" set "last_used_at" = $1 where "sessions"."id" = $2`;
const REQUEST_COLUMNS = `"lpq_requests"."id", "lpq_requests"."firm_user_id", "lpq_requests"."firm_name", "lpq_requests"."attorney_email", "lpq_requests"."attorney_user_id", "lpq_requests"."position_title", "lpq_requests"."practice_area", "lpq_requests"."status", "lpq_requests"."due_date", "lpq_requests"."contact_person_name", "lpq_requests"."contact_person_title", "lpq_requests"."contact_phone", "lpq_requests"."additional_message", "lpq_requests"."firm_specific_questions", "lpq_requests"."decline_reason", "lpq_requests"."sent_at", "lpq_requests"."shared_at", "lpq_requests"."declined_at", "lpq_requests"."reviewed_at", "lpq_requests"."completed_at", "lpq_requests"."updated_at"`;
const ATTORNEY_REQUESTS_SQL = `select ${REQUEST_COLUMNS}, "position_lpqs"."id" from "lpq_requests" left join "position_lpqs" on "position_lpqs"."request_id" = "lpq_requests"."id" where lower("lpq_requests"."attorney_email") = $1 order by "lpq_requests"."sent_at" desc`;
const FIRM_REQUEST_SQL = `select ${REQUEST_COLUMNS}, "users"."first_name", "users"."last_name", "shared_packages"."request_id", "shared_packages"."attorney_user_id", "shared_packages"."shared_at", "shared_packages"."attorney", "shared_packages"."profile", "shared_packages"."master_lpq", "shared_packages"."conflicts_form", "shared_packages"."diversity_form", "shared_packages"."business_plan", "shared_packages"."documents", "position_lpqs"."id", "position_lpqs"."request_id", "position_lpqs"."attorney_user_id", "position_lpqs"."form_data", "position_lpqs"."firm_answers", "position_lpqs"."submitted_at", "position_lpqs"."created_at", "position_lpqs"."updated_at" from "lpq_requests" left join "users" on ("users"."id" = "lpq_requests"."attorney_user_id" and "lpq_requests"."shared_at" is not null) left join "shared_packages" on "shared_packages"."request_id" = "lpq_requests"."id" left join "position_lpqs" on "position_lpqs"."request_id" = "lpq_requests"."id" where ("lpq_requests"."firm_user_id" = $1 and "lpq_requests"."id" = $2)`;
const ACCESS_EVENT_SQL = `insert into "access_events" ("id", "request_id", "attorney_user_id", "firm_user_id", "firm_name", "kind", "file_id", "file_name", "created_at") values (default, $1, $2, $3, $4, $5, default, default, default)`;

type SessionUser = { id: string; email: string; userType: string; emailVerified: boolean };

function readCookie(header: string | undefined, name: string) {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

async function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = readCookie(request.headers.cookie, 'lp_session');
  if (!token) return null;
  const id = createHash('sha256').update(token).digest('hex');
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - IDLE_MS);
  const [row] = await select('session_by_id', SESSION_SQL, [
    id,
    now.toISOString(),
    idleCutoff.toISOString(),
    1,
  ]);
  if (!row) return null;
  if (now.getTime() - (row[0] as Date).getTime() > TOUCH_INTERVAL_MS) await pool.query(TOUCH_SQL, [now, id]);
  return {
    id: row[1] as string,
    email: row[2] as string,
    userType: row[5] as string,
    emailVerified: !!row[6],
  };
}

async function guard(request: FastifyRequest, reply: FastifyReply, userType: string) {
  const user = await sessionUser(request);
  if (!user) {
    reply.code(401).send({ message: 'Unauthorized' });
    return null;
  }
  if (user.userType !== userType) {
    reply.code(403).send({ message: 'Forbidden' });
    return null;
  }
  return user;
}

const iso = (d: unknown) => (d ? (d as Date).toISOString() : null);

function requestFields(r: Row) {
  return {
    id: r[0],
    firmName: r[2],
    attorneyEmail: r[3],
    positionTitle: r[5],
    practiceArea: r[6],
    status: r[7],
    sentAt: iso(r[15]),
    dueDate: r[8] ?? null,
    sharedAt: iso(r[16]),
    declineReason: r[14],
    declinedAt: iso(r[17]),
    reviewedAt: iso(r[18]),
    completedAt: iso(r[19]),
    contactPersonName: r[9],
    contactPersonTitle: r[10],
    contactPhone: r[11] ?? null,
    additionalMessage: r[12] ?? null,
    firmSpecificQuestions: r[13] ?? null,
  };
}

const app = Fastify();

app.get('/api/attorney/lpq-requests', async (request, reply) => {
  const user = await guard(request, reply, 'attorney');
  if (!user) return reply;
  if (!user.emailVerified) return [];
  const rows = await select('attorney_requests', ATTORNEY_REQUESTS_SQL, [user.email.toLowerCase()]);
  return rows.map((r) => {
    const {
      attorneyEmail: _e,
      sharedAt: _s,
      declineReason: _d,
      declinedAt: _da,
      reviewedAt: _r,
      completedAt: _c,
      ...item
    } = requestFields(r);
    return { ...item, lpqId: r[21] ?? null };
  });
});

app.get('/api/firm/lpq-requests/:id', async (request, reply) => {
  const user = await guard(request, reply, 'firm');
  if (!user) return reply;
  const { id } = request.params as { id: string };
  if (!UUID.test(id)) return reply.code(404).send({ message: 'Not found' });
  const [row] = await select('firm_request_with_package', FIRM_REQUEST_SQL, [user.id, id]);
  if (!row) return reply.code(404).send({ message: 'Not found' });
  const item = {
    ...requestFields(row),
    attorneyName: row[21] ? `${row[21]} ${row[22] ?? ''}`.trim() : null,
  };
  // shared_packages columns from 23, position_lpqs columns from 33.
  const pkg = row.slice(23, 33);
  if (pkg[0] === null) return { ...item, package: null };
  const lpq = row.slice(33);
  await pool.query(ACCESS_EVENT_SQL, [id, pkg[1], user.id, item.firmName, 'package_view']);
  return {
    ...item,
    package: {
      sharedAt: iso(pkg[2]),
      attorney: pkg[3],
      profile: pkg[4] ?? null,
      masterLpq: pkg[5],
      conflictsForm: pkg[6] ?? null,
      diversityForm: pkg[7] ?? null,
      businessPlan: pkg[8] ?? null,
      documents: (pkg[9] as { id: string; name: string; contentType: string; size: number }[]).map((d) => ({
        id: d.id,
        name: d.name,
        contentType: d.contentType,
        size: Number(d.size),
        url: `/objects/${d.id}`,
      })),
      positionLpq:
        lpq[0] !== null
          ? {
              status: lpq[5]
                ? 'submitted'
                : (lpq[7] as Date).getTime() > (lpq[6] as Date).getTime()
                  ? 'in_progress'
                  : 'not_started',
              formData: lpq[3],
              firmAnswers: lpq[4],
            }
          : null,
    },
  };
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
