import { routeSchema } from '@shared/contracts/contract';
import { securityContracts as c } from '@shared/contracts/security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { clearPendingLoginCookie, pendingLoginId } from '../../plugins/pending-login';
import { actorOf, clearSessionCookie, clientInfo, onlyFor, setSessionCookie } from '../../plugins/session';
import {
  listOwnPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removeOwnPasskey,
  renameOwnPasskey,
} from './passkeys.service';
import {
  changePassword,
  listSessions,
  reauthenticate,
  revokeOtherSessions,
  revokeSession,
} from './sessions.service';
import { completeSecondFactor, passkeySignInOptions, signInWithPasskey } from './sign-in.service';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  securityOverview,
  setupTotp,
} from './totp.service';

/** Account security (PRODUCT.md §10). Factor and password changes need a recent sign-in. */
export async function securityRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { app, route } = contractRoutes(fastify);
  const { config } = ctx;
  const recent = { recentSignIn: true };
  const perAddress = (name: string, factor = 1) => ({
    rateLimit: {
      max: config.rateLimit.max * factor,
      windowMs: config.rateLimit.windowMs,
      key: (r: FastifyRequest) => `${name}:${r.ip}`,
    },
  });

  // A code tried on a signed-in account (turning the app on or off): the sign-in limit, per account and address.
  const perAccount = (name: string) => ({
    rateLimit: {
      max: config.rateLimit.max,
      windowMs: config.rateLimit.windowMs,
      key: (r: FastifyRequest) => `${name}:${r.ip}:${r.user?.id ?? ''}`,
    },
  });

  const startSession = (reply: FastifyReply, session: { token: string; expiresAt: Date }) => {
    clearPendingLoginCookie(reply, config);
    setSessionCookie(reply, config, session.token, session.expiresAt);
  };

  // ---- Signing in: the second step, and passkeys (both as the second step and without a password)

  route(c.secondFactor, async (request, reply) => {
    const { user, session } = await completeSecondFactor(ctx, actorOf(request), {
      pendingLoginId: pendingLoginId(request, config),
      proof: request.body,
      previousSessionId: request.sessionId,
      client: clientInfo(request),
    });
    startSession(reply, session);
    return user;
  });

  route(
    c.passkeyAuthenticationOptions,
    async (request) =>
      passkeySignInOptions(ctx, actorOf(request), {
        pendingLoginId: pendingLoginId(request, config),
        signedInUserId: request.user?.id ?? null,
      }),
    perAddress('passkey-options', 5),
  );

  route(
    c.passkeyAuthentication,
    async (request, reply) => {
      const { user, session } = await signInWithPasskey(ctx, actorOf(request), {
        pendingLoginId: pendingLoginId(request, config),
        response: request.body.response,
        previousSessionId: request.sessionId,
        client: clientInfo(request),
      });
      startSession(reply, session);
      return user;
    },
    perAddress('passkey-sign-in'),
  );

  // ---- Factors

  route(c.overview, (request) => securityOverview(ctx, actorOf(request)));

  route(c.totpSetup, (request) => setupTotp(ctx, actorOf(request)), recent);

  route(c.totpEnable, (request) => enableTotp(ctx, actorOf(request), request.body), {
    ...recent,
    ...perAccount('totp-enable'),
  });

  route(c.totpDisable, (request) => disableTotp(ctx, actorOf(request), request.body), {
    ...recent,
    ...perAccount('totp-disable'),
  });

  route(c.recoveryCodes, (request) => regenerateRecoveryCodes(ctx, actorOf(request)), recent);

  route(c.passkeyRegistrationOptions, (request) => passkeyRegistrationOptions(ctx, actorOf(request)), recent);

  route(
    c.passkeyRegistration,
    async (request, reply) =>
      reply.code(201).send(await registerPasskey(ctx, actorOf(request), request.body)),
    recent,
  );

  route(c.passkeys, (request) => listOwnPasskeys(ctx, actorOf(request)));

  route(c.renamePasskey, (request) =>
    renameOwnPasskey(ctx, actorOf(request), { id: request.params.id, name: request.body.name }),
  );

  route(
    c.deletePasskey,
    async (request, reply) => {
      await removeOwnPasskey(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
    recent,
  );

  // ---- Sessions, password, recent sign-in

  route(c.sessions, (request) =>
    listSessions(ctx, actorOf(request), {
      sessionId: request.sessionId,
      userAgent: request.headers['user-agent'],
    }),
  );

  route(c.revokeSession, async (request, reply) => {
    const { current } = await revokeSession(ctx, actorOf(request), {
      id: request.params.id,
      sessionId: request.sessionId,
    });
    if (current) clearSessionCookie(reply, config);
    return reply.code(204).send();
  });

  app.post(
    c.revokeOtherSessions.path,
    // Issue 67: ending access (every other session) needs a recent sign-in too.
    { ...onlyFor.signedIn, schema: routeSchema(c.revokeOtherSessions), config: recent },
    (request) => revokeOtherSessions(ctx, actorOf(request), { sessionId: request.sessionId }),
  );

  route(
    c.changePassword,
    (request) =>
      changePassword(ctx, actorOf(request), {
        ...request.body,
        sessionId: request.sessionId,
        ip: request.ip,
      }),
    recent,
  );

  route(c.reauthenticate, (request) =>
    reauthenticate(ctx, actorOf(request), { ...request.body, sessionId: request.sessionId, ip: request.ip }),
  );
}
