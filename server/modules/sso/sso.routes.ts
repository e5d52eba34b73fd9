import { RETURN_TO_PARAM, safeReturnPath } from '@shared/auth';
import { ssoContracts as c } from '@shared/contracts/sso';
import { SSO_REFUSED_PATH, SSO_TEST_PARAM } from '@shared/sso';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { clearPendingLoginCookie, setPendingLoginCookie } from '../../plugins/pending-login';
import { actorOf, clientInfo, setSessionCookie } from '../../plugins/session';
import { clearSsoLoginCookie, setSsoLoginCookie, ssoLoginId } from '../../plugins/sso-login';
import {
  callbackPath,
  discoverSso,
  finishSso,
  getSsoSettings,
  saveSsoSettings,
  startSso,
  startSsoTest,
} from './sso.service';

/** Single sign-on (PRODUCT.md §14): the admins' settings, discovery, the start and the provider's answer. */
export async function ssoRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { route } = contractRoutes(fastify);
  const { config } = ctx;
  const recent = { recentSignIn: true };
  const limit = (name: string) => ({
    rateLimit: {
      max: config.rateLimit.max,
      windowMs: config.rateLimit.windowMs,
      key: (r: FastifyRequest) => `${name}:${r.ip}`,
    },
  });

  route(c.getSettings, (request) => getSsoSettings(ctx, actorOf(request)), recent);
  route(c.saveSettings, (request) => saveSsoSettings(ctx, actorOf(request), request.body), recent);
  route(c.testSignIn, async (request, reply) => {
    const { location, token } = await startSsoTest(ctx, actorOf(request));
    setSsoLoginCookie(reply, config, token);
    return reply.redirect(location);
  });

  route(c.discover, (request) => discoverSso(ctx, actorOf(request), request.query), limit('sso-discover'));
  route(
    c.start,
    async (request, reply) => {
      const { location, token } = await startSso(ctx, actorOf(request), {
        email: request.query.email,
        returnTo: safeReturnPath(request.query.returnTo),
      });
      setSsoLoginCookie(reply, config, token);
      return reply.redirect(location);
    },
    limit('sso-start'),
  );

  route(
    c.callback,
    async (request, reply) => {
      // The URL the provider sent the browser to: openid-client reads code, state and iss from it.
      const q = request.url.indexOf('?');
      const search = q >= 0 ? request.url.slice(q) : '';
      const outcome = await finishSso(ctx, actorOf(request), {
        loginId: ssoLoginId(request, config),
        callbackUrl: new URL(`${callbackPath}${search}`, ctx.publicUrl),
        previousSessionId: request.sessionId,
        client: clientInfo(request),
      });
      clearSsoLoginCookie(reply, config);
      switch (outcome.kind) {
        case 'signed-in':
          clearPendingLoginCookie(reply, config);
          setSessionCookie(reply, config, outcome.session.token, outcome.session.expiresAt);
          return reply.redirect(
            outcome.returnTo ? `/auth?${RETURN_TO_PARAM}=${encodeURIComponent(outcome.returnTo)}` : '/auth',
          );
        case 'second-factor':
          setPendingLoginCookie(reply, config, outcome.pending.token);
          return reply.redirect(`/auth?secondStep=${outcome.methods.join(',')}`);
        case 'tested':
          return reply.redirect(
            outcome.ok
              ? `/firm/settings?${SSO_TEST_PARAM}=ok&email=${encodeURIComponent(outcome.email)}`
              : `/firm/settings?${SSO_TEST_PARAM}=failed`,
          );
        case 'refused': {
          const email = outcome.email ? `&email=${encodeURIComponent(outcome.email)}` : '';
          return reply.redirect(`${SSO_REFUSED_PATH}?reason=${outcome.reason}${email}`);
        }
      }
    },
    limit('sso-callback'),
  );
}
