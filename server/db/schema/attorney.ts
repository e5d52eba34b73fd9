import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ownerId = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const attorneyProfiles = pgTable('attorney_profiles', {
  userId: ownerId(),
  phone: text('phone'),
  currentFirm: text('current_firm'),
  position: text('position'),
  yearsExperience: integer('years_experience'),
  lawSchool: text('law_school'),
  graduationYear: integer('graduation_year'),
  barAdmissions: text('bar_admissions'),
  practiceAreas: jsonb('practice_areas').$type<string[]>().notNull().default([]),
  resumeUrl: text('resume_url'),
  ...timestamps(),
});

// The diversity form and the profile's self-identification and military sections: one record,
// kept apart from the profile (PRODUCT.md §3). submittedAt is set only by the diversity form.
export const selfIdentifications = pgTable('self_identifications', {
  userId: ownerId(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  ...timestamps(),
});

export const masterLpqs = pgTable('master_lpqs', {
  userId: ownerId(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  isComplete: boolean('is_complete').notNull().default(false),
  ...timestamps(),
});

export const conflictsForms = pgTable('conflicts_forms', {
  userId: ownerId(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  ...timestamps(),
});

export const businessPlans = pgTable('business_plans', {
  userId: ownerId(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  ...timestamps(),
});

/**
 * Autosaved drafts (PRODUCT.md §2): what the attorney typed into a form and has not saved yet, one row per
 * form, apart from the form's record. Erased with the account.
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    form: text('form').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.form] })],
);
