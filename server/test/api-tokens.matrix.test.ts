import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HTTP_MESSAGES } from '@shared/http';
import { API_SCOPES, type ApiScope } from '@shared/integrations';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildWorld, type World } from './actors';
import { describeEachDb } from './harness';
import { TOKEN_ROUTE_SCOPES } from './route-rules/integrations';
import { expectedFor, routeCollector, ruleFor, storedState } from './route-table';

/**
 * PRODUCT.md §14 for every route the server has: each route, read from the running server's route table, is
 * called with an API token of each scope. A token reaches only the routes its scope names
 * (TOKEN_ROUTE_SCOPES), and there it gets what the firm's recruiter gets; everywhere else — account, member,
 * settings, the admins' own routes, the attorney's side — 403, changing nothing.
 */
const collector = routeCollector();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-token-matrix-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeEachDb(
  'API token matrix',
  (t) => {
    let world: World;
    const tokens = {} as Record<ApiScope, string>;
    beforeAll(async () => {
      world = await buildWorld(t().app);
      for (const scope of API_SCOPES) {
        const res = await t().app.inject({
          method: 'POST',
          url: '/api/firm/api-tokens',
          headers: { cookie: world.actors.firm.cookie },
          payload: { name: `Matrix ${scope}`, scopes: [scope] },
        });
        expect(res.statusCode, res.body).toBe(201);
        tokens[scope] = res.json().token;
      }
    }, 120_000);

    it('names only routes the server has', () => {
      const keys = new Set(collector.routes().map((r) => r.key));
      expect(Object.keys(TOKEN_ROUTE_SCOPES).filter((key) => !keys.has(key))).toEqual([]);
    });

    it('lets each token through only the routes its scope names, as a recruiter; 403 elsewhere', async () => {
      const app = t().app;
      const failures: string[] = [];
      let calls = 0;
      // The tokens' last use moves on every call, and refused calls count against their limit: not stored changes.
      const state = async () => {
        const { api_tokens: _, ...rest } = await storedState(t().db);
        return rest;
      };
      for (const route of collector.routes()) {
        const rule = ruleFor(route);
        if (!rule) throw new Error(`no rule for ${route.key}`);
        const allowedScopes =
          TOKEN_ROUTE_SCOPES[route.key] ??
          (route.method === 'HEAD' ? TOKEN_ROUTE_SCOPES[`GET ${route.url}`] : undefined) ??
          [];
        // Refused scopes first: an allowed call may use the resource up.
        const ordered = [...API_SCOPES].sort(
          (a, b) => Number(allowedScopes.includes(a)) - Number(allowedScopes.includes(b)),
        );
        const before = await state();
        let checked = false;
        const checkUnchanged = async () => {
          checked = true;
          const after = await state();
          const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
          if (changed.length) failures.push(`${route.key}: refused tokens changed ${changed.join(', ')}`);
        };
        for (const scope of ordered) {
          const allowed = allowedScopes.includes(scope);
          if (allowed && !checked) await checkUnchanged();
          const call = rule.call(world, 'firmRecruiter');
          calls++;
          const res = await app.inject({
            method: route.method as 'GET',
            url: call.url,
            payload: call.payload as string | object | undefined,
            headers: { ...(call.headers ?? {}), authorization: `Bearer ${tokens[scope]}` },
          });
          const where = `${route.key} with ${scope}`;
          const got = res.statusCode;
          if (got >= 500) failures.push(`${where}: ${got} ${res.body.slice(0, 200)}`);
          else if (!allowed) {
            if (got !== 403) failures.push(`${where}: expected 403, got ${got} ${res.body.slice(0, 200)}`);
            else if (route.method !== 'HEAD' && res.json().message !== HTTP_MESSAGES.forbidden)
              failures.push(`${where}: message ${res.body.slice(0, 200)}`);
          } else {
            // Where the scope reaches, the token is the firm's recruiter, no more.
            const expected = expectedFor(rule, 'firmRecruiter');
            if (expected === 'allowed') {
              if ([401, 403, 404].includes(got) || (rule.ok !== undefined && got !== rule.ok))
                failures.push(
                  `${where}: expected ${rule.ok ?? 'not refused'}, got ${got} ${res.body.slice(0, 200)}`,
                );
            } else if (got !== expected) failures.push(`${where}: expected ${expected}, got ${got}`);
          }
        }
        if (!checked) await checkUnchanged();
      }
      expect(failures).toEqual([]);
      expect(calls).toBe(collector.routes().length * API_SCOPES.length);
    }, 600_000);
  },
  {
    local: true,
    onRoute: collector.onRoute,
    config: { dataDir, webDistDir: path.join(dataDir, 'no-web') },
  },
);
