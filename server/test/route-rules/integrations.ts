import type { ApiScope } from '@shared/integrations';
import { forActor } from '../actors';
import { onlyMembers, type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of the firm's own systems (PRODUCT.md §14): API tokens and webhooks, the admins'. */
const ADMINS = onlyMembers(['firm', 'firmAdmin']);

export const INTEGRATION_RULES: Record<string, RouteRule> = {
  'GET /api/firm/api-tokens': { access: 'firm', ok: 200, members: ADMINS, call: url('/api/firm/api-tokens') },
  'POST /api/firm/api-tokens': {
    access: 'firm',
    ok: 201,
    members: ADMINS,
    call: withBody('/api/firm/api-tokens', () => ({ name: 'Matrix ATS', scopes: ['requests:read'] })),
  },
  'DELETE /api/firm/api-tokens/:id': {
    access: 'firm-owned',
    resource: 'API token',
    ok: 204,
    members: ADMINS,
    call: (w, actor) => ({ url: `/api/firm/api-tokens/${forActor(w.apiTokenToRevoke, actor)}` }),
  },
  'GET /api/firm/webhooks': { access: 'firm', ok: 200, members: ADMINS, call: url('/api/firm/webhooks') },
  'POST /api/firm/webhooks': {
    access: 'firm',
    ok: 201,
    members: ADMINS,
    call: withBody('/api/firm/webhooks', () => ({
      url: 'http://127.0.0.1:9/matrix',
      events: ['request.shared'],
    })),
  },
  'DELETE /api/firm/webhooks/:id': {
    access: 'firm-owned',
    resource: 'webhook',
    ok: 204,
    members: ADMINS,
    call: (w, actor) => ({ url: `/api/firm/webhooks/${forActor(w.webhookToDelete, actor)}` }),
  },
  'GET /api/firm/webhooks/:id/deliveries': {
    access: 'firm-owned',
    resource: 'webhook',
    ok: 200,
    members: ADMINS,
    call: (w) => ({ url: `/api/firm/webhooks/${w.webhook}/deliveries` }),
  },
  'POST /api/firm/webhooks/:id/test': {
    access: 'firm-owned',
    resource: 'webhook',
    ok: 202,
    members: ADMINS,
    call: (w) => ({ url: `/api/firm/webhooks/${w.webhook}/test` }),
  },
};

/**
 * PRODUCT.md §14, the expectation the token matrix checks (api-tokens.matrix.test.ts): the routes an API token
 * reaches and the scopes that reach each (a HEAD route follows its GET). Every other route of the server is 403
 * to every token.
 */
export const TOKEN_ROUTE_SCOPES: Record<string, readonly ApiScope[]> = {
  'GET /api/firm/lpq-requests': ['requests:read'],
  'GET /api/firm/lpq-requests.csv': ['requests:read'],
  'GET /api/firm/lpq-requests/:id': ['requests:read', 'packages:read'],
  'POST /api/firm/lpq-requests': ['requests:write'],
  'POST /api/firm/lpq-requests/:id/withdraw': ['requests:write'],
  'POST /api/firm/lpq-requests/:id/resend': ['requests:write'],
  'GET /api/firm/lpq-requests/:id/changes': ['packages:read'],
  'GET /api/firm/lpq-requests/:id/package.pdf': ['packages:read'],
  // A shared package's documents, as the firm's recruiter downloads them.
  'GET /objects/:id': ['packages:read'],
};
