import { SSO_LIMITS } from '@shared/sso';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { hashToken } from '../modules/auth/crypto';
import { cookieOf } from './session';

/**
 * The single sign-on under way (PRODUCT.md §14): from the start to the provider's answer the browser holds
 * this short-lived cookie; it names the sso_logins row (by its hash) with the state, nonce and PKCE
 * verifier the answer must match. SameSite=Lax: the answer arrives as a top-level redirect from the
 * provider's site, which a Strict cookie would not follow.
 */
const secure = (config: AppConfig) => config.publicUrl.startsWith('https://');
export const ssoLoginCookieName = (config: AppConfig) => (secure(config) ? '__Host-lp_sso' : 'lp_sso');

export function setSsoLoginCookie(reply: FastifyReply, config: AppConfig, token: string) {
  reply.setCookie(ssoLoginCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(config),
    maxAge: Math.floor(SSO_LIMITS.loginTtlMs / 1000),
  });
}

export function clearSsoLoginCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(ssoLoginCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(config),
  });
}

/** The stored id of the request's single sign-on under way, or null without the cookie. */
export function ssoLoginId(request: FastifyRequest, config: AppConfig): string | null {
  const token = cookieOf(request, ssoLoginCookieName(config));
  return token ? hashToken(token) : null;
}
