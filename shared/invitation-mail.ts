import { format } from 'date-fns';

export type InvitationMailInput = {
  firmName: string;
  positionTitle: string;
  practiceArea: string;
  dueDate: string | null;
  contactPersonName: string;
  contactPersonTitle: string;
  additionalMessage: string | null;
};

/** The closing line differs by whether the address has an account; the firm never learns which. */
export const INVITATION_CLOSING = {
  withAccount:
    'Sign in to Lateral Passport to share your Master LPQ with the firm in one click, or to decline.',
  withoutAccount:
    'Lateral Passport lets you keep one Master LPQ and share it with every firm that invites you. Create your free account with this email address to answer the request. The link works once, for 30 days.',
} as const;

/**
 * PRODUCT.md §7: the words of the invitation to an attorney, before the closing line and the link. One
 * definition: the server's mail and the invitation screen's preview (what the attorney will receive).
 */
export function invitationMailWords(input: InvitationMailInput) {
  const paragraphs = [
    `${input.firmName} invites you to share your lateral partner questionnaire (LPQ) for the position ${input.positionTitle} (${input.practiceArea}).`,
  ];
  if (input.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(input.dueDate))
    paragraphs.push(
      `The firm asks for your reply by ${format(new Date(`${input.dueDate}T00:00:00`), 'MMM dd, yyyy')}.`,
    );
  if (input.contactPersonName) {
    const title = input.contactPersonTitle ? `, ${input.contactPersonTitle}` : '';
    paragraphs.push(`Your contact at the firm: ${input.contactPersonName}${title}.`);
  }
  if (input.additionalMessage) paragraphs.push(`Message from the firm:\n${input.additionalMessage}`);
  return {
    subject: `${input.firmName} requests your LPQ for ${input.positionTitle}`,
    greeting: 'Hello,',
    paragraphs,
  };
}

/** PRODUCT.md §7: the reminder 3 days before a pending request's due date (sent once). */
export function reminderMailWords(input: InvitationMailInput & { dueDate: string }) {
  const words = invitationMailWords(input);
  return {
    subject: `Reminder: ${input.firmName} requests your LPQ for ${input.positionTitle}`,
    greeting: words.greeting,
    paragraphs: [
      `${input.firmName} is still waiting for your reply to its request for your lateral partner questionnaire (LPQ) for the position ${input.positionTitle} (${input.practiceArea}).`,
      ...words.paragraphs.slice(1),
    ],
  };
}
