import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { USER_TYPES } from '../../../shared/auth';

export const userTypeEnum = pgEnum('user_type', USER_TYPES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Always stored trimmed and lower-cased, so uniqueness ignores letter case.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: userTypeEnum('user_type').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Issue 67 item 13: when the user's first session began; null until then. The session that sets it is
    // their first visit (sessions.first_visit), greeted 'Welcome' rather than 'Welcome back'.
    firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a leaked table cannot be replayed.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Account security (PRODUCT.md §10): the id the sessions list shows (never the token's hash), the
    // browser it came from, when the user last proved who they are (sign-in or re-authentication) and how.
    publicId: uuid('public_id').notNull().defaultRandom(),
    userAgent: text('user_agent'),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    authMethod: text('auth_method'),
    // Issue 67 item 13: the user's first session (users.first_signed_in_at was set by it): a first visit.
    firstVisit: boolean('first_visit').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_public_id_idx').on(t.publicId)],
);

export const emailTokenPurposeEnum = pgEnum('email_token_purpose', [
  'verify_email',
  'reset_password',
  'invitation',
]);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    // SHA-256 of the token sent in the link.
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // For invitation tokens: the request the invitation belongs to.
    requestId: uuid('request_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);
