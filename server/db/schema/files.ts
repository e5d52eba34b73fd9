import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const fileStatusEnum = pgEnum('file_status', ['pending', 'ready']);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: fileStatusEnum('status').notNull().default('pending'),
    // Set while a multipart upload is open on S3.
    uploadId: text('upload_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // PRODUCT.md §11: the SHA-256 of the stored bytes (hex), computed once, by streaming, when the file is
    // confirmed; a shared version copies it for each of its documents. Null for files confirmed before.
    sha256: text('sha256'),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId),
    index('files_status_created_idx').on(t.status, t.createdAt),
  ],
);
