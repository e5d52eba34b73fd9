import { setTimeout as sleep } from 'node:timers/promises';
import { TOTP } from '@shared/security';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, totpFactors } from '../../db/schema';
import { DEFAULT_PASSWORD, sessionCookie } from '../../test/factories';
import { totpCodeAt } from './security.crypto';

/** The shared setup of the security.*.test.ts suites. */

const STEP_MS = TOTP.periodSeconds * 1000;

/**
 * Waits, when needed, until at least `marginMs` are left in the current 30-second step: a code computed
 * for "one step ago" then stays one step ago while the request is on its way.
 */
export async function awayFromStepEdge(marginMs = 3000) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await sleep(left + 50);
}

/** The code `steps` steps away from now. */
export const codeAt = (secret: string, steps = 0) => totpCodeAt(secret, Date.now() + steps * STEP_MS);

export const post = (app: FastifyInstance, url: string, cookie?: string, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload: payload as object });

/**
 * Turns the authenticator app on for the session's account: its secret and recovery codes. It confirms
 * with the code of one step ago, so the current and the next step's codes are still unused.
 */
export async function enrolTotp(app: FastifyInstance, cookie: string) {
  const setup = await post(app, '/api/auth/totp/setup', cookie);
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  await awayFromStepEdge();
  const enable = await post(app, '/api/auth/totp/enable', cookie, { code: codeAt(secret, -1) });
  if (enable.statusCode !== 200) throw new Error(`enable: ${enable.statusCode} ${enable.body}`);
  return { secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The pending sign-in cookie of a first step that asked for a second. */
export function pendingCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name.endsWith('lp_pending_login'));
  if (!c) throw new Error('no pending sign-in cookie');
  return `${c.name}=${c.value}`;
}

/** The first step of a sign-in for an account with a second factor: its pending cookie. */
export async function firstStep(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const res = await post(app, '/api/login', undefined, { email, password });
  if (res.statusCode !== 200 || !res.json().twoFactorRequired)
    throw new Error(`first step: ${res.statusCode} ${res.body}`);
  return pendingCookie(res);
}

/** Ages one session (by its cookie's token) past recent sign-in. */
export async function ageSession(app: FastifyInstance, cookie: string) {
  const { hashToken } = await import('../auth/crypto');
  const db = (app as unknown as { ctx: { db: import('../../db/client').Db } }).ctx.db;
  const token = cookie.slice(cookie.indexOf('=') + 1);
  await db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(sessions.id, hashToken(token)));
}

export { sessionCookie };

/** Forgets which time step was used last, as if no code had been accepted yet. */
export async function forgetUsedStep(app: FastifyInstance) {
  const db = (app as unknown as { ctx: { db: import('../../db/client').Db } }).ctx.db;
  await db.update(totpFactors).set({ lastUsedStep: null });
}
