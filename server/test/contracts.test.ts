import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRawResponse } from '@shared/contracts/contract';
import { ALL_CONTRACTS } from '@shared/contracts/index';
import { type OpenApiDocument, openApiPath } from '@shared/contracts/openapi';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { buildWorld, cookieFor, type World } from './actors';
import { signIn } from './factories';
import { describeEachDb } from './harness';
import { ownerOf, ROUTE_RULES, ruleFor } from './route-table';

/**
 * The routes that answer something other than a JSON document, so they have no response schema to
 * serialize through. Each says why; any other route without a response schema fails the first test.
 */
const NON_JSON_ROUTES: Record<string, string> = {
  'GET /api/login': 'a redirect to the sign-in page',
  'GET /api/logout': 'a redirect to the home page',
  // PRODUCT.md §14: single sign-on sends the browser to the provider and back into the app.
  'GET /api/firm/settings/sso/test': 'a redirect to the identity provider',
  'GET /api/auth/sso/start': 'a redirect to the identity provider',
  'GET /api/auth/sso/callback': 'a redirect into the app, to the second step or to /sso/refused',
  'GET /objects/:id': 'the file’s bytes',
  'GET /api/attorney/data-export': 'a ZIP archive',
  'POST /api/attorney/delete-account': '204 without a body',
  'DELETE /api/firm/custom-sections/:id': '204 without a body',
  'DELETE /api/attorney/drafts/:form': '204 without a body',
  'GET /api/firm/lpq-requests/:id/business-case.xlsx': 'an XLSX workbook',
  'DELETE /api/firm/members/:userId': '204 without a body',
  'DELETE /api/firm/invitations/:id': '204 without a body',
  'DELETE /api/firm/views/:id': '204 without a body',
  'DELETE /api/firm/api-tokens/:id': '204 without a body',
  'DELETE /api/firm/webhooks/:id': '204 without a body',
  'DELETE /api/auth/passkeys/:id': '204 without a body',
  'DELETE /api/auth/sessions/:id': '204 without a body',
  'GET /api/firm/lpq-requests.csv': 'a CSV file',
  'GET /api/firm/lpq-requests/:id/package.pdf': 'a PDF file',
  'GET /api/firm/lpq-requests/:id/audit.csv': 'a CSV file',
  'GET /api/firm/lpq-requests/:id/audit.pdf': 'a PDF file',
  'GET /api/attorney/lpq-requests/:id/audit.csv': 'a CSV file',
  'GET /api/attorney/lpq-requests/:id/audit.pdf': 'a PDF file',
  'GET /api/attorney/audit.csv': 'a CSV file',
  'GET /api/firm/self-identification/counts.csv': 'a CSV file',
  'GET /api/firm/lpq-requests/:id/conflicts.csv': 'a CSV file',
  'GET /api/firm/lpq-requests/:id/conflicts.xlsx': 'an XLSX workbook',
  'GET /api/firm/conflicts.csv': 'a CSV file',
  'PUT /api/uploads/local/*': 'S3’s protocol: an empty body with an ETag, errors as S3 XML',
  'GET /dev/mail': 'an HTML page for people (JSON on request), local development only',
  'POST /dev/session/age': '204 without a body, local development only',
  'GET /metrics': 'Prometheus text',
  'GET /api/docs': 'an HTML page',
};

/**
 * The operations whose success answer is not a 2xx, each with the status that is its answer and why.
 * Every other operation must document a 2xx in the OpenAPI document.
 */
const NO_2XX_OPERATIONS: Record<string, RegExp> = {
  // Spec §7: the browser is sent on (to the sign-in page, to the home page).
  'GET /api/login': /^302$/,
  'GET /api/logout': /^302$/,
  // PRODUCT.md §14: to the identity provider, and back into the app.
  'GET /api/firm/settings/sso/test': /^302$/,
  'GET /api/auth/sso/start': /^302$/,
  'GET /api/auth/sso/callback': /^302$/,
  // Never issued (the server signs every upload itself): the answer is always 501 with the reason.
  'GET /api/uploads/s3/sts': /^501$/,
};

/** Put into every JSON answer before it is serialized: what a service might return by mistake. */
const LEAK = { passwordHash: '$argon2id$leaked', internalFirmUserId: 'leaked-internal-id' };

type Collected = { key: string; method: string; url: string; response?: Record<string, unknown> };
const routes = new Map<string, Collected>();
const onRoute = (route: RouteOptions) => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    const key = `${method} ${route.url}`;
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    routes.set(key, { key, method, url: route.url, response });
  }
  // The OpenAPI document is an open JSON object on purpose: it is checked for the fields itself.
  if (route.url === '/api/openapi.json') return;
  // A service that returned too much: extra fields on the answer (and on each item of a list).
  const add = (value: unknown) =>
    value && typeof value === 'object' && !Buffer.isBuffer(value) ? { ...value, ...LEAK } : value;
  route.preSerialization = [
    ...(Array.isArray(route.preSerialization)
      ? route.preSerialization
      : route.preSerialization
        ? [route.preSerialization]
        : []),
    async (_request, _reply, payload: unknown) => (Array.isArray(payload) ? payload.map(add) : add(payload)),
  ];
};

const contractKey = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-contracts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeEachDb(
  'contracts',
  (t) => {
    it('gives every JSON route a response schema: the test fails for a route without one', () => {
      const missing = [...routes.values()]
        .filter((r) => !Object.values(r.response ?? {}).some((s) => s instanceof z.ZodType))
        .filter((r) => !(r.key in NON_JSON_ROUTES))
        .map((r) => r.key);
      expect(missing).toEqual([]);
      expect(routes.size).toBeGreaterThan(60);
    });

    it('registers every route from its contract, and every contract as a route', () => {
      const contracts = new Map(ALL_CONTRACTS.map((c) => [contractKey(c), c]));
      expect(contracts.size).toBe(ALL_CONTRACTS.length);
      expect(new Set(ALL_CONTRACTS.map((c) => c.operationId)).size).toBe(ALL_CONTRACTS.length);
      const problems: string[] = [];
      for (const route of routes.values()) {
        const contract = contracts.get(route.key);
        if (!contract) {
          problems.push(`${route.key}: no contract in shared/contracts`);
          continue;
        }
        for (const [status, schema] of Object.entries(contract.response)) {
          const registered = route.response?.[status];
          if (isRawResponse(schema) ? registered !== undefined : registered !== schema)
            problems.push(`${route.key}: ${status} is not the contract's`);
        }
      }
      // /metrics only with METRICS_ENABLED, which the tests leave off.
      for (const key of contracts.keys())
        if (!routes.has(key) && key !== 'GET /metrics') problems.push(`${key}: a contract without a route`);
      for (const key of Object.keys(NON_JSON_ROUTES)) {
        const contract = contracts.get(key);
        if (!contract || !Object.values(contract.response).every(isRawResponse))
          problems.push(`${key}: listed as not JSON, but its contract declares a JSON answer`);
      }
      expect(problems).toEqual([]);
    });

    describeWorld(t);
  },
  {
    local: true,
    onRoute,
    config: { dataDir, webDistDir: path.join(dataDir, 'no-web') },
  },
);

function describeWorld(t: () => { app: Parameters<typeof buildWorld>[0] }) {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(t().app);
  }, 60_000);

  it('never sends a field its response schema does not name', async () => {
    const app = t().app;
    const checked: string[] = [];
    const failures: string[] = [];
    for (const route of routes.values()) {
      const rule = ruleFor(route);
      // Reads only, as their owner: a GET changes nothing, so the order does not matter.
      if (route.method !== 'GET' || !rule || route.key in NON_JSON_ROUTES) continue;
      // The OpenAPI document is an open JSON object on purpose (checked below).
      if (route.url === '/api/openapi.json') continue;
      const owner = ownerOf(rule);
      const call = rule.call(world, owner);
      const cookie = await cookieFor(app, world, owner, rule.freshSession);
      const res = await app.inject({
        method: 'GET',
        url: call.url,
        headers: { ...(call.headers ?? {}), ...(cookie ? { cookie } : {}) },
      });
      if (res.statusCode !== 200) continue;
      checked.push(route.key);
      for (const value of Object.values(LEAK))
        if (res.body.includes(value)) failures.push(`${route.key} sent ${value}`);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(20);
    for (const key of ['GET /api/user', 'GET /api/attorney/profile', 'GET /api/firm/lpq-requests/:id'])
      expect(checked).toContain(key);
  });

  it('answers the user object with exactly its six fields', async () => {
    // A returning user's session (a sign-in after the account's first session).
    const cookie = await signIn(t().app, world.actors.attorney.email);
    const res = await t().app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      ['email', 'emailVerified', 'firstName', 'id', 'lastName', 'userType'].sort(),
    );
    // Issue 67 item 13: through the account's first session (here, the one registering made) one more,
    // `firstVisit: true`, so the first screen greets 'Welcome' rather than 'Welcome back'.
    const first = await t().app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: world.actors.attorney.cookie },
    });
    expect(first.json()).toEqual({ ...res.json(), firstVisit: true });
  });

  it('serves an OpenAPI 3.1 document with every route, to anyone', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = JSON.parse(res.body) as OpenApiDocument;
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m} ${p}`)),
    );
    const missing = [...routes.values()]
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`)
      .filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
    expect(documented.size).toBe(ALL_CONTRACTS.length);
    // Every JSON answer carries its schema; a request body too.
    const answer = doc.paths['/api/user'].get.responses['200'];
    const user = 'content' in answer ? answer.content?.['application/json'].schema : undefined;
    expect(user).toEqual({ $ref: '#/components/schemas/User' });
    expect(doc.components.schemas.User).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'email']),
    });
    expect(doc.paths['/api/login'].post.requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
    });
    expect(doc.paths['/api/firm/lpq-requests/{id}'].get.parameters?.map((p) => p.name)).toEqual([
      'id',
      'version',
    ]);
    expect(res.body).not.toContain('passwordHash');
  });

  it('documents the success answer of every operation in /api/openapi.json', async () => {
    const doc = (await t().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
    const missing: string[] = [];
    for (const [p, methods] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${p}`;
        const statuses = Object.keys(operation.responses);
        const success = NO_2XX_OPERATIONS[key] ?? /^2\d\d$/;
        if (!statuses.some((s) => success.test(s))) missing.push(`${key}: ${statuses.join(', ')}`);
      }
    expect(missing).toEqual([]);
    // The local upload PUT: its 200 and the ETag it carries.
    const stored = doc.paths['/api/uploads/local/{path}'].put.responses['200'];
    expect('headers' in stored && stored.headers?.ETag).toMatchObject({ schema: { type: 'string' } });
  });

  it('serves a docs page listing every operation, without a script', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');
    for (const c of ALL_CONTRACTS) expect(res.body).toContain(`<code>${openApiPath(c.path)}</code>`);
    expect(res.body).toMatch(/<details id="[^"]+"><summary>/);
    expect(res.body).toContain('<html lang="en">');
  });
}

// The table of route rules names the same routes the contracts do.
it('keeps the route rules and the contracts in step', () => {
  const rules = new Set(Object.keys(ROUTE_RULES));
  const missing = ALL_CONTRACTS.map(contractKey).filter((k) => !rules.has(k) && k !== 'GET /metrics');
  expect(missing).toEqual([]);
});
