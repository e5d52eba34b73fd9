import type { User, UserType } from '@shared/auth';
import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { hashToken } from '../modules/auth/crypto';
import { validateSession } from '../modules/auth/sessions';
import { type Actor, ANONYMOUS } from '../policies/authorize';
import { HttpError } from './errors';
import { isTwoFactorEnrolmentRoute, refuseUntilEnrolled, twoFactorRequiredBody } from './two-factor-required';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
    /** On a route with `sessionInStatement`: the cookie's session id, not yet checked. */
    uncheckedSessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's own statement looks the session up along with its read (one database round trip on the hot
     * reads): the hook only hashes the cookie, and the route calls `userFromStatement` with this user type
     * (the one its scope's requireUser asks for).
     */
    sessionInStatement?: UserType;
  }
}

export function sessionCookieName(config: AppConfig) {
  return config.publicUrl.startsWith('https://') ? '__Host-lp_session' : 'lp_session';
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date) {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

/**
 * One cookie of the request, parsed from its Cookie header by the cookie plugin's own parser when it is asked
 * for: the plugin does not parse every request's header into `request.cookies` (`hook: false`, app.ts), as
 * most requests read one cookie, the session's, and many none.
 */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? request.server.parseCookie(header)[name] : undefined;
}

/**
 * Reads the session cookie on every route and sets request.user. Each route gets the hook its options ask
 * for when it is added, so no request looks its route's options up: on a `sessionInStatement` route the hook
 * only hashes the cookie (its statement checks it); on every other route it looks the session up.
 */
export function registerSession(app: FastifyInstance, config: AppConfig, db: Db) {
  const cookieName = sessionCookieName(config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('uncheckedSessionId', null);
  // Callback style: without a cookie, and on the hot reads, nothing here waits (no promise per request).
  const hashCookie: onRequestHookHandler = (request, _reply, done) => {
    const token = cookieOf(request, cookieName);
    if (token) request.uncheckedSessionId = hashToken(token);
    done();
  };
  const lookUpSession: onRequestHookHandler = (request, reply, done) => {
    const token = cookieOf(request, cookieName);
    if (!token) return done();
    validateSession(db, token).then((found) => {
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
        // PRODUCT.md §10: a firm that requires a second factor lets a member without one enrol only.
        if (
          refuseUntilEnrolled(request, reply, {
            required: !!found.user.mustEnrolSecondFactor,
            enrolled: false,
          })
        )
          return;
      }
      done();
    }, done);
  };
  // First among the route's own onRequest hooks (after the app-wide ones: the security headers and origin).
  app.addHook('onRoute', (route) => {
    const hook = route.config?.sessionInStatement ? hashCookie : lookUpSession;
    const own = route.onRequest;
    route.onRequest = own ? [hook, ...(Array.isArray(own) ? own : [own])] : [hook];
  });
}

/**
 * For the error handler, when a `sessionInStatement` route's input fails validation: its statement never
 * ran, so the session is looked up here, and a signed-out (stale cookie) or wrong caller gets the 401 or
 * 403 every other route answers before a 400. Null when the caller may be told about the input.
 */
export function refusalBeforeBadInput(config: AppConfig, db: Db) {
  const cookieName = sessionCookieName(config);
  return async (request: FastifyRequest): Promise<HttpError | null> => {
    const userType = request.routeOptions.config.sessionInStatement;
    const token = cookieOf(request, cookieName);
    if (!userType || !token || request.user) return null;
    const found = await validateSession(db, token);
    if (!found) return new HttpError(401, HTTP_MESSAGES.unauthorized);
    if (found.user.userType !== userType) return new HttpError(403, HTTP_MESSAGES.forbidden);
    return null;
  };
}

/**
 * A guard: 401 signed out, 403 for the wrong user type. On a `sessionInStatement` route (the only kind whose
 * hook sets `uncheckedSessionId`, registerSession) the route's statement checks the session and
 * userFromStatement answers for it; a request without a cookie is refused here as on any route.
 */
export function requireUser(userType?: UserType) {
  // Callback style: the check never waits, so no promise per request.
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (request.uncheckedSessionId) return done();
    if (!request.user) return void reply.code(401).send({ message: HTTP_MESSAGES.unauthorized });
    if (userType && request.user.userType !== userType)
      return void reply.code(403).send({ message: HTTP_MESSAGES.forbidden });
    done();
  };
}

/**
 * The route guards, spread into a route's options: every module shares one Fastify scope (modules/index.ts),
 * so each route names its own. Before validation: a signed-out or wrong caller learns nothing from a 400.
 */
export const onlyFor = {
  attorney: { preValidation: requireUser('attorney') },
  firm: { preValidation: requireUser('firm') },
  signedIn: { preValidation: requireUser() },
} as const;

/** Who asks, for a service method: the signed-in user, or nobody. */
export const actorOf = (request: FastifyRequest): Actor => request.user ?? ANONYMOUS;

/**
 * On a `sessionInStatement` route: the user its statement found for the session (null when unknown,
 * expired or idle), with requireUser's answers: 401 signed out, 403 for the wrong user type.
 */
export function userFromStatement(request: FastifyRequest, user: User | null, userType: UserType): User {
  if (!user) throw new HttpError(401, HTTP_MESSAGES.unauthorized);
  request.user = user;
  request.sessionId = request.uncheckedSessionId;
  if (user.mustEnrolSecondFactor && !isTwoFactorEnrolmentRoute(request))
    throw new HttpError(403, twoFactorRequiredBody.message, undefined, twoFactorRequiredBody.code);
  if (user.userType !== userType) throw new HttpError(403, HTTP_MESSAGES.forbidden);
  return user;
}

/** The client's address and browser, kept with a new session (the account's sessions list names them). */
export const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The signed-in user inside a handler guarded by requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new Error('requireUser must guard this route');
  return request.user;
}
