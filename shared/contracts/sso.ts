import { z } from 'zod';
import { ssoEmailQuery, ssoSettingsSchema } from '../sso';
import { defineContracts, raw } from './contract';

/** Single sign-on with the firm's OpenID provider (PRODUCT.md §14). */

export const ssoSettingsResponse = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** The client secret is never read back: only whether one is stored. */
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  /** Claims made before domains had to be proven, not proven since: offered on no sign-in page. */
  unprovenDomains: z.array(z.string()),
  /** The DNS TXT record that proves a domain is this firm's (`lateral-passport-verification=…`). */
  domainTxtRecord: z.string(),
  requireSso: z.boolean(),
  /** The redirect URL to register with the provider. */
  redirectUri: z.string(),
});

export const ssoContracts = defineContracts('Single sign-on', {
  getSettings: {
    method: 'GET',
    path: '/api/firm/settings/sso',
    summary: 'The firm’s single sign-on settings, without the client secret (admins; recent sign-in)',
    audience: 'firm',
    response: { 200: ssoSettingsResponse },
  },
  saveSettings: {
    method: 'PUT',
    path: '/api/firm/settings/sso',
    summary:
      'Set the firm’s OpenID provider, its e-mail domains and whether members must use it (admins; recent sign-in)',
    description:
      'The issuer must answer `{issuer}/.well-known/openid-configuration`; in production only `https://`. The client secret is write-only (stored encrypted); left out, the stored one is kept.',
    audience: 'firm',
    body: ssoSettingsSchema,
    errors: {
      400: 'bad input, an issuer that does not answer, or a domain not proven to be the firm’s (a member with a verified address at it, or its DNS TXT record)',
      409: 'a domain belongs to another firm’s single sign-on',
    },
    response: { 200: ssoSettingsResponse },
  },
  testSignIn: {
    method: 'GET',
    path: '/api/firm/settings/sso/test',
    summary:
      'Run a sign-in through the provider without signing anyone in; back on /firm/settings with the result (admins)',
    audience: 'firm',
    errors: { 404: 'no single sign-on is set up' },
    response: { 302: raw('Redirect to the provider’s authorization endpoint') },
  },
  discover: {
    method: 'GET',
    path: '/api/auth/sso/discover',
    summary: 'Whether the address’s domain signs in with a firm’s single sign-on',
    audience: 'public',
    query: ssoEmailQuery,
    errors: { 429: 'too many look-ups from this address' },
    response: { 200: z.object({ sso: z.boolean() }) },
  },
  start: {
    method: 'GET',
    path: '/api/auth/sso/start',
    summary: 'Start a single sign-on: redirects to the firm’s provider (authorization code with PKCE)',
    audience: 'public',
    query: ssoEmailQuery.extend({ returnTo: z.string().optional() }),
    errors: {
      404: 'the address’s domain has no single sign-on',
      429: 'too many sign-ins started from this address',
    },
    response: { 302: raw('Redirect to the provider’s authorization endpoint') },
  },
  callback: {
    method: 'GET',
    path: '/api/auth/sso/callback',
    summary:
      'The provider’s answer: checks the ID token and signs the member in (or accepts their invitation)',
    description:
      'The ID token is checked against the provider’s keys, issuer, audience, nonce and expiry, with the state and PKCE verifier of the sign-in this browser started. A member, or an address with an open invitation, is signed in; anyone else is sent to /sso/refused.',
    audience: 'public',
    query: z.object({}).catchall(z.string()),
    errors: { 429: 'too many answers from this address' },
    response: { 302: raw('Redirect into the app, to the second step, or to /sso/refused') },
  },
});
