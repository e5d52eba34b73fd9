import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FirmRole, ReadablePart } from '../../../shared/team';
import { firms } from './firm';
import { lpqRequests } from './requests';
import { users } from './users';

// Every read of a shared package by a firm (PRODUCT.md §8): view, document download, PDF.
export const accessEvents = pgTable(
  'access_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    attorneyUserId: uuid('attorney_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmUserId: uuid('firm_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    firmName: text('firm_name').notNull(),
    // PRODUCT.md §9: the reader's roles when they read, and the parts they got.
    readerRoles: text('reader_roles').array().$type<FirmRole[]>().notNull().default(sql`'{}'::text[]`),
    parts: text('parts').array().$type<ReadablePart[]>(),
    kind: text('kind')
      .$type<
        | 'package_view'
        | 'document_download'
        | 'pdf_download'
        | 'csv_export'
        | 'conflicts_view'
        | 'conflicts_export'
        | 'self_identification_view'
        // PRODUCT.md §12: the firm read its business case, or downloaded its workbook (never its figures).
        | 'business_case_view'
        | 'business_case_export'
      >()
      .notNull(),
    /**
     * PRODUCT.md §11: the read is in its request's audit trail. The hot read records its event without the
     * chain's lock (many members reading one request would queue on it); the job `trail.seal-reads` appends
     * those to the chain in order, and a trail's download seals its request's first.
     */
    inTrail: boolean('in_trail').notNull().default(true),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The access log reads an attorney's events newest first, keyset-paged by (created_at, id).
  (t) => [
    index('access_events_attorney_idx').on(t.attorneyUserId, t.createdAt, t.id),
    // The reads of one access log entry: one firm user's reads of one request in a time range.
    index('access_events_reader_idx').on(t.requestId, t.firmUserId, t.createdAt, t.id),
    // The reads waiting for the audit trail's seal: few at any time.
    index('access_events_unsealed_idx').on(t.id).where(sql`not ${t.inTrail}`),
  ],
);

/**
 * The access log as it is shown (PRODUCT.md §6), kept on write: one row per entry — one firm user's reads of
 * one request, each within ACCESS_LOG_WINDOW_MINUTES of the previous — counted by the trigger
 * `access_events_log_entry` in the transaction of each event's insert. The page reads these rows, so its
 * cost follows the entries it shows, never the reads behind them. The events stay the source (the reads of
 * one entry, the audit trail); `access_log_entries_backfill()` rebuilds this table from them.
 */
export const accessLogEntries = pgTable(
  'access_log_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    attorneyUserId: uuid('attorney_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    firmUserId: uuid('firm_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmName: text('firm_name').notNull(),
    // Every role the reader held at any read of the entry.
    readerRoles: text('reader_roles').array().$type<FirmRole[]>().notNull().default(sql`'{}'::text[]`),
    /** Reads per kind, and per file for a document: { "package_view": 3, "document_download:cv.pdf": 1 }. */
    reads: jsonb('reads').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    count: integer('count').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The page, newest first, keyset by (last_at, id): for everyone, for one firm, for one request.
    index('access_log_entries_attorney_idx').on(t.attorneyUserId, t.lastAt, t.id),
    index('access_log_entries_firm_idx').on(t.attorneyUserId, t.firmName, t.lastAt, t.id),
    index('access_log_entries_request_idx').on(t.requestId, t.lastAt, t.id),
    // The trigger's look-up of the reader's latest entry of a request.
    index('access_log_entries_reader_idx').on(t.requestId, t.firmUserId, t.lastAt),
  ],
);

// What a user did or what happened to them, for Recent Activity.
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * PRODUCT.md §11: each request's audit trail, a hash chain. Event `seq` (1, 2, …) stores `prev_hash`, the
 * hash of event seq - 1 (the head's genesis for the first), and `hash` = SHA-256(prev_hash || its content)
 * (scheme 1, events without a salt) or SHA-256(prev_hash || SHA-256(salt || its content)) (scheme 2),
 * the content being the canonical JSON of { actor: { email, kind, name, role }, at, details, requestId, seq,
 * type } (modules/audit/audit-chain.ts writes it in SQL and reads it back in JS). Appended only through
 * `auditAppendCtes`; never updated or deleted by the application. Nothing in the content depends on a
 * row that deleting an attorney's account removes: an attorney acts under their e-mail address (their name
 * is not stored, it is shown from their account while it exists), and `actor_user_id`, which the deletion
 * sets to NULL, is not part of the content.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorKind: text('actor_kind').$type<'attorney' | 'firm' | 'system'>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    type: text('type').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /**
     * Issue 67: the event's random salt (hex), kept with what it hides. Null for events written before salts
     * (scheme 1: hash = SHA-256(prev_hash || content)); with a salt (scheme 2) the hash covers only the
     * commitment SHA-256(salt || content), so a reader who is not given the content sees only that digest.
     */
    salt: text('salt'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.seq] }),
    // Deleting a user sets their events' actor_user_id to NULL: found through this index, not a scan.
    index('audit_events_actor_idx').on(t.actorUserId).where(sql`${t.actorUserId} is not null`),
  ],
);

/**
 * The head of each request's chain: the last event's seq and hash. Appending updates it (so appends to one
 * request take its row lock one at a time, and each gets the next seq and the previous hash), and verify
 * compares it with the last event, so a deleted last event shows. Created with the request by the
 * trigger `lpq_requests_audit_head` (seq 0, the genesis hash).
 */
export const auditHeads = pgTable('audit_heads', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => lpqRequests.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull().default(0),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});
