import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEXT_MESSAGES } from '@shared/form-fields';
import { HTTP_MESSAGES } from '@shared/http';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildWorld, cookieFor, type World } from './actors';
import {
  CONTENT_TYPES,
  getAt,
  hostileBody,
  jsonText,
  pathsOf,
  RAW_BODIES,
  setAt,
  tablesWithMarker,
} from './bad-input.generators';
import { describeEachDb } from './harness';
import {
  type CollectedRoute,
  ownerOf,
  type RouteRule,
  routeCollector,
  ruleFor,
  storedState,
} from './route-table';

/**
 * PRODUCT.md §8 under hostile input: every route that takes a JSON body (read from the running
 * server's route table) gets random and malformed bodies as its rightful caller. The answer is a 4xx
 * with a JSON `message` and nothing stored, or a 2xx only when the body is genuinely valid; never a 5xx.
 */
const collector = routeCollector();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-bad-input-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const RUNS_PER_ROUTE = 30;
const RAW_RUNS_PER_ROUTE = 12;

describeEachDb(
  'bad input',
  (t) => {
    let world: World;
    beforeAll(async () => {
      world = await buildWorld(t().app);
    }, 60_000);

    /** Routes that validate a JSON body, each with its rule. */
    const bodyRoutes = () =>
      collector
        .routes()
        .filter((r) => r.bodySchema)
        .map((route) => {
          const rule = ruleFor(route);
          if (!rule) throw new Error(`no rule for ${route.key} (see route-table.ts)`);
          return { route, rule };
        });

    /**
     * The state after the last refused call, when nothing can have written since: the next call's state before
     * it. A fresh session (a sign-in writes) or an accepted call (it stored something) forgets it.
     */
    let unchanged: Record<string, string> | undefined;

    /** One call as the route's rightful caller, checked against the rules above. */
    async function check(route: CollectedRoute, rule: RouteRule, raw: string, contentType: string) {
      const app = t().app;
      const call = rule.call(world, ownerOf(rule));
      const cookie = await cookieFor(app, world, ownerOf(rule), rule.freshSession);
      const before = (!rule.freshSession && unchanged) || (await storedState(t().db));
      unchanged = undefined;
      const res: LightMyRequestResponse = await app.inject({
        method: route.method as 'POST',
        url: call.url,
        payload: raw,
        headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      });
      const status = res.statusCode;
      const shown = `${status} ${res.body.slice(0, 300)}`;
      if (status >= 500) throw new Error(`5xx: ${shown}`);
      if (status < 300) {
        let parsed: unknown;
        try {
          // Like Fastify's parser, a leading byte order mark is not part of the JSON text.
          parsed = JSON.parse(raw.replace(/^\uFEFF/, ''));
        } catch {
          throw new Error(`accepted a body that is not JSON: ${shown}`);
        }
        if (!contentType.startsWith('application/json')) throw new Error(`accepted ${contentType}: ${shown}`);
        if (!route.bodySchema?.safeParse(parsed).success)
          throw new Error(`accepted an invalid body: ${shown}`);
        const kept = await tablesWithMarker(t());
        if (kept.length) throw new Error(`stored an unknown key in ${kept.join(', ')}: ${shown}`);
      } else {
        if (status < 400) throw new Error(`unexpected ${shown}`);
        const body = res.json() as { message?: unknown };
        if (typeof body.message !== 'string' || !body.message)
          throw new Error(`4xx without a message: ${shown}`);
        const after = await storedState(t().db);
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (changed.length) throw new Error(`a ${status} changed ${changed.join(', ')}`);
        unchanged = after;
      }
      if (({} as Record<string, unknown>).polluted !== undefined)
        throw new Error('Object.prototype polluted');
    }

    /** Runs the property for every body route and reports each route that breaks it. */
    async function forEveryBodyRoute<Ts extends unknown[]>(
      property: (route: CollectedRoute, rule: RouteRule) => fc.IAsyncProperty<Ts>,
      numRuns: number,
    ) {
      const failures: string[] = [];
      unchanged = undefined; // the tests before this one stored what they stored
      for (const { route, rule } of bodyRoutes()) {
        try {
          await fc.assert(property(route, rule), { numRuns, endOnFailure: true });
        } catch (err) {
          const { message, cause } = err as Error;
          const counterexample = message.match(/Counterexample: .*/)?.[0].slice(0, 600);
          failures.push(
            `${route.key}: ${(cause as Error | undefined)?.message ?? message} ${counterexample}`,
          );
        }
      }
      expect(failures).toEqual([]);
    }

    it('covers every route that takes a JSON body', () => {
      const keys = bodyRoutes().map(({ route }) => route.key);
      expect(keys.length).toBeGreaterThan(20);
      for (const key of [
        'POST /api/register',
        'POST /api/attorney/master-lpq',
        'PUT /api/lpqs/:id/complete',
        'POST /api/firm/lpq-requests',
        'POST /api/uploads/s3/multipart',
      ])
        expect(keys).toContain(key);
    });

    it('refuses a NUL character in any text field of any body with a 400 naming it (PostgreSQL cannot store it)', async () => {
      const failures: string[] = [];
      for (const { route, rule } of bodyRoutes()) {
        const valid = rule.call(world, ownerOf(rule)).payload ?? {};
        for (const at of pathsOf(valid).filter((p) => typeof getAt(valid, p) === 'string')) {
          try {
            await check(route, rule, jsonText(setAt(valid, at, 'before\u0000after')), 'application/json');
          } catch (err) {
            failures.push(`${route.key} ${at.join('.')}: ${(err as Error).message}`);
          }
        }
      }
      expect(failures).toEqual([]);
      const res = await t().app.inject({
        method: 'PUT',
        url: '/api/attorney/profile',
        headers: { cookie: world.actors.attorney.cookie },
        payload: { phone: 'a\u0000b', practiceAreas: ['Corporate'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: HTTP_MESSAGES.nulCharacter,
        errors: { phone: HTTP_MESSAGES.nulCharacter },
      });
    }, 120_000);

    it('refuses an invisible format character (U+200B, U+FEFF) in every single-line text of every body, naming it', async () => {
      const failures: string[] = [];
      const covered: string[] = [];
      for (const { route, rule } of bodyRoutes()) {
        const call = rule.call(world, ownerOf(rule));
        const valid = call.payload ?? {};
        const send = async (at: (string | number)[], value: string) => {
          const cookie = await cookieFor(t().app, world, ownerOf(rule), rule.freshSession);
          return t().app.inject({
            method: route.method as 'POST',
            url: call.url,
            payload: setAt(valid, at, value) as object,
            headers: cookie ? { cookie } : {},
          });
        };
        for (const at of pathsOf(valid).filter((p) => typeof getAt(valid, p) === 'string')) {
          const field = at.join('.');
          // A single-line text is a field that refuses a line break with the single-line message.
          const broken = await send(at, 'Dana\nWhitfield');
          if (broken.statusCode !== 400 || broken.json().errors?.[field] !== TEXT_MESSAGES.singleLine)
            continue;
          covered.push(`${route.key} ${field}`);
          for (const c of ['\u200B', '\uFEFF']) {
            const before = await storedState(t().db);
            const res = await send(at, `Da${c}na`);
            const errors = res.statusCode === 400 ? (res.json().errors ?? {}) : {};
            if (errors[field] !== TEXT_MESSAGES.invisibleCharacter)
              failures.push(
                `${route.key} ${field} ${JSON.stringify(c)}: ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            const after = await storedState(t().db);
            if (Object.keys(before).some((table) => before[table] !== after[table]))
              failures.push(`${route.key} ${field}: stored something`);
          }
        }
      }
      expect(failures).toEqual([]);
      for (const key of [
        'POST /api/register firstName',
        'PUT /api/attorney/profile phone',
        'POST /api/firm/lpq-requests positionTitle',
        'POST /api/attorney/master-lpq generalInfo.name',
      ])
        expect(covered).toContain(key);
    }, 240_000);

    it('refuses an impossible calendar date in every date field of every body with a 400 naming it', async () => {
      const looksLikeDate = /^\d{4}-\d{2}-\d{2}(T.*)?$/;
      const failures: string[] = [];
      const covered: string[] = [];
      for (const { route, rule } of bodyRoutes()) {
        const call = rule.call(world, ownerOf(rule));
        const valid = call.payload ?? {};
        const dates = pathsOf(valid).filter((p) => {
          const v = getAt(valid, p);
          return typeof v === 'string' && looksLikeDate.test(v);
        });
        for (const at of dates) {
          const field = at.join('.');
          covered.push(`${route.key} ${field}`);
          const shape = getAt(valid, at) as string;
          for (const day of ['2099-02-31', '2021-13-40']) {
            const value = shape.length > 10 ? `${day}${shape.slice(10)}` : day;
            const cookie = await cookieFor(t().app, world, ownerOf(rule), rule.freshSession);
            const before = await storedState(t().db);
            const res = await t().app.inject({
              method: route.method as 'POST',
              url: call.url,
              payload: setAt(valid, at, value) as object,
              headers: cookie ? { cookie } : {},
            });
            const errors = res.statusCode === 400 ? (res.json().errors ?? {}) : {};
            if (res.statusCode !== 400 || typeof errors[field] !== 'string')
              failures.push(`${route.key} ${field}=${value}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            const after = await storedState(t().db);
            if (Object.keys(before).some((table) => before[table] !== after[table]))
              failures.push(`${route.key} ${field}=${value}: stored something`);
          }
        }
      }
      expect(failures).toEqual([]);
      // The forms that hold dates: the firm's invitation, the profile, the master LPQ, conflicts, diversity.
      for (const key of [
        'POST /api/firm/lpq-requests dueDate',
        'PUT /api/attorney/profile dischargeDate',
        'POST /api/attorney/master-lpq currentEmployment.startDate',
        'PUT /api/attorney/conflicts-form date',
        'PUT /api/attorney/diversity-form date',
      ])
        expect(covered).toContain(key);
    }, 120_000);

    it('refuses a lone surrogate in text stored as jsonb with a 400 naming the field (PostgreSQL refuses it)', async () => {
      const before = await storedState(t().db);
      for (const [url, method, payload, field] of [
        [
          '/api/attorney/conflicts-form',
          'PUT',
          { attorneyName: 'a\uD800b', date: '2026-01-01', firmName: 'F', certificationAgreement: true },
          'attorneyName',
        ],
        [
          '/api/attorney/master-lpq',
          'POST',
          { generalInfo: { name: 'x\uDC00' }, isComplete: false },
          'generalInfo.name',
        ],
      ] as const) {
        const res = await t().app.inject({
          method,
          url,
          headers: { cookie: world.actors.otherAttorney.cookie },
          payload,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual({ [field]: HTTP_MESSAGES.nulCharacter });
      }
      expect(await storedState(t().db)).toEqual(before);
    });

    it('refuses a NUL character in a query (400) or a path id (404)', async () => {
      const as = (url: string) =>
        t().app.inject({ method: 'GET', url, headers: { cookie: world.actors.attorney.cookie } });
      const before = await storedState(t().db);
      const query = await as(
        '/api/uploads/s3/params?filename=a%00.pdf&type=application%2Fpdf&metadata%5Bsize%5D=10',
      );
      expect(query.statusCode).toBe(400);
      expect(query.json().errors).toEqual({ filename: HTTP_MESSAGES.nulCharacter });
      const id = await as('/api/uploads/s3/multipart/%00?key=%00');
      expect(id.statusCode).toBe(404);
      expect(id.json()).toEqual({ message: HTTP_MESSAGES.notFound });
      expect(await storedState(t().db)).toEqual(before);
    });

    it('answers hostile JSON bodies with a 4xx and a message, storing nothing, never a 5xx', async () => {
      await forEveryBodyRoute(
        (route, rule) =>
          fc.asyncProperty(hostileBody(rule.call(world, ownerOf(rule)).payload ?? {}), async (raw) =>
            check(route, rule, raw, 'application/json'),
          ),
        RUNS_PER_ROUTE,
      );
    }, 480_000);

    it('answers invalid JSON text and wrong content types with a 4xx and a message', async () => {
      await forEveryBodyRoute(
        (route, rule) =>
          fc.asyncProperty(
            fc.oneof(RAW_BODIES, fc.constant(jsonText(rule.call(world, ownerOf(rule)).payload ?? {}))),
            fc.constantFrom(...CONTENT_TYPES),
            async (raw, contentType) => check(route, rule, raw, contentType),
          ),
        RAW_RUNS_PER_ROUTE,
      );
    }, 120_000);
  },
  {
    onRoute: collector.onRoute,
    config: { dataDir, webDistDir: path.join(dataDir, 'no-web') },
  },
);
