import type { IncomingMessage, ServerResponse } from 'node:http';
import { HTTP_MESSAGES } from '@shared/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const uploadOrigins = config.s3?.endpoint ? [new URL(config.s3.endpoint).origin] : [];
  // helmet's headers worked out once, at start-up: with this configuration they depend on nothing in the
  // request (no nonce), so each request only sets them (helmet's chain of twelve middlewares ran on every
  // request, a visible share of a hot read's CPU in bench/load.ts). They go into the reply's own headers, which
  // Node writes and checks once with the answer; set on the raw response, each was checked and stored twice.
  // A route may still set its own value: the reply's headers are the route's to change.
  const securityHeaders = Object.fromEntries(
    Object.entries(
      helmetHeaders({
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
      }),
    ).map(([name, value]) => [name.toLowerCase(), value]),
  );

  // Every answer carries the headers that protect a response whatever it holds (that it is not sniffed, framed
  // or sent on with a referrer, HSTS, and a content security policy). Those that only a document acts on (its
  // browsing context group and agent cluster, DNS prefetch, IE's download and XSS switches, Adobe's
  // cross-domain policies) go on everything but JSON, which no browser renders as a page; so does the pages'
  // own content security policy, which says what the app's pages may load. A JSON answer gets the policy of a
  // document that loads nothing and is framed nowhere (OWASP's for an API): an autosave's answer is 40 bytes,
  // and the pages' policy was 240 more of its headers, each character checked by Node as it was written.
  const { every, pages } = splitHeaders(securityHeaders);
  const noStore = { ...every, 'cache-control': 'no-store' };
  const allowed = new Set([new URL(config.publicUrl).origin]);
  // Cross-site requests that change state are refused: the browser always sends Origin on them.
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
  // One hook for both, callback style: a promise per request for work that never waits would be overhead.
  app.addHook('onRequest', (request, reply, done) => {
    // What the API, the dev mailbox and the documents answer is never kept by a browser or a proxy.
    const url = request.url;
    reply.headers(
      url.startsWith('/api/') || url.startsWith('/dev/') || url.startsWith('/objects/') ? noStore : every,
    );
    if (STATE_CHANGING.has(request.method) && badOrigin(request)) {
      reply.code(403).send({ message: HTTP_MESSAGES.badOrigin });
      return;
    }
    done();
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) reply.headers(pages);
    done(null, payload);
  });
}

/** The headers only a rendered page acts on (lower-case names, as helmetHeaders' are kept here). */
export const PAGE_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** The content security policy of an answer no page is made of (JSON): it may load nothing, and be framed nowhere. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers split into those every answer carries (with NON_DOCUMENT_CSP for its policy) and those
 * for everything but JSON (the page-only headers, and the pages' own policy).
 */
export function splitHeaders(headers: Record<string, string>) {
  const csp = 'content-security-policy';
  const forPages = new Set<string>([...PAGE_ONLY_HEADERS, csp]);
  const entries = Object.entries(headers);
  return {
    every: {
      ...Object.fromEntries(entries.filter(([name]) => !forPages.has(name))),
      ...(csp in headers ? { [csp]: NON_DOCUMENT_CSP } : {}),
    },
    pages: Object.fromEntries(entries.filter(([name]) => forPages.has(name))),
  };
}

/**
 * The headers helmet's middleware sets for these options, read by running it once on a response that only
 * records them. A CSP directive given as a function (a per-request nonce) would be frozen by this, so it is
 * refused, as is a middleware that does not finish at once.
 */
export function helmetHeaders(options: NonNullable<Parameters<typeof helmet>[0]>): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' && csp.directives ? Object.values(csp.directives) : [];
  if (
    directives.some(
      (d) => typeof d === 'function' || (Array.isArray(d) && d.some((v) => typeof v === 'function')),
    )
  )
    throw new Error('a CSP directive that depends on the request cannot be set once for all requests');
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously: its headers depend on the request');
  return headers;
}
