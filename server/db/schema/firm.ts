import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FirmRole } from '../../../shared/team';
import { users } from './users';

/**
 * A firm is a team (PRODUCT.md §9): it owns its profile, offices, custom sections, requests, notes and
 * settings; its members hold roles. Existing one-login firm accounts became firms by migration 0014, each
 * with the id of the account it came from.
 */
export const firms = pgTable('firms', {
  id: uuid('id').primaryKey().defaultRandom(),
  // PRODUCT.md §10: members without a second factor can only enrol until they have one.
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  // PRODUCT.md §9: a firm may refuse self-identification data altogether.
  acceptSelfIdentification: boolean('accept_self_identification').notNull().default(true),
  // PRODUCT.md §12: the firm's business-case assumptions for new requests (null: §12's defaults).
  businessCaseDefaults: jsonb('business_case_defaults').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A firm user belongs to at most one firm (removed members belong to none until invited again). */
export const firmMembers = pgTable(
  'firm_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    roles: text('roles').array().$type<FirmRole[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('firm_members_firm_idx').on(t.firmId)],
);

/** An admin's invitation to join the firm, by e-mail, with the roles the member will hold. */
export const firmInvitations = pgTable(
  'firm_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    // Lower-cased.
    email: text('email').notNull(),
    roles: text('roles').array().$type<FirmRole[]>().notNull(),
    // SHA-256 of the token in the mailed link.
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedByName: text('invited_by_name').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('firm_invitations_token_idx').on(t.tokenHash),
    // One open invitation per firm and address: a second is a resend.
    uniqueIndex('firm_invitations_open_idx')
      .on(t.firmId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.cancelledAt} is null`),
  ],
);

/** PRODUCT.md §9: who changed members, roles and settings, what and when; newest first, never edited. */
export const firmAuditEvents = pgTable(
  'firm_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as written: the trail still names who acted after they leave.
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    // Whom or what the change was about (a member's or invitee's address, a setting).
    subject: text('subject'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('firm_audit_events_firm_idx').on(t.firmId, t.createdAt, t.id)],
);

export const firmProfiles = pgTable('firm_profiles', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id, { onDelete: 'cascade' }),
  firmName: text('firm_name').notNull(),
  // Every other field of the firm profile (spec §3), validated by the shared schema.
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const firmOffices = pgTable(
  'firm_offices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    numberOfAttorneys: integer('number_of_attorneys').notNull().default(0),
  },
  (t) => [index('firm_offices_firm_idx').on(t.firmId)],
);

export const customSections = pgTable(
  'custom_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_sections_firm_idx').on(t.firmId)],
);

/**
 * PRODUCT.md §15: a member's saved views of the pipeline: a name and the list's query string (filters and
 * sort, as the list's URL carries them). Each member sees only their own.
 */
export const firmSavedViews = pgTable(
  'firm_saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('firm_saved_views_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);
