import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { POSITION_LPQ_STATUSES } from '../../../shared/lpq';
import { REQUEST_STATUSES } from '../../../shared/requests';
import { users } from './users';

export const OPEN_INVITATION_INDEX = 'lpq_requests_open_invitation_idx';

export const requestStatusEnum = pgEnum('request_status', REQUEST_STATUSES);

export const lpqRequests = pgTable(
  'lpq_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmUserId: uuid('firm_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Copied from the firm profile when sent: the attorney sees the name the firm had then.
    firmName: text('firm_name').notNull(),
    // Lower-cased; matched against a verified user's e-mail.
    attorneyEmail: text('attorney_email').notNull(),
    // Set when the request is shared or declined: the attorney who acted.
    attorneyUserId: uuid('attorney_user_id').references(() => users.id, { onDelete: 'set null' }),
    positionTitle: text('position_title').notNull(),
    practiceArea: text('practice_area').notNull(),
    status: requestStatusEnum('status').notNull().default('pending'),
    dueDate: date('due_date'),
    contactPersonName: text('contact_person_name').notNull().default(''),
    contactPersonTitle: text('contact_person_title').notNull().default(''),
    contactPhone: text('contact_phone'),
    additionalMessage: text('additional_message'),
    firmSpecificQuestions: jsonb('firm_specific_questions').$type<Record<string, unknown>>(),
    declineReason: text('decline_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lpq_requests_firm_idx').on(t.firmUserId, t.sentAt),
    index('lpq_requests_attorney_email_idx').on(sql`lower(${t.attorneyEmail})`),
    // PRODUCT.md §6: one open invitation per firm, address and position (any letter case). The service
    // checks first; this index makes two concurrent posts unable to both succeed.
    uniqueIndex(OPEN_INVITATION_INDEX)
      .on(t.firmUserId, sql`lower(${t.attorneyEmail})`, sql`lower(${t.positionTitle})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// The frozen copy of what the attorney shared with one request (PRODUCT.md §5).
export const sharedPackages = pgTable('shared_packages', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => lpqRequests.id, { onDelete: 'cascade' }),
  attorneyUserId: uuid('attorney_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  attorney: jsonb('attorney').$type<Record<string, unknown>>().notNull(),
  profile: jsonb('profile').$type<Record<string, unknown>>(),
  masterLpq: jsonb('master_lpq').$type<Record<string, unknown>>().notNull(),
  conflictsForm: jsonb('conflicts_form').$type<Record<string, unknown>>(),
  diversityForm: jsonb('diversity_form').$type<Record<string, unknown>>(),
  businessPlan: jsonb('business_plan').$type<Record<string, unknown>>(),
  // File ids with name, type and size as they were when shared.
  documents: jsonb('documents').$type<unknown[]>().notNull().default([]),
});

export const positionLpqs = pgTable(
  'position_lpqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    attorneyUserId: uuid('attorney_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    firmAnswers: jsonb('firm_answers').$type<Record<string, unknown>>().notNull().default({}),
    // Its own status, apart from the request's (PRODUCT.md §5): the firm's Under Review never blocks it.
    status: text('status', { enum: POSITION_LPQ_STATUSES }).notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('position_lpqs_request_idx').on(t.requestId),
    index('position_lpqs_attorney_idx').on(t.attorneyUserId),
  ],
);
