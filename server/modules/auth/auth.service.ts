import { AUTH_MESSAGES, type LoginInput, type RegisterInput, type User } from '@shared/auth';
import { TOKEN_TTL } from '@shared/limits';
import { PENDING_LOGIN_MS, type SecondFactorMethod } from '@shared/security';
import { SSO_MESSAGES } from '@shared/sso';
import type { AppContext } from '../../context';
import { enqueueMail } from '../../mail/outbox';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { accountPolicies as policies } from '../../policies/account.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { createUser, sendVerificationMail } from './accounts';
import { resetPasswordMail } from './auth.mails';
import { toUser } from './auth.presenter';
import { hashPassword, verifyPassword } from './crypto';
import { createPendingLogin, secondFactorMethods, secondFactorsOf } from './second-factors';
import { createSession, deleteSession, deleteUserSessions, signedInUser, withVisit } from './sessions';
import { afterFailedSignIn, afterSignIn, beforeSignInAttempt, clearSignInLimits } from './sign-in-limits';
import { consumeEmailToken, createEmailToken, endOutstandingTokens } from './tokens';
import {
  findUserByEmail,
  findUserById,
  markEmailVerified,
  passwordRefusedBySso,
  setPassword,
} from './users.repo';

/** Registers, signs in: one transaction for the user, the session and the verification mail. */
export async function registerUser(ctx: AppContext, actor: Actor, input: RegisterInput & { email: string }) {
  authorize(policies.register, actor);
  const result = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, ctx, input);
    const session = await createSession(tx, user.id);
    return { user: withVisit(user, session), session };
  });
  ctx.onMailQueued();
  return result;
}

/** What a sign-in came with besides its credentials: the client's address and browser. */
export type ClientInfo = { ip: string; userAgent?: string };

/**
 * The first step of signing in. Without a second factor: a new session. With one (PRODUCT.md §10): no
 * session yet, a pending sign-in that the second step completes.
 */
export async function loginUser(
  ctx: AppContext,
  actor: Actor,
  input: {
    credentials: Pick<LoginInput, 'email' | 'password'>;
    previousSessionId: string | null;
    client: ClientInfo;
  },
): Promise<
  | { kind: 'signed-in'; user: User; session: { token: string; expiresAt: Date } }
  | { kind: 'second-factor'; pending: { token: string; expiresAt: Date }; methods: SecondFactorMethod[] }
> {
  authorize(policies.signIn, actor);
  const { email, password } = input.credentials;
  const who = { email, ip: input.client.ip };
  await beforeSignInAttempt(ctx, who);
  const row = await findUserByEmail(ctx.db, email);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) {
    await afterFailedSignIn(ctx, who);
    throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  }
  // Only after the right password: a wrong one says nothing of the account's firm.
  if (await passwordRefusedBySso(ctx.db, row.id)) throw new HttpError(403, SSO_MESSAGES.ssoRequired);
  const factors = await secondFactorsOf(ctx.db, row.id);
  const methods = secondFactorMethods(factors);
  if (methods.length > 0) {
    const pending = await createPendingLogin(ctx.db, row.id, PENDING_LOGIN_MS);
    return { kind: 'second-factor', pending, methods };
  }
  await afterSignIn(ctx, who);
  // A new session id at every sign-in (no fixation).
  const session = await ctx.db.transaction(async (tx) => {
    if (input.previousSessionId) await deleteSession(tx, input.previousSessionId);
    return createSession(tx, row.id, { userAgent: input.client.userAgent, authMethod: 'password' });
  });
  return {
    kind: 'signed-in',
    user: withVisit((await signedInUser(ctx.db, row.id)) ?? toUser(row), session),
    session,
  };
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
  input: { token: string; password: string; client: ClientInfo },
) {
  authorize(policies.useMailedLink, actor);
  const passwordHash = await hashPassword(input.password);
  const used = await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'reset_password', input.token);
    if (!used?.userId) throw badRequest(AUTH_MESSAGES.invalidToken, { token: AUTH_MESSAGES.invalidToken });
    await setPassword(tx, used.userId, passwordHash);
    await deleteUserSessions(tx, used.userId);
    await endOutstandingTokens(tx, 'reset_password', used.userId);
    return used;
  });
  // The failures counted against the account go with the old password (PRODUCT.md §10).
  await clearSignInLimits(ctx, { email: used.email, ip: input.client.ip, userId: used.userId! });
}

export async function logoutSession(ctx: AppContext, actor: Actor, input: { sessionId: string | null }) {
  authorize(policies.signOut, actor);
  if (input.sessionId) await deleteSession(ctx.db, input.sessionId);
}
