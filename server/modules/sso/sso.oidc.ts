import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../config';

/**
 * The OpenID Connect client (PRODUCT.md §14), through `openid-client`: discovery from
 * `{issuer}/.well-known/openid-configuration`, the authorization code flow with PKCE, state and nonce, and
 * the ID token checked by the library: its signature against the provider's JWKS (non-repudiation checks
 * on), issuer, audience, nonce and expiry. No JOSE of our own.
 */

export type Provider = { issuer: string; clientId: string; clientSecret: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** An http:// issuer is accepted outside production on a loopback address only; in production only https://. */
export function issuerAllowed(config: Pick<AppConfig, 'env'>, issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:' || config.env === 'production') return false;
  const host = url.hostname;
  return LOOPBACK_HOSTS.has(host) || (isIP(host) === 4 && host.startsWith('127.'));
}

const insecure = (issuer: string) => new URL(issuer).protocol === 'http:';

// Discovery and the provider's keys are kept for a while per provider and client (openid-client caches the
// JWKS inside the Configuration); a changed secret or issuer is a new key.
const CACHE_MS = 10 * 60 * 1000;
const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

export function providerConfiguration(p: Provider): Promise<oidc.Configuration> {
  const key = JSON.stringify([p.issuer, p.clientId, p.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const config = oidc.discovery(
    new URL(p.issuer),
    p.clientId,
    undefined,
    oidc.ClientSecretBasic(p.clientSecret),
    {
      execute: [...(insecure(p.issuer) ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks],
      timeout: 10,
    },
  );
  cache.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next attempt asks again.
  config.catch(() => cache.delete(key));
  return config;
}

/** What a sign-in keeps until the provider answers. */
export type FlowSecrets = { state: string; nonce: string; codeVerifier: string };

export async function authorizationUrl(
  p: Provider,
  input: { redirectUri: string; loginHint?: string },
): Promise<{ url: URL; secrets: FlowSecrets }> {
  const config = await providerConfiguration(p);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const secrets = { codeVerifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: input.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: secrets.state,
    nonce: secrets.nonce,
    ...(input.loginHint ? { login_hint: input.loginHint } : {}),
  });
  return { url, secrets };
}

/** The verified claims of the ID token the provider's answer redeems; throws on any failed check. */
export async function redeemCallback(
  p: Provider,
  input: { callbackUrl: URL; secrets: FlowSecrets },
): Promise<oidc.IDToken> {
  const config = await providerConfiguration(p);
  const tokens = await oidc.authorizationCodeGrant(config, input.callbackUrl, {
    pkceCodeVerifier: input.secrets.codeVerifier,
    expectedState: input.secrets.state,
    expectedNonce: input.secrets.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  return claims;
}

/** Whether the discovery document answers (saving the settings checks it). */
export async function canDiscover(p: Provider): Promise<boolean> {
  try {
    await providerConfiguration(p);
    return true;
  } catch {
    return false;
  }
}
