import { SECURITY_MESSAGES } from '@shared/security';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { securityPolicies as policies } from '../../policies/security.policy';
import { secondFactorsOf } from '../auth/second-factors';
import { readSettings } from '../team/team.repo';
import { checkTotpCode } from './security.checks';
import {
  encryptSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
} from './security.crypto';
import { mailSecurityChange } from './security.mails';
import {
  deleteTotp,
  findTotp,
  markTotpEnabled,
  replaceRecoveryCodes,
  savePendingTotp,
} from './security.repo';

/** The authenticator app and recovery codes (PRODUCT.md §10). Every change is mailed to the account. */

const wrongCode = () => badRequest(SECURITY_MESSAGES.invalidCode, { code: SECURITY_MESSAGES.invalidCode });

async function storeRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => hashRecoveryCode(userId, c)),
  );
  return codes;
}

/** What the account security page shows at the top. */
export async function securityOverview(ctx: AppContext, actor: Actor) {
  const user = authorize(policies.manageOwnSecurity, actor);
  const [f, settings] = await Promise.all([
    secondFactorsOf(ctx.db, user.id),
    user.firm ? readSettings(ctx.db, user.firm.id) : undefined,
  ]);
  return {
    totpEnabled: f.totp,
    passkeyCount: f.passkeys,
    recoveryCodesRemaining: f.recoveryCodes,
    twoFactorEnabled: f.totp || f.passkeys > 0,
    requiredByFirm: !!settings?.requireTwoFactor,
  };
}

/** A new secret to scan; replaces one scanned but never confirmed. 409 while the app is on. */
export async function setupTotp(ctx: AppContext, actor: Actor) {
  const user = authorize(policies.manageOwnSecurity, actor);
  const secret = newTotpSecret();
  const saved = await ctx.db.transaction((tx) =>
    savePendingTotp(tx, user.id, encryptSecret(ctx.config.storageSecret, secret)),
  );
  if (!saved) throw conflict(SECURITY_MESSAGES.totpAlreadyEnabled);
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

/** Confirms the scanned secret with a code; answers the recovery codes, shown this once. */
export async function enableTotp(ctx: AppContext, actor: Actor, input: { code: string }) {
  const user = authorize(policies.manageOwnSecurity, actor);
  const factor = await findTotp(ctx.db, user.id);
  if (!factor) throw conflict(SECURITY_MESSAGES.totpSetupMissing);
  if (factor.enabledAt) throw conflict(SECURITY_MESSAGES.totpAlreadyEnabled);
  if (!(await checkTotpCode(ctx, user.id, input.code, { pending: true }))) throw wrongCode();
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    await markTotpEnabled(tx, user.id);
    const codes = await storeRecoveryCodes(tx, user.id);
    await mailSecurityChange(tx, ctx, user, 'totp_enabled');
    return codes;
  });
  ctx.onMailQueued();
  return { recoveryCodes };
}

/** Turns the app off with one of its codes. Recovery codes go with it unless a passkey remains. */
export async function disableTotp(ctx: AppContext, actor: Actor, input: { code: string }) {
  const user = authorize(policies.manageOwnSecurity, actor);
  const factor = await findTotp(ctx.db, user.id);
  if (!factor?.enabledAt) throw conflict(SECURITY_MESSAGES.totpNotEnabled);
  if (!(await checkTotpCode(ctx, user.id, input.code))) throw wrongCode();
  await ctx.db.transaction(async (tx) => {
    const { passkeys } = await secondFactorsOf(tx, user.id);
    await deleteTotp(tx, user.id, { keepRecoveryCodes: passkeys > 0 });
    await mailSecurityChange(tx, ctx, user, 'totp_disabled');
  });
  ctx.onMailQueued();
  return { message: 'The authenticator app is turned off.' };
}

/** A new set of recovery codes; the old set stops working. Needs a second factor to recover. */
export async function regenerateRecoveryCodes(ctx: AppContext, actor: Actor) {
  const user = authorize(policies.manageOwnSecurity, actor);
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const f = await secondFactorsOf(tx, user.id);
    if (!f.totp && f.passkeys === 0) throw conflict(SECURITY_MESSAGES.recoveryNeedsTotp);
    const codes = await storeRecoveryCodes(tx, user.id);
    await mailSecurityChange(tx, ctx, user, 'recovery_codes');
    return codes;
  });
  ctx.onMailQueued();
  return { recoveryCodes };
}
