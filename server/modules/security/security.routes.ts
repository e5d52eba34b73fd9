import { routeSchema } from '@shared/contracts/contract';
import { securityContracts as c } from '@shared/contracts/security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
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
  const app = fastify.withTypeProvider<ZodTypeProvider>();
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

  app.post(c.secondFactor.path, { schema: routeSchema(c.secondFactor) }, async (request, reply) => {
    const { user, session } = await completeSecondFactor(ctx, actorOf(request), {
      pendingLoginId: pendingLoginId(request, config),
      proof: request.body,
      previousSessionId: request.sessionId,
      client: clientInfo(request),
    });
    startSession(reply, session);
    return user;
  });

  app.post(
    c.passkeyAuthenticationOptions.path,
    { schema: routeSchema(c.passkeyAuthenticationOptions), config: perAddress('passkey-options', 5) },
    async (request) =>
      passkeySignInOptions(ctx, actorOf(request), {
        pendingLoginId: pendingLoginId(request, config),
        signedInUserId: request.user?.id ?? null,
      }),
  );

  app.post(
    c.passkeyAuthentication.path,
    { schema: routeSchema(c.passkeyAuthentication), config: perAddress('passkey-sign-in') },
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
  );

  // ---- Factors

  app.get(c.overview.path, { ...onlyFor.signedIn, schema: routeSchema(c.overview) }, (request) =>
    securityOverview(ctx, actorOf(request)),
  );

  app.post(
    c.totpSetup.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.totpSetup), config: recent },
    (request) => setupTotp(ctx, actorOf(request)),
  );

  app.post(
    c.totpEnable.path,
    {
      ...onlyFor.signedIn,
      schema: routeSchema(c.totpEnable),
      config: { ...recent, ...perAccount('totp-enable') },
    },
    (request) => enableTotp(ctx, actorOf(request), request.body),
  );

  app.post(
    c.totpDisable.path,
    {
      ...onlyFor.signedIn,
      schema: routeSchema(c.totpDisable),
      config: { ...recent, ...perAccount('totp-disable') },
    },
    (request) => disableTotp(ctx, actorOf(request), request.body),
  );

  app.post(
    c.recoveryCodes.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.recoveryCodes), config: recent },
    (request) => regenerateRecoveryCodes(ctx, actorOf(request)),
  );

  app.post(
    c.passkeyRegistrationOptions.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.passkeyRegistrationOptions), config: recent },
    (request) => passkeyRegistrationOptions(ctx, actorOf(request)),
  );

  app.post(
    c.passkeyRegistration.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.passkeyRegistration), config: recent },
    async (request, reply) =>
      reply.code(201).send(await registerPasskey(ctx, actorOf(request), request.body)),
  );

  app.get(c.passkeys.path, { ...onlyFor.signedIn, schema: routeSchema(c.passkeys) }, (request) =>
    listOwnPasskeys(ctx, actorOf(request)),
  );

  app.put(c.renamePasskey.path, { ...onlyFor.signedIn, schema: routeSchema(c.renamePasskey) }, (request) =>
    renameOwnPasskey(ctx, actorOf(request), { id: request.params.id, name: request.body.name }),
  );

  app.delete(
    c.deletePasskey.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.deletePasskey), config: recent },
    async (request, reply) => {
      await removeOwnPasskey(ctx, actorOf(request), { id: request.params.id });
      return reply.code(204).send();
    },
  );

  // ---- Sessions, password, recent sign-in

  app.get(c.sessions.path, { ...onlyFor.signedIn, schema: routeSchema(c.sessions) }, (request) =>
    listSessions(ctx, actorOf(request), {
      sessionId: request.sessionId,
      userAgent: request.headers['user-agent'],
    }),
  );

  app.delete(
    c.revokeSession.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.revokeSession) },
    async (request, reply) => {
      const { current } = await revokeSession(ctx, actorOf(request), {
        id: request.params.id,
        sessionId: request.sessionId,
      });
      if (current) clearSessionCookie(reply, config);
      return reply.code(204).send();
    },
  );

  app.post(
    c.revokeOtherSessions.path,
    // Issue 67: ending access (every other session) needs a recent sign-in too.
    { ...onlyFor.signedIn, schema: routeSchema(c.revokeOtherSessions), config: recent },
    (request) => revokeOtherSessions(ctx, actorOf(request), { sessionId: request.sessionId }),
  );

  app.post(
    c.changePassword.path,
    { ...onlyFor.signedIn, schema: routeSchema(c.changePassword), config: recent },
    (request) =>
      changePassword(ctx, actorOf(request), {
        ...request.body,
        sessionId: request.sessionId,
        ip: request.ip,
      }),
  );

  app.post(c.reauthenticate.path, { ...onlyFor.signedIn, schema: routeSchema(c.reauthenticate) }, (request) =>
    reauthenticate(ctx, actorOf(request), { ...request.body, sessionId: request.sessionId, ip: request.ip }),
  );
}
