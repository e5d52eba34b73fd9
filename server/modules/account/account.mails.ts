import { composeMail } from '../../mail/layout';

/** To the attorney, after the account is gone: what was erased and what the firms were told. */
export function accountDeletedMail(input: { firstName: string; revokedShares: number }) {
  const shares =
    input.revokedShares === 0
      ? 'You had no active shares, so no firm had access to revoke.'
      : `${input.revokedShares === 1 ? 'Your one active share was' : `All ${input.revokedShares} of your active shares were`} revoked, and each firm was told by email that your account is closed. Firms keep their request with your email address only.`;
  return composeMail({
    subject: 'Your Lateral Passport account has been deleted',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'As you asked, your Lateral Passport account has been deleted. Your profile, forms, Master LPQ, position LPQs, documents and sessions have been erased.',
      shares,
      'You can register again with the same address at any time, but nothing from this account can be restored.',
    ],
  });
}
