import { createHash } from 'node:crypto';
import type { AuditActorKind, AuditBreak, AuditEventType, AuditVerification } from '@shared/audit-trail';
import { AUDIT_BREAK_MESSAGES } from '@shared/audit-trail';
import type { User } from '@shared/auth';
import { canonicalJson } from '@shared/canonical-json';
import { roleNames } from '@shared/team';
import { asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client';
import { auditEvents, auditHeads } from '../../db/schema';
import type { FirmMember } from '../../policies/authorize';

/**
 * PRODUCT.md §11: each request's audit trail as a hash chain. An event's content is
 *
 *   content = canonicalJson({ actor: { email, kind, name, role }, at, details, requestId, seq, type })
 *
 * and its hash (UTF-8, hex) is, for an event written with a salt (scheme 2, every event since issue 67),
 *
 *   commitment = SHA-256( salt || content );  hash = SHA-256( prev_hash || commitment )
 *
 * and for an event written before salts (scheme 1, `salt` null) SHA-256( prev_hash || content ). The salt is
 * 32 random bytes (hex) made by the statement that appends (two gen_random_uuid(), 244 random bits) and kept
 * with the event: a reader given the event gets its content and salt and recomputes both; a reader from whom
 * the event, or part of it, is hidden gets only the commitment, which verifies the chain and cannot be guessed
 * (issue 67: under scheme 1 the few possible contents of a withheld event could be tried against its hash).
 * prev_hash is the previous event's hash (the genesis, 64 zeros, for event 1) and `at`
 * is the event's time as `Date#toISOString` writes it. The SQL below writes that same text with to_json
 * (whose escaping of a string is JSON.stringify's), so PostgreSQL computes the hash in the statement that
 * appends and JS recomputes it to verify. Nothing in the content is removed when an attorney deletes their
 * account: they act under their e-mail (actor_name stays null for attorneys), and actor_user_id, which the
 * deletion sets to NULL, is not hashed.
 */

export const GENESIS_HASH = '0'.repeat(64);

/** Who did it, as the chain records them. Attorneys are recorded by address only (see above). */
export type AuditActor = {
  kind: AuditActorKind;
  userId: string | null;
  name: string | null;
  email: string | null;
  role: string | null;
};

export const attorneyActor = (user: Pick<User, 'id' | 'email'>): AuditActor => ({
  kind: 'attorney',
  userId: user.id,
  name: null,
  email: user.email,
  role: null,
});
/** A firm member; `role` once firms have roles (PRODUCT.md §9). */
export const firmActor = (
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>,
  role: string | null = null,
): AuditActor => ({
  kind: 'firm',
  userId: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  role,
});
/** A member of a firm, with the roles they hold there when they acted (PRODUCT.md §9). */
export const memberActor = (member: FirmMember): AuditActor =>
  firmActor(member, roleNames(member.firm.roles));
/** One of the server's jobs (reminders, the end of an access period). */
export const systemActor = (job: string): AuditActor => ({
  kind: 'system',
  userId: null,
  name: 'Lateral Passport',
  email: null,
  role: job,
});

/** A value of the append: SQL written into the text, a placeholder of a prepared statement, or a parameter. */
type SqlValue = SQL | Placeholder | string | number | boolean | null;
const value = (v: SqlValue) => (v instanceof Object ? v : sql`${v}`);

/** A JS value as a typed parameter for to_json (an untyped parameter has no type to write it by). */
function jsonParam(v: SqlValue): SQL | Placeholder {
  if (v === null) return sql`null::text`;
  if (v instanceof Object) return v;
  if (typeof v === 'string') return sql`${v}::text`;
  if (typeof v === 'boolean') return sql`${v}::boolean`;
  // Integers only: to_json writes a float differently from JSON.stringify (1e-07 against 1e-7).
  if (!Number.isSafeInteger(v)) throw new TypeError('sqlCanonicalObject: numbers must be integers');
  return sql`${v}::bigint`;
}

/**
 * A JSON object's canonical text built in SQL (keys sorted here, values written by to_json), for details
 * computed inside a statement, e.g. `sqlCanonicalObject({ version: sql\`p."version"\`, what: 'package' })`.
 * Values: text, integers and booleans, or SQL of those types (a numeric with a scale would print as `1.0`,
 * which JSON.stringify never writes).
 */
export function sqlCanonicalObject(entries: Record<string, SqlValue>): SQL {
  const keys = Object.keys(entries).sort();
  if (keys.length === 0) return sql`'{}'`;
  const parts = keys.map(
    (key, i) =>
      sql`${sql.raw(`'${i === 0 ? '{' : ','}${JSON.stringify(key).replace(/'/g, "''")}:'`)} || coalesce(to_json(${jsonParam(entries[key])})::text, 'null')`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

export type AuditAppend = {
  requestId: SqlValue;
  actor: { kind: SqlValue; userId: SqlValue; name: SqlValue; email: SqlValue; role: SqlValue };
  type: SqlValue;
  /** The details' canonical JSON text: `canonicalJson(object)` from JS, or `sqlCanonicalObject` in SQL. */
  details: SqlValue;
  /** The event's time as ISO text with milliseconds; the statement's `now()` when left out. */
  at?: SqlValue;
  /** What the values read from (the contents of a FROM clause), e.g. the CTEs of a read. Optional. */
  from?: SQL;
};

/**
 * An event's salt: 64 hex digits from two gen_random_uuid() (PostgreSQL's strong random source, 122 bits each),
 * made once per row of the append's subquery (a volatile select list keeps the subquery from being flattened, so
 * the hash and the stored row read the same value).
 */
const NEW_SALT = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

/** now() at millisecond precision, as `Date#toISOString` writes it (what JS reads back and hashes). */
const NOW_ISO = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The append, as two CTEs for a `WITH` (so it can sit inside another data-modifying statement, such as the
 * firm's hot read): `audit_head` moves the request's head row one on (seq + 1, prev_hash = the old hash,
 * hash = SHA-256 of the old hash and the new content), and `audit_event` inserts the event with those
 * values, returning its seq and hash. The head row's lock serialises appends to one request (PostgreSQL
 * re-reads the row a waiting UPDATE finds changed, so each gets the next seq and the hash before it);
 * appends to different requests never wait for each other. Rows of `from` that match no head (or when
 * `from` yields no row) append nothing. With several rows in `from` (one per request) one statement appends
 * to each of those requests. Values given as SQL are written into the text; JS values become parameters.
 * `names` renames the CTEs when a statement needs two appends.
 */
export function auditAppendCtes(
  input: AuditAppend,
  names: { head: string; event: string } = { head: 'audit_head', event: 'audit_event' },
): SQL {
  const head = sql.identifier(names.head);
  const event = sql.identifier(names.event);
  const a = input.actor;
  const content = sql`'{"actor":{"email":' || coalesce(to_json(x."actor_email")::text, 'null')
      || ',"kind":' || to_json(x."actor_kind")::text
      || ',"name":' || coalesce(to_json(x."actor_name")::text, 'null')
      || ',"role":' || coalesce(to_json(x."actor_role")::text, 'null')
      || '},"at":' || to_json(x."at")::text
      || ',"details":' || x."details"
      || ',"requestId":' || to_json(x."request_id"::text)::text
      || ',"seq":' || (h."seq" + 1)::text
      || ',"type":' || to_json(x."type")::text || '}'`;
  return sql`${head} as (
    update "audit_heads" h
    set "seq" = h."seq" + 1, "prev_hash" = h."hash",
        "hash" = encode(sha256(convert_to(h."hash" || encode(sha256(convert_to(x."salt" || ${content}, 'UTF8')), 'hex'), 'UTF8')), 'hex')
    from (
      select ${value(input.requestId)}::uuid as "request_id", ${input.at === undefined ? NOW_ISO : value(input.at)}::text as "at",
        ${value(a.kind)}::text as "actor_kind", ${value(a.userId)}::uuid as "actor_user_id",
        ${value(a.name)}::text as "actor_name", ${value(a.email)}::text as "actor_email",
        ${value(a.role)}::text as "actor_role", ${value(input.type)}::text as "type",
        ${value(input.details)}::text as "details", ${NEW_SALT} as "salt"
      ${input.from ? sql`from ${input.from}` : sql``}
    ) x
    where h."request_id" = x."request_id"
    returning x.*, h."seq", h."prev_hash", h."hash"
  ), ${event} as (
    insert into "audit_events" ("request_id", "seq", "at", "actor_kind", "actor_user_id", "actor_name",
      "actor_email", "actor_role", "type", "details", "salt", "prev_hash", "hash")
    select "request_id", "seq", "at"::timestamptz, "actor_kind", "actor_user_id", "actor_name", "actor_email",
      "actor_role", "type", "details"::jsonb, "salt", "prev_hash", "hash"
    from ${head}
    returning "request_id", "seq", "hash"
  )`;
}

export type AuditEventInput = {
  requestId: string;
  actor: AuditActor;
  type: AuditEventType;
  details?: Record<string, unknown>;
  /** The action's own time (e.g. the version's sharedAt); the statement's time when left out. */
  at?: Date;
};

const appendInput = (e: AuditEventInput): AuditAppend => ({
  requestId: e.requestId,
  actor: e.actor,
  type: e.type,
  details: canonicalJson(e.details ?? {}),
  at: e.at?.toISOString(),
});

/**
 * Appends one event to a request's chain as it is, in the caller's transaction. Throws when the request has no
 * head (it does not exist): an event is never silently lost. An action's event goes through
 * `appendAuditEvent` (trail-seal.ts), which first appends the request's reads recorded before it.
 */
export async function appendChainEvent(
  db: Db | Tx,
  event: AuditEventInput,
): Promise<{ seq: number; hash: string }> {
  const [row] = await rowsOf<{ seq: number; hash: string }>(
    db,
    sql`with ${auditAppendCtes(appendInput(event))} select "seq", "hash" from "audit_event"`,
  );
  if (!row) throw new Error(`audit trail: no head for request ${event.requestId}`);
  return { seq: Number(row.seq), hash: row.hash };
}

/**
 * The same event (type, actor, details) on each of several requests, in one statement: one row per
 * request through `unnest`, so a CSV naming a thousand attorneys costs two round trips per batch. Call it
 * inside a transaction (the heads it locks first stay locked until the append).
 */
export async function appendAuditEventToEach(
  db: Db | Tx,
  requestIds: string[],
  event: Omit<AuditEventInput, 'requestId'>,
): Promise<number> {
  const ids = [...new Set(requestIds)].sort();
  if (ids.length === 0) return 0;
  // The heads in one order (by id) before the statement takes them in whatever order its join gives: two
  // of these on overlapping requests then wait for each other instead of deadlocking.
  const list = `{${ids.join(',')}}`;
  await db.execute(
    sql`select 1 from "audit_heads" where "request_id" = any(${list}::uuid[]) order by "request_id" for update`,
  );
  const append: AuditAppend = {
    requestId: sql`r.id`,
    actor: event.actor,
    type: event.type,
    details: canonicalJson(event.details ?? {}),
    at: event.at?.toISOString(),
    from: sql`unnest(${list}::uuid[]) as r(id)`,
  };
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`with ${auditAppendCtes(append)} select count(*)::int as "n" from "audit_event"`,
  );
  return Number(row?.n ?? 0);
}

export type StoredAuditEvent = typeof auditEvents.$inferSelect;

/** The text an event's hash covers after the previous hash (see the top of this file). */
export function eventContent(e: StoredAuditEvent): string {
  return canonicalJson({
    actor: { email: e.actorEmail, kind: e.actorKind, name: e.actorName, role: e.actorRole },
    at: e.at.toISOString(),
    details: e.details,
    requestId: e.requestId,
    seq: e.seq,
    type: e.type,
  });
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A salted event's commitment, SHA-256(salt || content); null for an event written before salts (scheme 1). */
export const eventCommitment = (e: StoredAuditEvent): string | null =>
  e.salt == null ? null : sha256Hex(e.salt + eventContent(e));

/** The hash an event must store after `prev` (see the top of this file): over its commitment, or its content. */
export function eventHash(prev: string, e: StoredAuditEvent): string {
  return sha256Hex(prev + (eventCommitment(e) ?? eventContent(e)));
}

/** The hash over a commitment alone: what a reader given only the commitment recomputes. */
export const hashOverCommitment = (prev: string, commitment: string) => sha256Hex(prev + commitment);

/** A request's events, oldest first, and its head. */
export async function readChain(db: Db | Tx, requestId: string) {
  const events = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.requestId, requestId))
    .orderBy(asc(auditEvents.seq));
  const [head] = await db.select().from(auditHeads).where(eq(auditHeads.requestId, requestId));
  return { events, head: head ?? null };
}

/**
 * Walks one request's chain from the genesis: each event must be the next seq, name the previous event's
 * hash, and hash to what it stores; the head must be the last event. The first event that fails is named.
 */
export function verifyChain(
  requestId: string,
  events: StoredAuditEvent[],
  head: { seq: number; hash: string } | null,
): AuditVerification {
  const broken = (seq: number, problem: AuditBreak): AuditVerification => ({
    intact: false,
    events: events.length,
    brokenAt: { requestId, seq, problem, message: AUDIT_BREAK_MESSAGES[problem](seq) },
  });
  let prev = GENESIS_HASH;
  let expected = 1;
  for (const e of events) {
    if (e.seq !== expected) return broken(expected, 'missing');
    if (e.prevHash !== prev) return broken(e.seq, 'unlinked');
    if (eventHash(prev, e) !== e.hash) return broken(e.seq, 'changed');
    prev = e.hash;
    expected++;
  }
  const last = expected - 1;
  if (head && head.seq > last) return broken(last + 1, 'missing');
  if (!head || head.seq !== last || head.hash !== prev) return broken(last, 'head');
  return { intact: true, events: events.length, brokenAt: null };
}
