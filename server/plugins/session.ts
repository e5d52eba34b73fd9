import type { User, UserType } from '@shared/auth';
import { ALL_CONTRACTS } from '@shared/contracts';
import { HTTP_MESSAGES } from '@shared/http';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_RATE_LIMIT,
  API_TOKEN_READER_FIRST_NAME,
  type ApiScope,
} from '@shared/integrations';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { hashToken } from '../modules/auth/crypto';
import { validateSession } from '../modules/auth/sessions';
import { tokenReaderEmail, useApiToken } from '../modules/integrations/api-tokens.repo';
import { type Actor, ANONYMOUS } from '../policies/authorize';
import { HttpError } from './errors';
import { countRateLimit, retryAfterSeconds } from './rate-limit';
import { isTwoFactorEnrolmentRoute, refuseUntilEnrolled, twoFactorRequiredBody } from './two-factor-required';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    sessionId: string | null;
    /** On a route with `sessionInStatement`: the cookie's session id, not yet checked. */
    uncheckedSessionId: string | null;
    /** PRODUCT.md §14: the API token the request came with (`Authorization: Bearer lpt_…`), once checked. */
    apiToken: { id: string; name: string; scopes: ApiScope[] } | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's own statement looks the session up along with its read (one database round trip on the hot
     * reads): the hook only hashes the cookie, and the route calls `userFromStatement` with this user type
     * (the one its scope's requireUser asks for).
     */
    sessionInStatement?: UserType;
    /** PRODUCT.md §14: the API token scopes that reach the route, from its contract (none: no token does). */
    apiScopes?: readonly ApiScope[];
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
  app.decorateRequest('apiToken', null);
  const bearer = bearerTokenLookup(config, db);
  // Callback style: without a cookie, and on the hot reads, nothing here waits (no promise per request).
  const hashCookie: onRequestHookHandler = (request, reply, done) => {
    const apiToken = request.headers.authorization && apiTokenOf(request.headers.authorization);
    if (apiToken) return bearer(apiToken, request, reply, done);
    const token = cookieOf(request, cookieName);
    if (token) request.uncheckedSessionId = hashToken(token);
    done();
  };
  const lookUpSession: onRequestHookHandler = (request, reply, done) => {
    const apiToken = request.headers.authorization && apiTokenOf(request.headers.authorization);
    if (apiToken) return bearer(apiToken, request, reply, done);
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
  const scopesOf = contractScopes();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const apiScopes = scopesOf.get(`${methods[0] === 'HEAD' ? 'GET' : methods[0]} ${route.url}`);
    if (apiScopes) route.config = { ...route.config, apiScopes };
    const hook = route.config?.sessionInStatement ? hashCookie : lookUpSession;
    const own = route.onRequest;
    route.onRequest = own ? [hook, ...(Array.isArray(own) ? own : [own])] : [hook];
  });
}

/** The token of an `Authorization: Bearer lpt_…` header; undefined for any other header. */
export function apiTokenOf(header: string): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1].startsWith(API_TOKEN_PREFIX) ? match[1] : undefined;
}

/** Each endpoint's API token scopes, by `METHOD /path`, from the contracts (the one place a route names them). */
function contractScopes(): Map<string, readonly ApiScope[]> {
  return new Map(
    ALL_CONTRACTS.filter((c) => c.apiScopes?.length).map((c) => [`${c.method} ${c.path}`, c.apiScopes!]),
  );
}

/**
 * PRODUCT.md §14: a request with `Authorization: Bearer lpt_…` is that token's, never a cookie's. A known,
 * unrevoked token makes the request a recruiter of its firm — its reader user, 'API token NAME', so every
 * access event names it — on a route whose contract lists one of the token's scopes; on any other route it is
 * 403 (account, member, settings and the admins' routes list none). An unknown or revoked token, or another
 * scheme, is nobody (the route's guard answers 401). Each token has its own rate limit (429, Retry-After).
 */
function bearerTokenLookup(config: AppConfig, db: Db) {
  const limit = {
    max: config.rateLimit.apiTokenPerMinute ?? API_TOKEN_RATE_LIMIT.perMinute,
    windowMs: 60_000,
  };
  return (secret: string, request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const lookUp = async () => {
      const token = await useApiToken(db, hashToken(secret));
      if (!token) return true;
      const allowed = request.routeOptions.config.apiScopes ?? [];
      if (!allowed.some((scope) => token.scopes.includes(scope))) {
        reply.code(403).send({ message: HTTP_MESSAGES.forbidden });
        return false;
      }
      const { count, resetAt } = await countRateLimit(db, `api-token:${token.id}`, limit.windowMs);
      if (count > limit.max) {
        reply
          .code(429)
          .header('Retry-After', String(retryAfterSeconds(resetAt)))
          .send({ message: HTTP_MESSAGES.tooManyAttempts });
        return false;
      }
      request.apiToken = { id: token.id, name: token.name, scopes: token.scopes };
      // Never more than a recruiter of its firm (PRODUCT.md §14): the same policies judge it as a member.
      request.user = {
        id: token.readerUserId,
        email: tokenReaderEmail(token.readerUserId),
        firstName: API_TOKEN_READER_FIRST_NAME,
        lastName: token.name,
        userType: 'firm',
        emailVerified: true,
        firm: { id: token.firmId, roles: ['recruiter'] },
      };
      return true;
    };
    lookUp().then((go) => go && done(), done);
  };
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
