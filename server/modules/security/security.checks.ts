import type { AppContext } from '../../context';
import { decryptSecret, hashRecoveryCode, matchTotpStep } from './security.crypto';
import { consumeRecoveryCode, consumeTotpStep, findTotp } from './security.repo';

/**
 * The proofs a second step, a factor change or a re-authentication checks. A code is accepted once: the
 * time step of an accepted TOTP code is stored, a recovery code is marked used in the same statement.
 */
type CheckContext = Pick<AppContext, 'db' | 'config'>;

/** An authenticator code of the user's enabled (or, with `pending`, just scanned) app. */
export async function checkTotpCode(
  ctx: CheckContext,
  userId: string,
  code: string,
  opts: { pending?: boolean } = {},
): Promise<boolean> {
  const factor = await findTotp(ctx.db, userId);
  if (!factor || (!factor.enabledAt && !opts.pending)) return false;
  const step = matchTotpStep(decryptSecret(ctx.config.storageSecret, factor.secretCiphertext), code);
  if (step === null) return false;
  return consumeTotpStep(ctx.db, userId, step);
}

export function checkRecoveryCode(ctx: CheckContext, userId: string, code: string): Promise<boolean> {
  return consumeRecoveryCode(ctx.db, userId, hashRecoveryCode(userId, code));
}
