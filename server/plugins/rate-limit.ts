import { createHash } from 'node:crypto';
import { HTTP_MESSAGES } from '@shared/http';
import { FIRM_READ_LIMIT, SHARING_MESSAGES } from '@shared/sharing';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AppConfig } from '../config';
import { type Db, rowsOf, type Tx } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

/*
 * Hand-written rather than @fastify/rate-limit: the counts live in PostgreSQL so every app process shares
 * them (its stores are one process's memory or Redis, which this app does not run).
 */

/** A limit: at most `max` hits per `windowMs` for one key. */
export type RateLimit = { max: number; windowMs: number };

/** Route option: `config: { rateLimit: { max, windowMs, key } }`, counted before the handler runs. */
export type RouteRateLimit = RateLimit & { key: (request: FastifyRequest) => string };

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  Object.assign(new HttpError(429, HTTP_MESSAGES.tooManyAttempts), { retryAfterSeconds });

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A key's count in its current window, and when that window ends. */
export type RateLimitCount = { count: number; resetAt: Date };

/**
 * Counts one hit for `key` in PostgreSQL (one statement, atomic across processes) and answers the count in
 * the window. The window starts at the first hit and resets after `windowMs`.
 */
export async function countRateLimit(db: Db | Tx, key: string, windowMs: number): Promise<RateLimitCount> {
  const resetAt = new Date(Date.now() + windowMs);
  const [row] = await rowsOf<{ count: number; reset_at: string | Date }>(
    db,
    sql`
    insert into ${rateLimits} (key, count, reset_at) values (${hashKey(key)}, 1, ${resetAt.toISOString()})
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, reset_at`,
  );
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** The count of `key` in its current window without counting a hit (0 when none is open). */
export async function peekRateLimit(db: Db | Tx, key: string): Promise<RateLimitCount> {
  const [row] = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${hashKey(key)} and ${rateLimits.resetAt} > now()`);
  return row ?? { count: 0, resetAt: new Date() };
}

export const retryAfterSeconds = (resetAt: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));

/** Counts one hit for `key` and throws 429 once the count passes `max` within the window. */
export async function hitRateLimit(db: Db | Tx, key: string, limit: RateLimit): Promise<void> {
  const { count, resetAt } = await countRateLimit(db, key, limit.windowMs);
  if (count > limit.max) throw tooManyAttempts(retryAfterSeconds(resetAt));
}

/**
 * A lease on `key` for `ms` in the same table (one row, shared by every process): true when this call
 * took it, false while someone else holds it. `clearRateLimit` gives it back; a process that dies holding
 * it frees it when `ms` has passed.
 */
export async function claimLease(db: Db | Tx, key: string, ms: number): Promise<boolean> {
  const until = new Date(Date.now() + ms).toISOString();
  const claimed = await rowsOf(
    db,
    sql`
    insert into ${rateLimits} (key, count, reset_at) values (${hashKey(key)}, 1, ${until})
    on conflict (key) do update set count = 1, reset_at = excluded.reset_at
      where ${rateLimits.resetAt} <= now()
    returning 1 as claimed`,
  );
  return claimed.length === 1;
}

/** Ends the window for `key` (a successful sign-in clears the failures counted against its account). */
export async function clearRateLimit(db: Db | Tx, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${hashKey(key)}`);
}

/**
 * Drops the rows whose window has ended (they count for nothing: the next hit starts a new window). The
 * scheduler runs it every few minutes (server/jobs/jobs.ts), off the request path.
 */
export async function deleteExpiredRateLimits(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.resetAt} < now()`)
    .returning({ key: rateLimits.key });
  return removed.length;
}

/** `hashKey` in SQL, for a key counted inside a larger statement (the firm's hot read). */
export const hashKeySql = (key: SQL) =>
  sql`rtrim(translate(encode(sha256(convert_to(${key}, 'UTF8')), 'base64'), '+/', '-_'), '=')`;

/** A firm member's reads of one request's package per minute: FIRM_READ_LIMIT unless the config sets it. */
export const firmReadLimit = (config: AppConfig): RateLimit => ({
  max: config.rateLimit.firmReadsPerMinute ?? FIRM_READ_LIMIT.perMinute,
  windowMs: 60_000,
});

/** One key for every package path of a request, so the view, the PDF and the documents share one count. */
export const firmReadKey = (memberId: string, requestId: string) => `firm-read:${memberId}:${requestId}`;

/** firmReadKey in SQL, from the member's and the request's id columns. */
export const firmReadKeySql = (memberId: SQL, requestId: SQL) =>
  hashKeySql(sql`'firm-read:' || ${memberId}::text || ':' || ${requestId}::text`);

export const tooManyReads = (resetAt: Date) =>
  Object.assign(new HttpError(429, SHARING_MESSAGES.tooManyReads), {
    retryAfterSeconds: retryAfterSeconds(resetAt),
  });

/**
 * Counts one firm read of a request's package (firmReadLimit) and throws 429 past the limit. Called after
 * the read is authorized and before its access event is recorded, so a refused read records nothing.
 */
export async function hitFirmReadLimit(
  db: Db | Tx,
  config: AppConfig,
  read: { memberId: string; requestId: string },
): Promise<void> {
  const limit = firmReadLimit(config);
  const { count, resetAt } = await countRateLimit(
    db,
    firmReadKey(read.memberId, read.requestId),
    limit.windowMs,
  );
  if (count > limit.max) throw tooManyReads(resetAt);
}

/**
 * Applies each route's `config.rateLimit` before its handler: the count goes first among the route's own
 * preHandlers, after the global ones. Only the routes with a limit get it; the others (every hot route) run
 * nothing for it.
 */
export function registerRateLimits(app: FastifyInstance, db: Db) {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const count: preHandlerHookHandler = (request, _reply, done) => {
      hitRateLimit(db, limit.key(request), limit).then(() => done(), done);
    };
    const own = route.preHandler;
    route.preHandler = own ? [count, ...(Array.isArray(own) ? own : [own])] : [count];
  });
}

/** The one registration limit (attorney, firm and the spec's /api/register): per client address. */
export function registrationLimit(config: AppConfig): RouteRateLimit {
  return {
    max: config.rateLimit.registerMax,
    windowMs: config.rateLimit.registerWindowMs,
    key: (r) => `register:${r.ip}`,
  };
}
