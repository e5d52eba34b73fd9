import { AUTH_MESSAGES, type RegisterInput, type User } from '@shared/auth';
import { TOKEN_TTL } from '@shared/limits';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { clearRateLimit, hitRateLimit } from '../../plugins/rate-limit';
import { resetPasswordMail, verifyEmailMail } from './auth.mails';
import { toUser } from './auth.presenter';
import { hashPassword, verifyPassword } from './crypto';
import { createSession, deleteSession, deleteUserSessions } from './sessions';
import { consumeEmailToken, createEmailToken, endOutstandingTokens } from './tokens';

export type AuthContext = Pick<AppContext, 'db' | 'publicUrl' | 'onMailQueued' | 'config'>;

export async function sendVerificationMail(
  tx: Tx,
  ctx: AuthContext,
  user: { id: string; email: string; firstName: string },
) {
  const token = await createEmailToken(tx, {
    purpose: 'verify_email',
    email: user.email,
    userId: user.id,
    ttlMs: TOKEN_TTL.verifyEmailMs,
  });
  const url = `${ctx.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, {
    kind: 'verify_email',
    to: user.email,
    ...verifyEmailMail({ firstName: user.firstName, url }),
  });
}

/**
 * Creates a user inside the caller's transaction (registration screens add their profile in the same one).
 * A valid invitation token for the same address proves it: the user starts verified and gets no
 * verification mail. An invalid or used token is ignored (the address is verified by mail instead);
 * a token for another address is refused.
 */
export async function createUser(
  tx: Tx,
  ctx: AuthContext,
  input: RegisterInput & { email: string },
): Promise<User> {
  let verified = false;
  if (input.invitationToken) {
    const invitation = await consumeEmailToken(tx, 'invitation', input.invitationToken);
    if (invitation && invitation.email.toLowerCase() !== input.email) {
      throw badRequest(AUTH_MESSAGES.invitationEmailMismatch, {
        email: AUTH_MESSAGES.invitationEmailMismatch,
      });
    }
    verified = invitation !== null;
  }
  const passwordHash = await hashPassword(input.password);
  let row: typeof users.$inferSelect;
  try {
    [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        userType: input.userType,
        emailVerifiedAt: verified ? new Date() : null,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new HttpError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    throw err;
  }
  if (!verified) await sendVerificationMail(tx, ctx, row);
  return toUser(row);
}

/** Registers, signs in: one transaction for the user, the session and the verification mail. */
export async function registerUser(ctx: AuthContext, input: RegisterInput & { email: string }) {
  const result = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, ctx, input);
    const session = await createSession(tx, user.id);
    return { user, session };
  });
  ctx.onMailQueued();
  return result;
}

export async function loginUser(
  ctx: AuthContext,
  input: { email: string; password: string },
  previousSessionId: string | null,
) {
  // Attempts per account, whatever address they come from: spreading a guessing run over many clients
  // (or spoofed proxy headers) does not buy more guesses. A success clears the count.
  const accountKey = `login-account:${input.email.trim().toLowerCase()}`;
  const { windowMs, accountMax } = ctx.config.rateLimit;
  await hitRateLimit(ctx.db, accountKey, { max: accountMax, windowMs });
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !ok) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
  await clearRateLimit(ctx.db, accountKey);
  // A new session id at every sign-in (no fixation).
  return ctx.db.transaction(async (tx) => {
    if (previousSessionId) await deleteSession(tx, previousSessionId);
    const session = await createSession(tx, row.id);
    return { user: toUser(row), session };
  });
}

export async function verifyEmail(ctx: AuthContext, token: string): Promise<User> {
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'verify_email', token);
    if (!used?.userId) throw badRequest(AUTH_MESSAGES.invalidToken, { token: AUTH_MESSAGES.invalidToken });
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt)))
      .returning();
    if (row) return toUser(row);
    const [existing] = await tx.select().from(users).where(eq(users.id, used.userId));
    return toUser(existing);
  });
}

export async function resendVerification(ctx: AuthContext, user: User) {
  if (user.emailVerified) throw conflict(AUTH_MESSAGES.emailVerified);
  await ctx.db.transaction((tx) => sendVerificationMail(tx, ctx, user));
  ctx.onMailQueued();
}

/** Answers the same whether or not the address has an account. */
export async function requestPasswordReset(ctx: AuthContext, email: string) {
  const queued = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
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
export async function resetPassword(ctx: AuthContext, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'reset_password', input.token);
    if (!used?.userId) throw badRequest(AUTH_MESSAGES.invalidToken, { token: AUTH_MESSAGES.invalidToken });
    const [row] = await tx.select().from(users).where(eq(users.id, used.userId));
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: row.emailVerifiedAt ?? new Date() })
      .where(eq(users.id, used.userId));
    await deleteUserSessions(tx, used.userId);
    await endOutstandingTokens(tx, 'reset_password', used.userId);
  });
}

export async function logoutSession(ctx: AuthContext, sessionId: string | null) {
  if (sessionId) await deleteSession(ctx.db, sessionId);
}
