import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
        | 'self_identification_view'
      >()
      .notNull(),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The access log reads an attorney's events newest first, keyset-paged by (created_at, id) (issue 17).
  (t) => [index('access_events_attorney_idx').on(t.attorneyUserId, t.createdAt, t.id)],
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
