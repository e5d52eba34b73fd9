import { SECURITY_ERROR_CODES, SECURITY_MESSAGES } from '@shared/security';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A firm that requires a second factor (PRODUCT.md §10, `requireTwoFactor`): its members without one may
 * use only what enrolment needs until they enrol; every other route answers 403
 * `{ message, code: 'two_factor_required' }` (the web then opens the account security page).
 *
 * Wiring (the session plugin, once the actor carries the firm): after the session is read, for a firm
 * member whose firm requires it,
 *
 *   if (refuseUntilEnrolled(request, reply, { required: firm.requireTwoFactor,
 *       enrolled: await hasSecondFactor(db, user.id) })) return; // answered 403
 *
 * `hasSecondFactor` / `usersWithSecondFactor` live in modules/auth/second-factors.ts (the latter, one
 * query for the members list's `twoFactorEnabled`).
 */

/** The routes a member without a second factor may still call (`METHOD /path` as Fastify registers it). */
export const TWO_FACTOR_ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  // Who am I, and signing out
  'GET /api/user',
  'GET /api/auth/user',
  'POST /api/logout',
  'GET /api/logout',
  'POST /api/auth/resend-verification',
  // The account security page: enrol, and what it shows
  'GET /api/auth/security',
  'POST /api/auth/totp/setup',
  'POST /api/auth/totp/enable',
  'POST /api/auth/recovery-codes',
  'POST /api/auth/passkeys/registration-options',
  'POST /api/auth/passkeys/registration',
  'POST /api/auth/passkeys/authentication-options',
  'GET /api/auth/passkeys',
  'PUT /api/auth/passkeys/:id',
  'GET /api/auth/sessions',
  'DELETE /api/auth/sessions/:id',
  'POST /api/auth/sessions/revoke-others',
  'POST /api/auth/password',
  'POST /api/auth/reauthenticate',
]);

/**
 * Where the server serves a member's data: the API and the documents (`GET /objects/{id}`, `?inline=1`).
 * Every route under these goes through the gate; the rest (the web app's pages and assets, the probes) serve
 * nothing of a firm's.
 */
export const DATA_ROUTE_PREFIXES = ['/api/', '/objects/'] as const;

/** Whether the request's route stays open to a member who has not enrolled yet. */
export function isTwoFactorEnrolmentRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  // Not a data route (the web app's pages, its assets): the page itself shows the enrolment screen.
  if (!url || !DATA_ROUTE_PREFIXES.some((prefix) => url.startsWith(prefix))) return true;
  return TWO_FACTOR_ENROLMENT_ROUTES.has(`${request.method} ${url}`);
}

export const twoFactorRequiredBody = {
  message: SECURITY_MESSAGES.twoFactorRequired,
  code: SECURITY_ERROR_CODES.twoFactorRequired,
} as const;

/**
 * Answers 403 `two_factor_required` and returns true when the member must enrol first and the route is
 * not one of the enrolment routes; false (nothing sent) otherwise.
 */
export function refuseUntilEnrolled(
  request: FastifyRequest,
  reply: FastifyReply,
  state: { required: boolean; enrolled: boolean },
): boolean {
  if (!state.required || state.enrolled || isTwoFactorEnrolmentRoute(request)) return false;
  void reply.code(403).send(twoFactorRequiredBody);
  return true;
}
