import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const uploadOrigins = config.s3?.endpoint ? [new URL(config.s3.endpoint).origin] : [];
  // helmet's middleware built once: @fastify/helmet rebuilt it, CSP parsing included, on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...uploadOrigins, ...(config.s3 ? ['https:'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );

  const allowed = new Set([new URL(config.publicUrl).origin]);
  // Cross-site requests that change state are refused: the browser always sends Origin on them.
  // Callback style: a promise per request for a check that never waits would be pure overhead.
  const badOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (request.headers['sec-fetch-site'] === 'cross-site') return true;
    if (!origin) return false;
    const sameHost = (() => {
      try {
        return new URL(origin).host === request.headers.host;
      } catch {
        return false;
      }
    })();
    return !allowed.has(origin) && !sameHost;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (STATE_CHANGING.has(request.method) && badOrigin(request)) {
      reply.code(403).send({ message: HTTP_MESSAGES.badOrigin });
      return;
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/dev/') ||
      request.url.startsWith('/objects/')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
