import { onlyMembers, type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of single sign-on (PRODUCT.md §14): the admins' settings, and the public sign-in steps. */
const ADMINS = onlyMembers(['firm', 'firmAdmin']);

export const SSO_RULES: Record<string, RouteRule> = {
  'GET /api/firm/settings/sso': {
    access: 'firm',
    ok: 200,
    members: ADMINS,
    call: url('/api/firm/settings/sso'),
  },
  // No provider answers on the discard port: an admin's save is a 400, never a refusal.
  'PUT /api/firm/settings/sso': {
    access: 'firm',
    members: ADMINS,
    call: withBody('/api/firm/settings/sso', () => ({
      issuer: 'http://127.0.0.1:9',
      clientId: 'matrix',
      clientSecret: 'matrix-secret',
      domains: ['matrix.example'],
      requireSso: false,
    })),
  },
  // The world's firms have no provider: the test sign-in has nothing to run.
  'GET /api/firm/settings/sso/test': {
    access: 'firm',
    ok: 404,
    members: ADMINS,
    call: url('/api/firm/settings/sso/test'),
  },
  'GET /api/auth/sso/discover': {
    access: 'public',
    ok: 200,
    call: url('/api/auth/sso/discover?email=someone%40nowhere.example'),
  },
  'GET /api/auth/sso/start': {
    access: 'public',
    ok: 404,
    call: url('/api/auth/sso/start?email=someone%40nowhere.example'),
  },
  'GET /api/auth/sso/callback': {
    access: 'public',
    ok: 302,
    call: url('/api/auth/sso/callback?code=x&state=y'),
  },
};
