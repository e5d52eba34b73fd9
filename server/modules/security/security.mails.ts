import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { composeMail } from '../../mail/layout';
import { enqueueMail } from '../../mail/outbox';

/** Every change to how an account signs in is mailed to it (PRODUCT.md §10). */
export type SecurityChange =
  | 'totp_enabled'
  | 'totp_disabled'
  | 'recovery_codes'
  | 'passkey_added'
  | 'passkey_removed'
  | 'password_changed';

const WHAT: Record<SecurityChange, { subject: string; said: (detail?: string) => string }> = {
  totp_enabled: {
    subject: 'Two-step sign-in is on for your Lateral Passport account',
    said: () =>
      'An authenticator app was set up for your account. From now on, signing in asks for a code from it after your password.',
  },
  totp_disabled: {
    subject: 'The authenticator app was turned off for your Lateral Passport account',
    said: () => 'The authenticator app was removed from your account, and its recovery codes no longer work.',
  },
  recovery_codes: {
    subject: 'New recovery codes for your Lateral Passport account',
    said: () =>
      'A new set of recovery codes was made for your account. The codes of the old set no longer work.',
  },
  passkey_added: {
    subject: 'A passkey was added to your Lateral Passport account',
    said: (name) => `A passkey named “${name ?? ''}” was added to your account. It can now sign you in.`,
  },
  passkey_removed: {
    subject: 'A passkey was removed from your Lateral Passport account',
    said: (name) =>
      `The passkey named “${name ?? ''}” was removed from your account. It can no longer sign you in.`,
  },
  password_changed: {
    subject: 'Your Lateral Passport password was changed',
    said: () => 'The password of your account was changed, and every other session was signed out.',
  },
};

export function securityChangeMail(input: {
  change: SecurityChange;
  firstName: string;
  detail?: string;
  securityUrl: string;
}) {
  const what = WHAT[input.change];
  return composeMail({
    subject: what.subject,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      what.said(input.detail),
      'If this was you, there is nothing to do. If it was not, reset your password now and review your account security: someone may know your password.',
    ],
    action: { label: 'Review account security', url: input.securityUrl },
  });
}

/** Queues the mail of a change in the change's own transaction. */
export async function mailSecurityChange(
  tx: Tx,
  ctx: Pick<AppContext, 'publicUrl'>,
  user: { email: string; firstName: string },
  change: SecurityChange,
  detail?: string,
) {
  await enqueueMail(tx, {
    kind: `security_${change}`,
    to: user.email,
    ...securityChangeMail({
      change,
      firstName: user.firstName,
      detail,
      securityUrl: `${ctx.publicUrl}/account/security`,
    }),
  });
}
