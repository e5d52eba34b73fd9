import type { UserType } from '@shared/user-types';
import { composeMail } from '../../mail/layout';

/**
 * The verification mail, in each side's words, so each knows why it matters: an attorney verifies so that
 * firms' requests reach their account; a firm so that it can send invitations.
 */
export function verifyEmailMail(input: { firstName: string; url: string; userType: UserType }) {
  const why =
    input.userType === 'firm'
      ? 'Welcome to Lateral Passport. Please confirm that this is your firm’s email address: once it is, you can send LPQ invitations to attorneys, and their replies reach you here.'
      : 'Welcome to Lateral Passport. Please confirm that this is your email address so that firms can reach you and your requests appear in your account.';
  return composeMail({
    subject: 'Verify your email address for Lateral Passport',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [why, 'The link works for 48 hours.'],
    action: { label: 'Verify email address', url: input.url },
  });
}

export function resetPasswordMail(input: { firstName: string; url: string }) {
  return composeMail({
    subject: 'Reset your Lateral Passport password',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your Lateral Passport account. If it was you, choose a new password with the link below. It works once, for one hour.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: input.url },
  });
}
