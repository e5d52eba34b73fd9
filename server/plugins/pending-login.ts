import { PENDING_LOGIN_MS } from '@shared/security';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { hashToken } from '../modules/auth/crypto';
import { cookieOf } from './session';

/**
 * The half-done sign-in (PRODUCT.md §10): after a right password on an account with a second factor, the
 * browser holds this short-lived cookie instead of a session; the second step names it. Only its hash is
 * stored (pending_logins).
 */
const secure = (config: AppConfig) => config.publicUrl.startsWith('https://');
export const pendingLoginCookieName = (config: AppConfig) =>
  secure(config) ? '__Host-lp_pending_login' : 'lp_pending_login';

export function setPendingLoginCookie(reply: FastifyReply, config: AppConfig, token: string) {
  reply.setCookie(pendingLoginCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
    maxAge: Math.floor(PENDING_LOGIN_MS / 1000),
  });
}

export function clearPendingLoginCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(pendingLoginCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(config),
  });
}

/** The stored id of the request's pending sign-in, or null without the cookie. */
export function pendingLoginId(request: FastifyRequest, config: AppConfig): string | null {
  const token = cookieOf(request, pendingLoginCookieName(config));
  return token ? hashToken(token) : null;
}
