import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance } from 'fastify';
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
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') return reply.code(403).send({ message: HTTP_MESSAGES.badOrigin });
    if (!origin) return;
    const sameHost = (() => {
      try {
        return new URL(origin).host === request.headers.host;
      } catch {
        return false;
      }
    })();
    if (!allowed.has(origin) && !sameHost) return reply.code(403).send({ message: HTTP_MESSAGES.badOrigin });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.url.startsWith('/api/') ||
      request.url.startsWith('/dev/') ||
      request.url.startsWith('/objects/')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
