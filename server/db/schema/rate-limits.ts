import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters, shared by every app process on the database (a limit kept in one process's memory
 * doubles with two processes). `key` is a SHA-256 of the limit's name and subject (an address or an
 * account), so the table holds no e-mail or IP address in the clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
