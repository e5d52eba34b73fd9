import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiScope, WebhookEvent } from '../../../shared/integrations';
import { firms } from './firm';
import { users } from './users';

/**
 * PRODUCT.md §14: a firm's API tokens. The token is shown once; the table keeps its SHA-256. Each token reads
 * as a user of its own (`reader_user_id`: 'API token NAME', no password, no firm membership), so every access
 * event of a read through it names the token, and stays named after the token is revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    readerUserId: uuid('reader_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_firm_idx').on(t.firmId, t.createdAt),
  ],
);

/** PRODUCT.md §14: a firm's webhook subscriptions; the signing secret encrypted at rest (encryptSecret). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_firm_idx').on(t.firmId, t.createdAt)],
);

export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', [
  'pending',
  'sending',
  'delivered',
  'failed',
]);

/**
 * The webhooks' outbox and delivery log: one row per event and webhook, inserted in the transaction of the
 * business action; the dispatcher claims due rows (FOR UPDATE SKIP LOCKED) and retries with backoff for 24 h.
 * `id` is the message id the receiver sees (`webhook-id`), the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

/** Each attempt of a delivery: when, the receiver's status code (null: no answer) and the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
