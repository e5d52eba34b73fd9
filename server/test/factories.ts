import { randomBytes } from 'node:crypto';
import type { User, UserType } from '@shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { users } from '../db/schema';
import type { TestApp } from './harness';

export const DEFAULT_PASSWORD = 'correct horse battery';

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** `Cookie` header value for the session cookie a response set. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name.endsWith('lp_session'));
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `${c.name}=${c.value}`;
}

export type Actor = { user: User; cookie: string; password: string };

/** Registers through the API (as the browser does) and returns the signed-in session. */
export async function registerActor(
  app: FastifyInstance,
  opts: {
    userType?: UserType;
    email?: string;
    firstName?: string;
    lastName?: string;
    verified?: boolean;
  } = {},
): Promise<Actor> {
  const userType = opts.userType ?? 'attorney';
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      email: opts.email ?? uniqueEmail(userType),
      password: DEFAULT_PASSWORD,
      firstName: opts.firstName ?? 'Alex',
      lastName: opts.lastName ?? 'Morgan',
      userType,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as User;
  if (opts.verified !== false) {
    await app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    user.emailVerified = true;
  }
  return { user, cookie: sessionCookie(res), password: DEFAULT_PASSWORD };
}

export const buildAttorney = (app: FastifyInstance, opts: Parameters<typeof registerActor>[1] = {}) =>
  registerActor(app, { ...opts, userType: 'attorney' });
/** A firm account registered from the sign-in screen: its own firm, with the registrant as admin (§9). */
export async function buildFirmUser(app: FastifyInstance, opts: Parameters<typeof registerActor>[1] = {}) {
  const actor = await registerActor(app, { ...opts, userType: 'firm' });
  return { ...actor, firmId: actor.user.firm!.id };
}

export async function signIn(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** Calls on one test app as an actor (with its session cookie, over any headers of the call) or signed out (null). */
export function actorCalls(t: () => TestApp) {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Pick<Actor, 'cookie'> | null, opts: InjectOptions) =>
    inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(actor ? { cookie: actor.cookie } : {}) } });
  const get = (actor: Pick<Actor, 'cookie'> | null, url: string) => as(actor, { method: 'GET', url });
  const post = (actor: Pick<Actor, 'cookie'> | null, url: string, payload?: unknown) =>
    as(actor, { method: 'POST', url, payload: payload as never });
  return { inject, as, get, post };
}
