import { HTTP_MESSAGES } from '@shared/http';
import { INTEGRATION_MESSAGES } from '@shared/integrations';
import { SECURITY_ERROR_CODES } from '@shared/security';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiTokens, lpqRequests, sessions } from '../../db/schema';
import { buildAttorney, signIn } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { hashToken } from '../auth/crypto';
import { buildFirm } from '../firm/firm.factories';
import { newRequest } from '../requests/firm/firm-requests.test-support';
import { buildSharedPackage } from '../requests/lifecycle/requests.factories';
import { addFirmMember } from '../team/team.factories';

// PRODUCT.md §14: API tokens — made by admins, shown once, stored hashed, revoked at once, a recruiter at most.
describeEachDb(
  'API tokens',
  (t) => {
    const inject = (opts: InjectOptions) => t().app.inject(opts);
    const create = (cookie: string, payload: unknown) =>
      inject({
        method: 'POST',
        url: '/api/firm/api-tokens',
        headers: { cookie },
        payload: payload as object,
      });
    const list = (cookie: string) =>
      inject({ method: 'GET', url: '/api/firm/api-tokens', headers: { cookie } });
    const withToken = (token: string, opts: InjectOptions) =>
      inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } });
    const tokenOf = async (cookie: string, scopes: string[], name = 'Greenhouse ATS') => {
      const res = await create(cookie, { name, scopes });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; name: string; scopes: string[]; token: string };
    };

    it('creates a token shown once (lpt_…), stored as its SHA-256, listed with its scopes and last use', async () => {
      const firm = await buildFirm(t().app);
      const res = await create(firm.cookie, {
        name: '  Greenhouse ATS ',
        scopes: ['packages:read', 'requests:read'],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.any(String),
        name: 'Greenhouse ATS',
        scopes: ['requests:read', 'packages:read'],
        token: expect.stringMatching(/^lpt_[A-Za-z0-9_-]{43}$/),
      });
      const [row] = await t().db.select().from(apiTokens).where(eq(apiTokens.id, body.id));
      expect(row.tokenHash).toBe(hashToken(body.token));
      expect(JSON.stringify(row)).not.toContain(body.token.slice(4));

      const before = (await list(firm.cookie)).json();
      expect(before).toEqual([
        {
          id: body.id,
          name: 'Greenhouse ATS',
          scopes: ['requests:read', 'packages:read'],
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      ]);
      expect(JSON.stringify(before)).not.toContain(body.token);

      const used = await withToken(body.token, { method: 'GET', url: '/api/firm/lpq-requests' });
      expect(used.statusCode).toBe(200);
      const after = (await list(firm.cookie)).json();
      expect(after[0].lastUsedAt).toEqual(expect.any(String));
      // The firm's audit trail names who made it.
      const audit = (
        await inject({ method: 'GET', url: '/api/firm/audit', headers: { cookie: firm.cookie } })
      ).json();
      expect(audit.map((e: { action: string }) => e.action)).toContain('api_token_created');
    });

    it('revokes at once: the next request with the token is a 401', async () => {
      const firm = await buildFirm(t().app);
      const { id, token } = await tokenOf(firm.cookie, ['requests:read']);
      expect((await withToken(token, { method: 'GET', url: '/api/firm/lpq-requests' })).statusCode).toBe(200);
      const del = await inject({
        method: 'DELETE',
        url: `/api/firm/api-tokens/${id}`,
        headers: { cookie: firm.cookie },
      });
      expect(del.statusCode).toBe(204);
      const after = await withToken(token, { method: 'GET', url: '/api/firm/lpq-requests' });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: HTTP_MESSAGES.unauthorized });
      expect((await list(firm.cookie)).json()).toEqual([]);
      // Gone: a second revoke is a 404.
      expect(
        (
          await inject({
            method: 'DELETE',
            url: `/api/firm/api-tokens/${id}`,
            headers: { cookie: firm.cookie },
          })
        ).statusCode,
      ).toBe(404);
    });

    it('401 signed out, 403 for an attorney and a recruiter, 404 for another firm’s token, 400 with the message', async () => {
      const firm = await buildFirm(t().app);
      const other = await buildFirm(t().app);
      const attorney = await buildAttorney(t().app);
      const recruiter = await addFirmMember(t().app, firm.firmId, ['recruiter']);
      const { id } = await tokenOf(firm.cookie, ['requests:read']);
      expect((await inject({ method: 'GET', url: '/api/firm/api-tokens' })).statusCode).toBe(401);
      expect((await inject({ method: 'POST', url: '/api/firm/api-tokens', payload: {} })).statusCode).toBe(
        401,
      );
      for (const cookie of [attorney.cookie, recruiter.cookie]) {
        expect((await list(cookie)).statusCode).toBe(403);
        expect((await create(cookie, { name: 'x', scopes: ['requests:read'] })).statusCode).toBe(403);
      }
      const otherDelete = await inject({
        method: 'DELETE',
        url: `/api/firm/api-tokens/${id}`,
        headers: { cookie: other.cookie },
      });
      expect(otherDelete.statusCode).toBe(404);
      expect(otherDelete.json()).toEqual({ message: HTTP_MESSAGES.notFound });
      expect((await list(firm.cookie)).json()).toHaveLength(1);

      const empty = await create(firm.cookie, { name: 'ATS', scopes: [] });
      expect(empty.statusCode).toBe(400);
      expect(JSON.stringify(empty.json())).toContain(INTEGRATION_MESSAGES.scopesRequired);
      const noName = await create(firm.cookie, { name: ' ', scopes: ['requests:read'] });
      expect(noName.statusCode).toBe(400);
      expect(JSON.stringify(noName.json())).toContain(INTEGRATION_MESSAGES.nameRequired);
      const unknown = await create(firm.cookie, { name: 'ATS', scopes: ['members:write'] });
      expect(unknown.statusCode).toBe(400);
    });

    it('asks for a recent sign-in', async () => {
      const firm = await buildFirm(t().app);
      await t()
        .db.update(sessions)
        .set({ authenticatedAt: new Date(Date.now() - 60 * 60_000) });
      const res = await create(firm.cookie, { name: 'ATS', scopes: ['requests:read'] });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(SECURITY_ERROR_CODES.reauthenticate);
      const fresh = await signIn(t().app, firm.user.email);
      expect((await create(fresh, { name: 'ATS', scopes: ['requests:read'] })).statusCode).toBe(201);
    });

    it('is a token’s request even with a cookie: an admin’s cookie beside it reaches no admin route', async () => {
      const firm = await buildFirm(t().app);
      const { token } = await tokenOf(firm.cookie, ['requests:read', 'requests:write', 'packages:read']);
      for (const url of ['/api/firm/api-tokens', '/api/firm/members', '/api/firm/settings', '/api/user']) {
        const res = await withToken(token, { method: 'GET', url, headers: { cookie: firm.cookie } });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
      }
      // A made-up token is nobody: 401 on a firm route.
      const forged = await withToken('lpt_not-a-token', { method: 'GET', url: '/api/firm/lpq-requests' });
      expect(forged.statusCode).toBe(401);
    });

    it('reads packages as a recruiter, never conflicts or diversity, each read an access event named ‘API token NAME’', async () => {
      const firm = await buildFirm(t().app, { firmName: 'Arden & Vale' });
      const attorney = await buildAttorney(t().app);
      const created = await inject({
        method: 'POST',
        url: '/api/firm/lpq-requests',
        headers: { cookie: firm.cookie },
        payload: newRequest({ attorneyEmail: attorney.user.email }),
      });
      const requestId = created.json().id as string;
      await buildSharedPackage(t().db, { requestId, attorneyUserId: attorney.user.id });
      const reader = await tokenOf(firm.cookie, ['packages:read'], 'Greenhouse');
      const pipeline = await tokenOf(firm.cookie, ['requests:read'], 'Pipeline sync');

      const read = await withToken(reader.token, {
        method: 'GET',
        url: `/api/firm/lpq-requests/${requestId}`,
      });
      expect(read.statusCode, read.body).toBe(200);
      const detail = read.json();
      expect(detail.package).not.toBeNull();
      expect(detail.visibleParts).not.toContain('conflicts');
      expect(detail.visibleParts).not.toContain('diversity');
      expect(detail.package.conflictsForm ?? null).toBeNull();
      expect(detail.package.diversityForm ?? null).toBeNull();
      // The same request as the firm's own recruiter sees it.
      const recruiter = await addFirmMember(t().app, firm.firmId, ['recruiter']);
      const asRecruiter = (
        await inject({
          method: 'GET',
          url: `/api/firm/lpq-requests/${requestId}`,
          headers: { cookie: recruiter.cookie },
        })
      ).json();
      expect(detail.visibleParts).toEqual(asRecruiter.visibleParts);
      expect(Object.keys(detail.package).sort()).toEqual(Object.keys(asRecruiter.package).sort());

      // requests:read alone: the request, no package, nothing recorded.
      const status = await withToken(pipeline.token, {
        method: 'GET',
        url: `/api/firm/lpq-requests/${requestId}`,
      });
      expect(status.statusCode).toBe(200);
      expect(status.json().package).toBeNull();
      expect(status.json().status).toBe('accepted');

      const pdf = await withToken(reader.token, {
        method: 'GET',
        url: `/api/firm/lpq-requests/${requestId}/package.pdf`,
      });
      expect(pdf.statusCode).toBe(200);

      const log = (
        await inject({ method: 'GET', url: '/api/attorney/access-log', headers: { cookie: attorney.cookie } })
      ).json() as { firmUserName: string; readerRoles: string[]; count: number }[];
      const byToken = log.filter((e) => e.firmUserName === 'API token Greenhouse');
      expect(byToken).toHaveLength(1);
      expect(byToken[0]).toMatchObject({ readerRoles: ['recruiter'], count: 2 });
      expect(log.some((e) => e.firmUserName.includes('Pipeline sync'))).toBe(false);
    });

    it('documents the bearer scheme and each route’s scopes in the OpenAPI document', async () => {
      const doc = (await inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
      const list = doc.paths['/api/firm/lpq-requests'].get;
      expect(list.security).toEqual([{ session: [] }, { apiToken: ['requests:read'] }]);
      expect(list['x-api-scopes']).toEqual(['requests:read']);
      expect(doc.paths['/api/firm/lpq-requests'].post['x-api-scopes']).toEqual(['requests:write']);
      expect(doc.paths['/api/firm/lpq-requests/{id}'].get['x-api-scopes']).toEqual([
        'requests:read',
        'packages:read',
      ]);
      for (const [path, method] of [
        ['/api/firm/members', 'get'],
        ['/api/firm/settings', 'put'],
        ['/api/firm/api-tokens', 'post'],
        ['/api/user', 'get'],
      ])
        expect(JSON.stringify(doc.paths[path][method].security), path).not.toContain('apiToken');
      expect(doc.paths['/api/firm/webhooks/{id}/test'].post.responses['202']).toBeDefined();
      const page = await inject({ method: 'GET', url: '/api/docs' });
      expect(page.body).toContain('<strong>API token scopes:</strong> <code>requests:read</code>');
    });

    it('acts as a recruiter for requests:write: invite, withdraw and resend', async () => {
      const firm = await buildFirm(t().app);
      const { token } = await tokenOf(firm.cookie, ['requests:write']);
      const sent = await withToken(token, {
        method: 'POST',
        url: '/api/firm/lpq-requests',
        payload: newRequest(),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().id as string;
      // Resending waits a day after the invitation.
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 25 * 60 * 60_000) })
        .where(eq(lpqRequests.id, id));
      const resent = await withToken(token, { method: 'POST', url: `/api/firm/lpq-requests/${id}/resend` });
      expect(resent.statusCode, resent.body).toBe(200);
      const withdrawn = await withToken(token, {
        method: 'POST',
        url: `/api/firm/lpq-requests/${id}/withdraw`,
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      // Not a reader: the pipeline is requests:read.
      expect((await withToken(token, { method: 'GET', url: '/api/firm/lpq-requests' })).statusCode).toBe(403);
    });
  },
  {},
);

describe('API token rate limit', () => {
  describeEachDb(
    'per token',
    (t) => {
      it('answers 429 with Retry-After past the token’s limit; another token keeps its own count', async () => {
        const firm = await buildFirm(t().app);
        const make = async () =>
          (
            await t().app.inject({
              method: 'POST',
              url: '/api/firm/api-tokens',
              headers: { cookie: firm.cookie },
              payload: { name: 'ATS', scopes: ['requests:read'] },
            })
          ).json().token as string;
        const [first, second] = [await make(), await make()];
        const call = (token: string) =>
          t().app.inject({
            method: 'GET',
            url: '/api/firm/lpq-requests',
            headers: { authorization: `Bearer ${token}` },
          });
        for (let i = 0; i < 3; i++) expect((await call(first)).statusCode).toBe(200);
        const limited = await call(first);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect((await call(second)).statusCode).toBe(200);
      });
    },
    {
      config: {
        rateLimit: {
          max: 1000,
          windowMs: 60_000,
          accountMax: 1000,
          registerMax: 1000,
          registerWindowMs: 60_000,
          apiTokenPerMinute: 3,
        },
      },
    },
  );
});
