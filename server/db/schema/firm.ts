import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const firmProfiles = pgTable('firm_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
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
    firmUserId: uuid('firm_user_id')
      .notNull()
      .references(() => firmProfiles.userId, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    numberOfAttorneys: integer('number_of_attorneys').notNull().default(0),
  },
  (t) => [index('firm_offices_firm_idx').on(t.firmUserId)],
);

export const customSections = pgTable(
  'custom_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmUserId: uuid('firm_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_sections_firm_idx').on(t.firmUserId)],
);
