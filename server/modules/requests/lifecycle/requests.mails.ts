import {
  INVITATION_CLOSING,
  type InvitationMailInput,
  invitationMailWords,
  reminderMailWords,
} from '@shared/invitation-mail';
import { composeMail } from '../../../mail/layout';

/**
 * PRODUCT.md §7: the invitation to an attorney. With an account the link opens the request itself (its card on
 * their request list, after sign-in: issue 67);
 * without one it is a sign-up link whose token verifies the invited address.
 */
export function lpqInvitationMail(
  input: InvitationMailInput & { url: string; hasAccount: boolean; reminder?: boolean },
) {
  const words =
    input.reminder && input.dueDate
      ? reminderMailWords({ ...input, dueDate: input.dueDate })
      : invitationMailWords(input);
  return composeMail({
    ...words,
    paragraphs: [
      ...words.paragraphs,
      input.hasAccount ? INVITATION_CLOSING.withAccount : INVITATION_CLOSING.withoutAccount,
    ],
    action: input.hasAccount
      ? { label: 'View LPQ request', url: input.url }
      : { label: 'Create your account', url: input.url },
  });
}
