import { AUTH_MESSAGES, type LoginInput, type RegisterInput, type User } from '@shared/auth';
import { TOKEN_TTL } from '@shared/limits';
import type { AppContext } from '../../context';
import { enqueueMail } from '../../mail/outbox';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { clearRateLimit, hitRateLimit } from '../../plugins/rate-limit';
import { accountPolicies as policies } from '../../policies/account.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { createUser, sendVerificationMail } from './accounts';
import { resetPasswordMail } from './auth.mails';
import { toUser } from './auth.presenter';
import { hashPassword, verifyPassword } from './crypto';
import { createSession, deleteSession, deleteUserSessions } from './sessions';
import { consumeEmailToken, createEmailToken, endOutstandingTokens } from './tokens';
import { findUserByEmail, findUserById, markEmailVerified, setPassword } from './users.repo';

/** Registers, signs in: one transaction for the user, the session and the verification mail. */
export async function registerUser(ctx: AppContext, actor: Actor, input: RegisterInput & { email: string }) {
  authorize(policies.register, actor);
  const result = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, ctx, input);
    const session = await createSession(tx, user.id);
    return { user, session };
  });
  ctx.onMailQueued();
  return result;
}

export async function loginUser(
  ctx: AppContext,
  actor: Actor,
  input: { credentials: Pick<LoginInput, 'email' | 'password'>; previousSessionId: string | null },
) {
  authorize(policies.signIn, actor);
  const { email, password } = input.credentials;
  // Attempts per account, whatever address they come from: spreading a guessing run over many clients
  // (or spoofed proxy headers) does not buy more guesses. A success clears the count.
  const accountKey = `login-account:${email.trim().toLowerCase()}`;
  const { windowMs, accountMax } = ctx.config.rateLimit;
  await hitRateLimit(ctx.db, accountKey, { max: accountMax, windowMs });
  const row = await findUserByEmail(ctx.db, email);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  await clearRateLimit(ctx.db, accountKey);
  // A new session id at every sign-in (no fixation).
  return ctx.db.transaction(async (tx) => {
    if (input.previousSessionId) await deleteSession(tx, input.previousSessionId);
    const session = await createSession(tx, row.id);
    return { user: toUser(row), session };
  });
}

export async function verifyEmail(ctx: AppContext, actor: Actor, input: { token: string }): Promise<User> {
  authorize(policies.useMailedLink, actor);
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'verify_email', input.token);
    if (!used?.userId) throw badRequest(AUTH_MESSAGES.invalidToken, { token: AUTH_MESSAGES.invalidToken });
    const row = (await markEmailVerified(tx, used.userId)) ?? (await findUserById(tx, used.userId));
    return toUser(row!);
  });
}

export async function resendVerification(ctx: AppContext, actor: Actor) {
  const user = authorize(policies.resendVerification, actor);
  if (user.emailVerified) throw conflict(AUTH_MESSAGES.emailVerified);
  await ctx.db.transaction((tx) => sendVerificationMail(tx, ctx, user));
  ctx.onMailQueued();
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, actor: Actor, input: { email: string }) {
  authorize(policies.useMailedLink, actor);
  const queued = await ctx.db.transaction(async (tx) => {
    const row = await findUserByEmail(tx, input.email);
    if (!row) return false;
    const token = await createEmailToken(tx, {
      purpose: 'reset_password',
      email: row.email,
      userId: row.id,
      ttlMs: TOKEN_TTL.resetPasswordMs,
    });
    const url = `${ctx.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, {
      kind: 'reset_password',
      to: row.email,
      ...resetPasswordMail({ firstName: row.firstName, url }),
    });
    return true;
  });
  if (queued) ctx.onMailQueued();
}

/**
 * Sets the new password, signs out every session and ends every other reset link still outstanding (an
 * older mail in a shared inbox must not reset it again); the link proved the address, so it is verified too.
 */
export async function resetPassword(
  ctx: AppContext,
  actor: Actor,
  input: { token: string; password: string },
) {
  authorize(policies.useMailedLink, actor);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'reset_password', input.token);
    if (!used?.userId) throw badRequest(AUTH_MESSAGES.invalidToken, { token: AUTH_MESSAGES.invalidToken });
    await setPassword(tx, used.userId, passwordHash);
    await deleteUserSessions(tx, used.userId);
    await endOutstandingTokens(tx, 'reset_password', used.userId);
  });
}

export async function logoutSession(ctx: AppContext, actor: Actor, input: { sessionId: string | null }) {
  authorize(policies.signOut, actor);
  if (input.sessionId) await deleteSession(ctx.db, input.sessionId);
}
