import { SECURITY_MESSAGES } from '@shared/security';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../plugins/errors';
import { hitRateLimit } from '../../plugins/rate-limit';
import { type Actor, authorize } from '../../policies/authorize';
import { securityPolicies as policies } from '../../policies/security.policy';
import { hashPassword, verifyPassword } from '../auth/crypto';
import {
  deleteOtherSessions,
  deleteSessionByPublicId,
  fillSessionUserAgent,
  listUserSessions,
  markReauthenticated,
} from '../auth/sessions';
import { findUserById, setPassword } from '../auth/users.repo';
import { checkTotpCode } from './security.checks';
import { mailSecurityChange } from './security.mails';
import { touchPasskey } from './security.repo';
import { verifyAuthentication } from './webauthn';

/** The account's sessions, its password and recent sign-in (PRODUCT.md §10). */

type Current = { sessionId: string | null; userAgent?: string };

export async function listSessions(ctx: AppContext, actor: Actor, input: Current) {
  const user = authorize(policies.manageOwnSecurity, actor);
  if (input.sessionId) await fillSessionUserAgent(ctx.db, input.sessionId, input.userAgent);
  const rows = await listUserSessions(ctx.db, user.id);
  return rows.map((r) => ({
    id: r.publicId,
    current: r.id === input.sessionId,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    userAgent: r.userAgent ?? (r.id === input.sessionId ? (input.userAgent ?? null) : null),
  }));
}

/** Signs one session out; the current one too (then it is a sign-out). 404 for another account's. */
export async function revokeSession(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; sessionId: string | null },
) {
  const user = authorize(policies.manageOwnSecurity, actor);
  if (!isUuid(input.id)) throw notFound();
  const ended = await deleteSessionByPublicId(ctx.db, user.id, input.id);
  if (!ended) throw notFound();
  return { current: ended === input.sessionId };
}

export async function revokeOtherSessions(
  ctx: AppContext,
  actor: Actor,
  input: { sessionId: string | null },
) {
  const user = authorize(policies.manageOwnSecurity, actor);
  if (!input.sessionId) throw notFound();
  return { revoked: await deleteOtherSessions(ctx.db, user.id, input.sessionId) };
}

const wrongPassword = (field: string) =>
  badRequest(SECURITY_MESSAGES.passwordWrong, { [field]: SECURITY_MESSAGES.passwordWrong });

/** Tries of a password or code on a signed-in account: the sign-in limit, per account and address. */
async function limitTries(ctx: AppContext, name: string, userId: string, ip: string) {
  const { max, windowMs } = ctx.config.rateLimit;
  await hitRateLimit(ctx.db, `${name}:${ip}:${userId}`, { max, windowMs });
}

/** A new password: the current one first; every other session ends; mailed. */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: { currentPassword: string; newPassword: string; sessionId: string | null; ip: string },
) {
  const user = authorize(policies.manageOwnSecurity, actor);
  await limitTries(ctx, 'change-password', user.id, input.ip);
  const row = await findUserById(ctx.db, user.id);
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw wrongPassword('currentPassword');
  if (input.currentPassword === input.newPassword)
    throw badRequest(SECURITY_MESSAGES.samePassword, { newPassword: SECURITY_MESSAGES.samePassword });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash);
    if (input.sessionId) await deleteOtherSessions(tx, user.id, input.sessionId);
    await mailSecurityChange(tx, ctx, user, 'password_changed');
  });
  ctx.onMailQueued();
  return { message: SECURITY_MESSAGES.passwordChanged };
}

/** Renews recent sign-in with the password, an authenticator code or a passkey. */
export async function reauthenticate(
  ctx: AppContext,
  actor: Actor,
  input: { password?: string; code?: string; passkey?: unknown; sessionId: string | null; ip: string },
) {
  const user = authorize(policies.manageOwnSecurity, actor);
  if (!input.sessionId) throw notFound();
  await limitTries(ctx, 'reauthenticate', user.id, input.ip);
  let method: string;
  if (input.password !== undefined) {
    const row = await findUserById(ctx.db, user.id);
    if (!row || !(await verifyPassword(row.passwordHash, input.password))) throw wrongPassword('password');
    method = 'password';
  } else if (input.code !== undefined) {
    if (!(await checkTotpCode(ctx, user.id, input.code)))
      throw badRequest(SECURITY_MESSAGES.invalidCode, { code: SECURITY_MESSAGES.invalidCode });
    method = 'totp';
  } else {
    const { passkey, newCounter } = await verifyAuthentication(ctx, user.id, input.passkey);
    await touchPasskey(ctx.db, passkey.id, newCounter);
    method = 'passkey';
  }
  await markReauthenticated(ctx.db, input.sessionId, method);
  return { message: SECURITY_MESSAGES.reauthenticated };
}
