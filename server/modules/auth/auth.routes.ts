import { AUTH_MESSAGES, RETURN_TO_PARAM, safeReturnPath } from '@shared/auth';
import { authContracts as c } from '@shared/contracts/auth';
import { routeSchema } from '@shared/contracts/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { clearPendingLoginCookie, setPendingLoginCookie } from '../../plugins/pending-login';
import { registrationLimit } from '../../plugins/rate-limit';
import {
  actorOf,
  clearSessionCookie,
  clientInfo,
  currentUser,
  requireUser,
  setSessionCookie,
} from '../../plugins/session';
import {
  loginUser,
  logoutSession,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './auth.service';

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { app, route } = contractRoutes(fastify);
  const { config } = ctx;
  const limit = (key: (request: FastifyRequest) => string) => ({
    rateLimit: { max: config.rateLimit.max, windowMs: config.rateLimit.windowMs, key },
  });
  const registerLimit = { rateLimit: registrationLimit(config) };
  const byIp = (name: string) => (r: FastifyRequest) => `${name}:${r.ip}`;
  // Login attempts count per address and client, so one attacker cannot lock everybody out.
  const byIpAndEmail = (name: string) => (r: FastifyRequest) => {
    const email = (r.body as { email?: unknown } | undefined)?.email;
    return `${name}:${r.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
  };

  for (const contract of [c.currentUser, c.currentUserAlias])
    app.get(contract.path, { preHandler: requireUser(), schema: routeSchema(contract) }, async (request) =>
      currentUser(request),
    );

  // Back to the page the user was on once they sign in again (PRODUCT.md §2); only a path of this site.
  route(c.loginPage, async (request, reply) => {
    const returnTo = safeReturnPath(
      (request.query as Record<string, unknown> | undefined)?.[RETURN_TO_PARAM],
    );
    return reply.redirect(returnTo ? `/auth?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : '/auth');
  });

  route(
    c.register,
    async (request, reply) => {
      const { user, session } = await registerUser(ctx, actorOf(request), request.body);
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return reply.code(201).send(user);
    },
    registerLimit,
  );

  route(
    c.login,
    async (request, reply) => {
      const result = await loginUser(ctx, actorOf(request), {
        credentials: request.body,
        previousSessionId: request.sessionId,
        client: clientInfo(request),
      });
      // An account with a second factor: no session yet (PRODUCT.md §10), the second step names this cookie.
      if (result.kind === 'second-factor') {
        setPendingLoginCookie(reply, config, result.pending.token);
        return { twoFactorRequired: true as const, methods: result.methods };
      }
      clearPendingLoginCookie(reply, config);
      setSessionCookie(reply, config, result.session.token, result.session.expiresAt);
      return result.user;
    },
    limit(byIpAndEmail('login')),
  );

  route(c.logout, async (request, reply) => {
    await logoutSession(ctx, actorOf(request), { sessionId: request.sessionId });
    clearSessionCookie(reply, config);
    return { message: 'Logged out' };
  });

  route(c.logoutLink, async (request, reply) => {
    await logoutSession(ctx, actorOf(request), { sessionId: request.sessionId });
    clearSessionCookie(reply, config);
    return reply.redirect('/');
  });

  route(c.verifyEmail, async (request) => {
    const user = await verifyEmail(ctx, actorOf(request), { token: request.body.token });
    return { message: AUTH_MESSAGES.emailVerified, user };
  });

  app.post(
    c.resendVerification.path,
    { preHandler: requireUser(), schema: routeSchema(c.resendVerification), config: limit(byIp('resend')) },
    async (request, reply) => {
      await resendVerification(ctx, actorOf(request));
      return reply.code(202).send({ message: AUTH_MESSAGES.verificationSent });
    },
  );

  route(
    c.forgotPassword,
    async (request, reply) => {
      await requestPasswordReset(ctx, actorOf(request), { email: request.body.email });
      return reply.code(202).send({ message: AUTH_MESSAGES.forgotAccepted });
    },
    limit(byIpAndEmail('forgot')),
  );

  route(
    c.resetPassword,
    async (request, reply) => {
      await resetPassword(ctx, actorOf(request), { ...request.body, client: clientInfo(request) });
      clearSessionCookie(reply, config);
      return { message: AUTH_MESSAGES.passwordReset };
    },
    limit(byIp('reset')),
  );
}
