import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context';
import {
  clearRateLimit,
  countRateLimit,
  hitRateLimit,
  peekRateLimit,
  retryAfterSeconds,
  tooManyAttempts,
} from '../../plugins/rate-limit';

/**
 * Sign-in limits that never let a stranger lock the owner out (PRODUCT.md §10).
 * - per client address and account together: the route's own limit (auth.routes.ts, `login:<ip>:<email>`),
 *   and the second step's (`second-factor:<ip>:<user>`), AUTH_RATE_LIMIT_MAX attempts per window;
 * - per client address, whatever the account: failed attempts, ADDRESS_FAILURE_FACTOR × that;
 * - per account alone: failures only slow sign-in down, by a delay that doubles from 1 s past
 *   AUTH_ACCOUNT_RATE_LIMIT_MAX failures up to 30 s; they never refuse the right password.
 * A successful sign-in clears the account's count and its address's; so does a completed password reset.
 */
export const ADDRESS_FAILURE_FACTOR = 5;
export const MAX_ACCOUNT_DELAY_MS = 30_000;

type Who = { email: string; ip: string };
const norm = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `login-account:${norm(email)}`;
const addressKey = (ip: string) => `login-failures:${ip}`;
/** The route limit's key (auth.routes.ts byIpAndEmail('login')). */
export const loginRouteKey = (who: Who) => `login:${who.ip}:${norm(who.email)}`;
const secondStepKey = (ip: string, userId: string) => `second-factor:${ip}:${userId}`;

/** How long a sign-in waits after `failures` failed attempts on its account: 0, then 1 s, 2 s, … 30 s. */
export function accountDelayMs(failures: number, accountMax: number, firstDelayMs = 1000): number {
  if (failures < accountMax) return 0;
  return Math.min(MAX_ACCOUNT_DELAY_MS, firstDelayMs * 2 ** Math.min(failures - accountMax, 20));
}

type LimitContext = Pick<AppContext, 'db' | 'config'>;

/** Before a password or a second step is checked: 429 for an address that failed too often; the delay. */
export async function beforeSignInAttempt(ctx: LimitContext, who: Who): Promise<void> {
  const { max, accountMax, accountDelayMs: firstDelayMs } = ctx.config.rateLimit;
  const address = await peekRateLimit(ctx.db, addressKey(who.ip));
  if (address.count >= max * ADDRESS_FAILURE_FACTOR)
    throw tooManyAttempts(retryAfterSeconds(address.resetAt));
  const account = await peekRateLimit(ctx.db, accountKey(who.email));
  const delay = accountDelayMs(account.count, accountMax, firstDelayMs);
  if (delay > 0) await sleep(delay);
}

/** The second step counts per address and account like the password (and shares the checks above). */
export async function beforeSecondStep(ctx: LimitContext, who: Who & { userId: string }): Promise<void> {
  const { max, windowMs } = ctx.config.rateLimit;
  await hitRateLimit(ctx.db, secondStepKey(who.ip, who.userId), { max, windowMs });
  await beforeSignInAttempt(ctx, who);
}

export async function afterFailedSignIn(ctx: LimitContext, who: Who): Promise<void> {
  const { windowMs } = ctx.config.rateLimit;
  await countRateLimit(ctx.db, addressKey(who.ip), windowMs);
  await countRateLimit(ctx.db, accountKey(who.email), windowMs);
}

/**
 * A sign-in that succeeded: the account's failures go, and so do this address's counts for the account (the
 * route counted the attempt before it was known to be right): only failures add up, so the owner who signs in
 * ten times a quarter-hour from their desk is never refused.
 */
export async function afterSignIn(ctx: LimitContext, who: Who & { userId?: string }): Promise<void> {
  await clearRateLimit(ctx.db, accountKey(who.email));
  await clearRateLimit(ctx.db, loginRouteKey(who));
  if (who.userId) await clearRateLimit(ctx.db, secondStepKey(who.ip, who.userId));
}

/**
 * A completed password reset: the account's failures, and the reset's own address's counts for it, go
 * (the owner who locked themselves out at their desk signs in at once).
 */
export async function clearSignInLimits(ctx: LimitContext, who: Who & { userId: string }): Promise<void> {
  await clearRateLimit(ctx.db, accountKey(who.email));
  await clearRateLimit(ctx.db, loginRouteKey(who));
  await clearRateLimit(ctx.db, secondStepKey(who.ip, who.userId));
}
