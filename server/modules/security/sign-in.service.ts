import { SECURITY_MESSAGES } from '@shared/security';
import { SSO_MESSAGES } from '@shared/sso';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { securityPolicies as policies } from '../../policies/security.policy';
import { toUser } from '../auth/auth.presenter';
import { createSession, deleteSession, signedInUser, withVisit } from '../auth/sessions';
import { afterFailedSignIn, afterSignIn, beforeSecondStep } from '../auth/sign-in-limits';
import { findUserById, passwordRefusedBySso } from '../auth/users.repo';
import { checkRecoveryCode, checkTotpCode } from './security.checks';
import { endPendingLogin, findPendingLogin, touchPasskey } from './security.repo';
import { authenticationOptions, verifyAuthentication } from './webauthn';

/**
 * The second step of a sign-in (PRODUCT.md §10), and a password-less sign-in with a passkey. The pending
 * sign-in (a cookie naming a pending_logins row, 10 minutes) says whose password was right; the session is
 * made only here. The same limits as the password: per address and account, per address, and the
 * account's growing delay.
 */

type Client = { ip: string; userAgent?: string };
const expired = () => new HttpError(401, SECURITY_MESSAGES.signInExpired);

async function signIn(
  ctx: AppContext,
  input: { userId: string; pendingLoginId: string | null; previousSessionId: string | null; client: Client },
  authMethod: string,
) {
  const row = await findUserById(ctx.db, input.userId);
  if (!row) throw expired();
  // One session per pending sign-in, even when two second steps race.
  if (input.pendingLoginId && !(await endPendingLogin(ctx.db, input.pendingLoginId))) throw expired();
  await afterSignIn(ctx, { email: row.email, ip: input.client.ip, userId: row.id });
  const session = await ctx.db.transaction(async (tx) => {
    if (input.previousSessionId) await deleteSession(tx, input.previousSessionId);
    return createSession(tx, row.id, { userAgent: input.client.userAgent, authMethod });
  });
  return { user: withVisit((await signedInUser(ctx.db, row.id)) ?? toUser(row), session), session };
}

/** `{ code }` from the authenticator app or `{ recoveryCode }`: a used recovery code never works again. */
export async function completeSecondFactor(
  ctx: AppContext,
  actor: Actor,
  input: {
    pendingLoginId: string | null;
    proof: { code?: string; recoveryCode?: string };
    previousSessionId: string | null;
    client: Client;
  },
) {
  authorize(policies.completeSignIn, actor);
  const pending = input.pendingLoginId ? await findPendingLogin(ctx.db, input.pendingLoginId) : undefined;
  if (!pending) throw expired();
  const row = await findUserById(ctx.db, pending.userId);
  if (!row) throw expired();
  const who = { email: row.email, ip: input.client.ip, userId: row.id };
  await beforeSecondStep(ctx, who);
  const { code, recoveryCode } = input.proof;
  const ok = code
    ? await checkTotpCode(ctx, row.id, code)
    : !!recoveryCode && (await checkRecoveryCode(ctx, row.id, recoveryCode));
  if (!ok) {
    await afterFailedSignIn(ctx, who);
    throw code
      ? badRequest(SECURITY_MESSAGES.invalidCode, { code: SECURITY_MESSAGES.invalidCode })
      : badRequest(SECURITY_MESSAGES.invalidRecoveryCode, {
          recoveryCode: SECURITY_MESSAGES.invalidRecoveryCode,
        });
  }
  return signIn(ctx, { ...input, userId: row.id }, code ? 'totp' : 'recovery_code');
}

/**
 * Options for a passkey: the pending sign-in's account's passkeys (second step), the signed-in user's
 * (re-authentication), or any passkey of this site (password-less sign-in).
 */
export async function passkeySignInOptions(
  ctx: AppContext,
  actor: Actor,
  input: { pendingLoginId: string | null; signedInUserId: string | null },
) {
  authorize(policies.completeSignIn, actor);
  const pending = input.pendingLoginId ? await findPendingLogin(ctx.db, input.pendingLoginId) : undefined;
  return authenticationOptions(ctx, pending?.userId ?? input.signedInUserId);
}

/** A passkey signs in: as the second step of a pending sign-in, or on its own (it names the account). */
export async function signInWithPasskey(
  ctx: AppContext,
  actor: Actor,
  input: {
    pendingLoginId: string | null;
    response: unknown;
    previousSessionId: string | null;
    client: Client;
  },
) {
  authorize(policies.completeSignIn, actor);
  const pending = input.pendingLoginId ? await findPendingLogin(ctx.db, input.pendingLoginId) : undefined;
  if (pending) {
    const row = await findUserById(ctx.db, pending.userId);
    if (!row) throw expired();
    await beforeSecondStep(ctx, { email: row.email, ip: input.client.ip, userId: row.id });
  }
  const { passkey, newCounter } = await verifyAuthentication(ctx, pending?.userId ?? null, input.response);
  // On its own a passkey stands in for the password, so a firm that requires single sign-on refuses it too
  // (PRODUCT.md §14; admins keep theirs). As the second step it follows a first step already checked.
  if (!pending && (await passwordRefusedBySso(ctx.db, passkey.userId)))
    throw new HttpError(403, SSO_MESSAGES.ssoRequired);
  await touchPasskey(ctx.db, passkey.id, newCounter);
  return signIn(
    ctx,
    { ...input, pendingLoginId: pending ? input.pendingLoginId : null, userId: passkey.userId },
    'passkey',
  );
}
