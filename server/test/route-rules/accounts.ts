import { firmRegistration } from '../../modules/firm/firm.factories';
import { DEFAULT_PASSWORD, uniqueEmail } from '../factories';
import { type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of accounts, the operations probes and the API's own description. */
export const ACCOUNT_RULES: Record<string, RouteRule> = {
  // Accounts
  // PRODUCT.md §11: the key trail receipts are signed with, for anyone.
  'GET /api/record/key': { access: 'public', ok: 200, call: url('/api/record/key') },
  'GET /api/login': { access: 'public', call: url('/api/login'), ok: 302 },
  'POST /api/login': {
    access: 'public',
    freshSession: true,
    ok: 200,
    call: (w) => ({
      url: '/api/login',
      payload: { email: w.actors.otherAttorney.email, password: DEFAULT_PASSWORD },
    }),
  },
  'POST /api/logout': { access: 'public', freshSession: true, ok: 200, call: url('/api/logout') },
  'GET /api/logout': { access: 'public', freshSession: true, ok: 302, call: url('/api/logout') },
  'POST /api/register': {
    access: 'public',
    ok: 201,
    call: withBody('/api/register', () => ({
      email: uniqueEmail('matrix'),
      password: DEFAULT_PASSWORD,
      firstName: 'Riley',
      lastName: 'Matrix',
      userType: 'attorney',
    })),
  },
  'POST /api/register/attorney': {
    access: 'public',
    ok: 201,
    call: withBody('/api/register/attorney', () => ({
      email: uniqueEmail('matrix'),
      password: DEFAULT_PASSWORD,
      firstName: 'Riley',
      lastName: 'Matrix',
      phone: '+1 212 555 0111',
    })),
  },
  'POST /api/register/firm': {
    access: 'public',
    ok: 201,
    call: withBody('/api/register/firm', () => firmRegistration()),
  },
  'POST /api/auth/verify-email': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/verify-email', () => ({ token: 'a'.repeat(43) })),
  },
  'POST /api/auth/forgot-password': {
    access: 'public',
    ok: 202,
    call: withBody('/api/auth/forgot-password', () => ({ email: uniqueEmail('nobody') })),
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/reset-password', () => ({ token: 'a'.repeat(43), password: 'new password' })),
  },
  'GET /api/user': { access: 'signed-in', ok: 200, call: url('/api/user') },
  'GET /api/auth/user': { access: 'signed-in', ok: 200, call: url('/api/auth/user') },
  'POST /api/auth/resend-verification': { access: 'signed-in', call: url('/api/auth/resend-verification') },
  'GET /dev/mail': { access: 'public', ok: 200, call: url('/dev/mail') },
  // Ages only the caller's own session (the world's then need a recent sign-in only for what none of
  // the other rules calls again); 204 with or without one.
  'POST /dev/session/age': { access: 'public', ok: 204, freshSession: true, call: url('/dev/session/age') },

  // Operations (probes; /metrics only when METRICS_ENABLED, which the tests leave off)
  'GET /healthz': { access: 'public', ok: 200, call: url('/healthz') },
  'GET /readyz': { access: 'public', ok: 200, call: url('/readyz') },

  // The API's own description (shared/contracts): public, shapes and texts only
  'GET /api/openapi.json': { access: 'public', ok: 200, call: url('/api/openapi.json') },
  'GET /api/docs': { access: 'public', ok: 200, call: url('/api/docs') },
};
