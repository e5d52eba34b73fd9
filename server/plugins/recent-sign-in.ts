import { HTTP_MESSAGES } from '@shared/http';
import { RECENT_SIGN_IN_MS, SECURITY_ERROR_CODES, SECURITY_MESSAGES } from '@shared/security';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { sessionAuthenticatedAt } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Recent sign-in (PRODUCT.md §10): the route answers 403 `{ message: 'Confirm it is you.', code:
     * 'reauthenticate' }` when its session proved who it is more than 10 minutes ago. One line on a route:
     * `config: { recentSignIn: true }`. Checked after the route's own guards (a signed-out caller still
     * gets 401, the wrong kind of user 403), and after its input is validated (bad input still gets 400).
     */
    recentSignIn?: boolean;
  }
}

export const reauthenticateBody = {
  message: SECURITY_MESSAGES.reauthenticate,
  code: SECURITY_ERROR_CODES.reauthenticate,
} as const;

/** The check itself, for a route that needs it in its own preHandler chain. */
export function recentSignInCheck(db: Db): preHandlerHookHandler {
  return function checkRecentSignIn(request: FastifyRequest, reply: FastifyReply, done) {
    // No session: the route's guard has answered (or will answer) 401; nothing to confirm.
    if (!request.sessionId) {
      if (!request.user) return void reply.code(401).send({ message: HTTP_MESSAGES.unauthorized });
      return done();
    }
    sessionAuthenticatedAt(db, request.sessionId).then((at) => {
      if (!at || Date.now() - at.getTime() > RECENT_SIGN_IN_MS) {
        reply.code(403).send(reauthenticateBody);
        return;
      }
      done();
    }, done);
  };
}

/** Appends the check to every route declared with `config: { recentSignIn: true }`. */
export function registerRecentSignIn(app: FastifyInstance, db: Db) {
  const check = recentSignInCheck(db);
  app.addHook('onRoute', (route) => {
    if (!(route.config as { recentSignIn?: boolean } | undefined)?.recentSignIn) return;
    const own = route.preHandler;
    route.preHandler = own ? [...(Array.isArray(own) ? own : [own]), check] : [check];
  });
}
