import { format } from 'date-fns';
import { composeMail } from '../../mail/layout';

/**
 * PRODUCT.md §7: the invitation to an attorney. With an account the link opens their request list;
 * without one it is a sign-up link whose token verifies the invited address.
 */
export function lpqInvitationMail(input: {
  firmName: string;
  positionTitle: string;
  practiceArea: string;
  dueDate: string | null;
  contactPersonName: string;
  contactPersonTitle: string;
  additionalMessage: string | null;
  url: string;
  hasAccount: boolean;
}) {
  const paragraphs = [
    `${input.firmName} invites you to share your lateral partner questionnaire (LPQ) for the position ${input.positionTitle} (${input.practiceArea}).`,
  ];
  if (input.dueDate)
    paragraphs.push(
      `The firm asks for your reply by ${format(new Date(`${input.dueDate}T00:00:00`), 'MMM dd, yyyy')}.`,
    );
  if (input.contactPersonName) {
    const title = input.contactPersonTitle ? `, ${input.contactPersonTitle}` : '';
    paragraphs.push(`Your contact at the firm: ${input.contactPersonName}${title}.`);
  }
  if (input.additionalMessage) paragraphs.push(`Message from the firm:\n${input.additionalMessage}`);
  paragraphs.push(
    input.hasAccount
      ? 'Sign in to Lateral Passport to share your Master LPQ with the firm in one click, or to decline.'
      : 'Lateral Passport lets you keep one Master LPQ and share it with every firm that invites you. Create your free account with this email address to answer the request. The link works once, for 30 days.',
  );
  return composeMail({
    subject: `${input.firmName} requests your LPQ for ${input.positionTitle}`,
    greeting: 'Hello,',
    paragraphs,
    action: input.hasAccount
      ? { label: 'View LPQ request', url: input.url }
      : { label: 'Create your account', url: input.url },
  });
}
