import type { SecondFactorMethod } from '@shared/security';
import type { SecondFactors } from './security.repo';

/** The second steps an account offers at sign-in, in the order the sign-in screen shows them. */
export function secondFactorMethods(f: SecondFactors): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (f.totp) methods.push('totp');
  if (f.totp || f.recoveryCodes > 0) methods.push('recovery_code');
  if (f.passkeys > 0) methods.push('passkey');
  return methods;
}
