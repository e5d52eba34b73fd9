import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FILE_MESSAGES } from '@shared/files';
import { HTTP_MESSAGES } from '@shared/http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firmMembers, firms, users } from '../db/schema';
import { DATA_ROUTE_PREFIXES, TWO_FACTOR_ENROLMENT_ROUTES } from '../plugins/two-factor-required';
import { ACTOR_NAMES, type ActorName, buildWorld, cookieFor, MEMBER_NAMES, type World } from './actors';
import { describeEachDb } from './harness';
import { expectedFor, ROUTE_RULES, routeCollector, ruleFor, storedState } from './route-table';

/**
 * PRODUCT.md §8 for every route the server has: each route, read from the running server's route table,
 * is called as every actor. Wrong actors get 401/403/404 and change nothing; the rightful actor is not
 * refused; nobody ever gets a 5xx.
 */
const collector = routeCollector();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-matrix-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeEachDb(
  'authorization matrix',
  (t) => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(t().app);
    }, 120_000);

    it('has a rule for every route of the server, and none for a route that is gone', () => {
      const routes = collector.routes();
      const keys = new Set(routes.map((r) => r.key));
      expect(routes.filter((r) => !ruleFor(r)).map((r) => r.key)).toEqual([]);
      expect(Object.keys(ROUTE_RULES).filter((key) => !keys.has(key))).toEqual([]);
      for (const key of ['GET /objects/:id', 'GET /dev/mail', 'GET /api/lpqs/:id', 'GET /api/firm/profile'])
        expect(keys).toContain(key);
      expect([...keys].filter((k) => k.includes('/api/uploads/')).length).toBeGreaterThan(5);
    });

    it('answers every route as every actor: 401, 403 or 404 for the wrong ones, never a 5xx', async () => {
      const app = t().app;
      const failures: string[] = [];
      let calls = 0;
      const send = async (key: string, actor: ActorName) => {
        const route = collector.routes().find((r) => r.key === key);
        const rule = route && ruleFor(route);
        if (!route || !rule) throw new Error(`no rule for ${key}`);
        const call = rule.call(world, actor);
        const cookie = await cookieFor(app, world, actor, rule.freshSession);
        calls++;
        const res = await app.inject({
          method: route.method as 'GET',
          url: call.url,
          payload: call.payload as string | object | undefined,
          headers: { ...(call.headers ?? {}), ...(cookie ? { cookie } : {}) },
        });
        return res;
      };

      for (const route of collector.routes()) {
        const rule = ruleFor(route);
        if (!rule) continue;
        // Firm members differ from the firm's registrant only where roles decide: on the attorney's side they
        // are firm users like it (403), so the removed member stands for them all there.
        const firmSide = ['firm', 'firm-owned', 'file', 'signed-in', 'public'].includes(rule.access);
        const actors = ACTOR_NAMES.filter(
          (a) => firmSide || !(MEMBER_NAMES as readonly string[]).includes(a) || a === 'firmRemoved',
        );
        // Wrong actors first, the rightful ones last: their calls may use up the resource.
        const ordered = [...actors].sort(
          (a, b) => Number(expectedFor(rule, a) === 'allowed') - Number(expectedFor(rule, b) === 'allowed'),
        );
        const refused = ordered.filter((a) => expectedFor(rule, a) !== 'allowed');
        const before = refused.length ? await storedState(t().db) : null;
        for (const actor of ordered) {
          const expected = expectedFor(rule, actor);
          const res = await send(route.key, actor);
          const got = res.statusCode;
          const where = `${route.key} as ${actor}`;
          // A 5xx is a failure unless the rule declares it (501 for what the server never does).
          if (got >= 500 && !(expected === 'allowed' && got === rule.ok))
            failures.push(`${where}: ${got} ${res.body.slice(0, 200)}`);
          else if (expected === 'allowed') {
            if (rule.ok !== undefined ? got !== rule.ok : [401, 403, 404].includes(got))
              failures.push(
                `${where}: expected ${rule.ok ?? 'not refused'}, got ${got} ${res.body.slice(0, 200)}`,
              );
          } else if (got !== expected) {
            failures.push(`${where}: expected ${expected}, got ${got} ${res.body.slice(0, 200)}`);
          } else if (rule.access !== 'signed-url' && route.method !== 'HEAD') {
            // PRODUCT.md §8: the refusals carry these exact bodies.
            const message = {
              400: rule.othersMessage ?? FILE_MESSAGES.fileNotFound,
              401: HTTP_MESSAGES.unauthorized,
              403: HTTP_MESSAGES.forbidden,
              404: HTTP_MESSAGES.notFound,
            }[expected];
            const body = res.json() as { message?: string };
            if (body.message !== message) failures.push(`${where}: message ${JSON.stringify(body)}`);
          }
          if (before && actor === refused.at(-1)) {
            const after = await storedState(t().db);
            const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
            if (changed.length) failures.push(`${route.key}: refused calls changed ${changed.join(', ')}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(calls).toBeGreaterThan(collector.routes().length * 4);
    }, 600_000);

    it('refuses the signed-out and the wrong kind of user before reading the body: no 400 tells them anything', async () => {
      const app = t().app;
      const failures: string[] = [];
      const byType = ['signed-in', 'attorney', 'firm', 'attorney-owned', 'firm-owned'];
      const routes = collector.routes().filter((r) => r.bodySchema && byType.includes(ruleFor(r)!.access));
      for (const route of routes) {
        const rule = ruleFor(route)!;
        const other = rule.access.startsWith('firm') ? 'attorney' : 'firm';
        const actors: ActorName[] = rule.access === 'signed-in' ? ['signedOut'] : ['signedOut', other];
        for (const actor of actors) {
          const expected = expectedFor(rule, actor) as 401 | 403;
          const cookie = await cookieFor(app, world, actor, rule.freshSession);
          // An array where every body is an object: invalid for each route's schema.
          const res = await app.inject({
            method: route.method as 'POST',
            url: rule.call(world, actor).url,
            payload: [1],
            headers: cookie ? { cookie } : {},
          });
          const message = { 401: HTTP_MESSAGES.unauthorized, 403: HTTP_MESSAGES.forbidden }[expected];
          if (res.statusCode !== expected || (res.json() as { message?: string }).message !== message)
            failures.push(
              `${route.key} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body}`,
            );
        }
      }
      expect(failures).toEqual([]);
      expect(routes.length).toBeGreaterThan(30);
    }, 120_000);

    // PRODUCT.md §10, issue 67 item 3: one gate on every route that serves a firm member data.
    it("puts every route that serves data behind the firm's second-factor gate: 403 two_factor_required", async () => {
      const app = t().app;
      const recruiter = world.actors.firmRecruiter;
      const [{ firmId }] = await t()
        .db.select({ firmId: firmMembers.firmId })
        .from(firmMembers)
        .innerJoin(users, eq(users.id, firmMembers.userId))
        .where(eq(users.email, recruiter.email));
      await t().db.update(firms).set({ requireTwoFactor: true }).where(eq(firms.id, firmId));
      const failures: string[] = [];
      const gated = collector.routes().filter((route) => {
        const rule = ruleFor(route);
        return (
          rule &&
          !['public', 'signed-url'].includes(rule.access) &&
          DATA_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix)) &&
          !TWO_FACTOR_ENROLMENT_ROUTES.has(`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`)
        );
      });
      try {
        const before = await storedState(t().db);
        for (const route of gated) {
          const rule = ruleFor(route)!;
          const call = rule.call(world, 'firmRecruiter');
          const cookie = await cookieFor(app, world, 'firmRecruiter', rule.freshSession);
          const res = await app.inject({
            method: route.method as 'GET',
            url: call.url,
            payload: call.payload as string | object | undefined,
            headers: { ...(call.headers ?? {}), ...(cookie ? { cookie } : {}) },
          });
          const code = route.method === 'HEAD' ? undefined : (res.json() as { code?: string }).code;
          if (res.statusCode !== 403 || (route.method !== 'HEAD' && code !== 'two_factor_required'))
            failures.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        const after = await storedState(t().db);
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        // Fresh sign-ins for the routes that end a session make sessions; nothing else may change.
        expect(changed.filter((table) => table !== 'sessions')).toEqual([]);
      } finally {
        await t().db.update(firms).set({ requireTwoFactor: false }).where(eq(firms.id, firmId));
      }
      expect(failures).toEqual([]);
      for (const key of ['GET /objects/:id', 'HEAD /objects/:id', 'GET /api/firm/lpq-requests/:id'])
        expect(gated.map((r) => r.key)).toContain(key);
    }, 120_000);
  },
  {
    local: true,
    onRoute: collector.onRoute,
    config: { dataDir, webDistDir: path.join(dataDir, 'no-web') },
  },
);
