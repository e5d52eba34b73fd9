import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DRAFT_PATH } from '@shared/drafts';
import { FIRM_READ_LIMIT } from '@shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { Database, WarmStatement } from '../db/client';
import { renderSql } from '../db/prepared';
import { sessionParams } from '../modules/auth/sessions';
import { DRAFT_SAVE_FOR_SESSION } from '../modules/drafts/drafts.repo';
import {
  ATTORNEY_REQUESTS_FOR_SESSION,
  FIRM_PACKAGE_READ_FOR_SESSION,
} from '../modules/requests/hot-reads.repo';
import { sessionCookieName } from '../plugins/session';
import { todayUtc } from '../policies/request-scope';

/**
 * The cold tail: under load right after start, a fresh process answers more slowly than a warm one until what
 * is cold has warmed (BENCHMARKS.md, What we learned: the warm-up and the cold tail). What is cold in a fresh process: the pool's
 * connections (each a new PostgreSQL backend that opens its caches and parses and plans every named statement
 * again, five custom plans before a generic one) and the JavaScript of every hook, route and serializer,
 * which V8 compiles and optimizes only after it has run many times. Both are warmed here, before the server
 * listens (server/main.ts), so the first users are served by a warm process. On PostgreSQL only (the
 * production database).
 */

/** The named statements of the hot paths (same names and text as their repositories), with values that match no session. */
function hotStatements(): WarmStatement[] {
  const session = sessionParams(`warm-up-${randomBytes(8).toString('hex')}`);
  const statement = (
    name: string,
    query: Parameters<typeof renderSql>[0],
    values: Record<string, unknown>,
  ) => {
    const rendered = renderSql(query);
    return { name, text: rendered.text, values: rendered.values({ ...session, ...values }) };
  };
  return [
    statement('attorney_requests_for_session', ATTORNEY_REQUESTS_FOR_SESSION, {
      afterSentAt: null,
      afterId: null,
      rows: 51,
    }),
    statement('firm_package_read_for_session', FIRM_PACKAGE_READ_FOR_SESSION, {
      requestId: null,
      version: null,
      today: todayUtc(),
      kind: 'package_view',
      readLimit: FIRM_READ_LIMIT.perMinute,
      readWindowSeconds: 60,
    }),
    statement('draft_save_for_session', DRAFT_SAVE_FOR_SESSION, { form: null, lpqId: null, json: null }),
  ];
}

/** How many times each hot route runs in-process; bounded by WARM_UP_MAX_MS too. */
const ROUNDS = 300;
const WARM_UP_MAX_MS = 3000;

type WarmRequest = { method: 'GET' | 'PUT'; url: string; payload?: unknown };

/**
 * Opens and warms every connection of the pool, then runs the hot routes with a cookie that names no
 * session: every hook, the session's statement, the route and the error path run, nothing is read or written
 * for anyone. Answers the time it took. The requests come over loopback HTTP to a server of the app's own
 * that only this function knows of (the app itself listens afterwards), not through app.inject: V8 optimizes
 * Fastify's hooks and the reply's path for the objects it sees while warming, and inject's stand-in request
 * and response have other shapes than Node's, so a process warmed by inject ran the real requests through
 * property lookups that had seen both (measured: more CPU per request for the rest of its life).
 */
export async function warmUp(app: FastifyInstance, database: Database): Promise<number> {
  const started = performance.now();
  // The embedded database serves one developer: its start-up stays as quick as it was.
  if (database.kind !== 'postgres') return 0;
  await database.warm?.(hotStatements());
  const cookie = `${sessionCookieName(app.ctx.config)}=${randomBytes(32).toString('base64url')}`;
  const origin = new URL(app.ctx.config.publicUrl).origin;
  const requests: WarmRequest[] = [
    { method: 'GET', url: '/api/attorney/lpq-requests' },
    { method: 'GET', url: '/api/firm/lpq-requests/00000000-0000-4000-8000-000000000000' },
    { method: 'PUT', url: DRAFT_PATH('master-lpq'), payload: { data: { warmUp: true } } },
    { method: 'GET', url: '/api/user' },
  ];
  await app.ready();
  const server = http.createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: requests.length });
  const send = ({ method, url, payload }: WarmRequest) =>
    new Promise<void>((resolve, reject) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const headers = body ? { cookie, origin, 'content-type': 'application/json' } : { cookie, origin };
      http
        .request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (res) => {
          res.on('end', resolve).on('error', reject).resume();
        })
        .on('error', reject)
        .end(body);
    });
  try {
    for (let round = 0; round < ROUNDS && performance.now() - started < WARM_UP_MAX_MS; round++)
      await Promise.all(requests.map(send));
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return performance.now() - started;
}
