import { DEFAULT_PASSWORD } from '../factories';
import { type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of account security (PRODUCT.md §10): both kinds of account, each their own rows. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const fakeCredential = () => ({
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
});

export const SECURITY_RULES: Record<string, RouteRule> = {
  // Without a pending sign-in (no password was right just before) the second step is 401 for anyone.
  'POST /api/login/second-factor': {
    access: 'public',
    ok: 401,
    call: withBody('/api/login/second-factor', () => ({ code: '123456' })),
  },
  'POST /api/auth/passkeys/authentication-options': {
    access: 'public',
    ok: 200,
    call: url('/api/auth/passkeys/authentication-options'),
  },
  // A response no authenticator signed: 400 whoever sends it.
  'POST /api/auth/passkeys/authentication': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/passkeys/authentication', () => ({ response: fakeCredential() })),
  },
  'GET /api/auth/security': { access: 'signed-in', ok: 200, call: url('/api/auth/security') },
  'POST /api/auth/totp/setup': { access: 'signed-in', ok: 200, call: url('/api/auth/totp/setup') },
  'POST /api/auth/totp/enable': {
    access: 'signed-in',
    ok: 400,
    call: withBody('/api/auth/totp/enable', () => ({ code: '000000' })),
  },
  'POST /api/auth/totp/disable': {
    access: 'signed-in',
    ok: 409,
    call: withBody('/api/auth/totp/disable', () => ({ code: '000000' })),
  },
  'POST /api/auth/recovery-codes': { access: 'signed-in', ok: 409, call: url('/api/auth/recovery-codes') },
  'POST /api/auth/passkeys/registration-options': {
    access: 'signed-in',
    ok: 200,
    call: url('/api/auth/passkeys/registration-options'),
  },
  'POST /api/auth/passkeys/registration': {
    access: 'signed-in',
    ok: 400,
    call: withBody('/api/auth/passkeys/registration', () => ({ name: 'Laptop', response: fakeCredential() })),
  },
  'GET /api/auth/passkeys': { access: 'signed-in', ok: 200, call: url('/api/auth/passkeys') },
  // Every passkey and session is read by the caller's own id: another account's is as unknown as none.
  'PUT /api/auth/passkeys/:id': {
    access: 'signed-in',
    ok: 404,
    call: withBody(`/api/auth/passkeys/${NO_SUCH_ID}`, () => ({ name: 'Laptop' })),
  },
  'DELETE /api/auth/passkeys/:id': {
    access: 'signed-in',
    ok: 404,
    call: url(`/api/auth/passkeys/${NO_SUCH_ID}`),
  },
  'GET /api/auth/sessions': { access: 'signed-in', ok: 200, call: url('/api/auth/sessions') },
  'DELETE /api/auth/sessions/:id': {
    access: 'signed-in',
    ok: 404,
    call: url(`/api/auth/sessions/${NO_SUCH_ID}`),
  },
  // Ends the caller's other sessions: attorneys call as brand-new ones, so the world's stay signed in.
  'POST /api/auth/sessions/revoke-others': {
    access: 'signed-in',
    ok: 200,
    freshSession: 'new-attorney',
    call: url('/api/auth/sessions/revoke-others'),
  },
  // A wrong current password: 400, and nobody's password changes under the other rules.
  'POST /api/auth/password': {
    access: 'signed-in',
    ok: 400,
    call: withBody('/api/auth/password', () => ({
      currentPassword: 'not the password',
      newPassword: 'whatever 1',
    })),
  },
  'POST /api/auth/reauthenticate': {
    access: 'signed-in',
    ok: 200,
    call: withBody('/api/auth/reauthenticate', () => ({ password: DEFAULT_PASSWORD })),
  },
};
