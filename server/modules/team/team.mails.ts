import { type FirmRole, roleNames } from '@shared/team';
import { composeMail } from '../../mail/layout';

/** PRODUCT.md §9: an admin invites someone to the firm's team. */
export function memberInvitationMail(input: {
  firmName: string;
  invitedByName: string;
  roles: readonly FirmRole[];
  url: string;
}) {
  return composeMail({
    subject: `${input.invitedByName} invited you to join ${input.firmName} on Lateral Passport`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.invitedByName} invited you to join ${input.firmName}'s team on Lateral Passport as: ${roleNames(input.roles)}.`,
      'Accept the invitation to create your account (or to join with your existing firm account). The link works for 7 days.',
      'If you did not expect this invitation, ignore this email.',
    ],
    action: { label: 'Accept the invitation', url: input.url },
  });
}

/** PRODUCT.md §9: a member's roles changed. */
export function rolesChangedMail(input: {
  firstName: string;
  firmName: string;
  changedByName: string;
  roles: readonly FirmRole[];
  url: string;
}) {
  return composeMail({
    subject: `Your roles at ${input.firmName} changed`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `${input.changedByName} changed your roles at ${input.firmName} on Lateral Passport. You are now: ${roleNames(input.roles)}.`,
      'What you can see and do changed with them from this moment.',
    ],
    action: { label: 'Open Lateral Passport', url: input.url },
  });
}

/** PRODUCT.md §9: a member was removed from the firm. */
export function memberRemovedMail(input: { firstName: string; firmName: string; removedByName: string }) {
  return composeMail({
    subject: `You were removed from ${input.firmName} on Lateral Passport`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `${input.removedByName} removed you from ${input.firmName}'s team on Lateral Passport. You were signed out, and you no longer see the firm's requests.`,
      'If you think this is a mistake, ask an admin of your firm for a new invitation.',
    ],
  });
}

/** PRODUCT.md §9: an admin or recruiter assigned the member to review a request. */
export function reviewerAssignedMail(input: {
  firstName: string;
  firmName: string;
  positionTitle: string;
  attorneyName: string | null;
  assignedByName: string;
  url: string;
}) {
  const who = input.attorneyName ? `${input.attorneyName}'s LPQ` : 'an LPQ request';
  return composeMail({
    subject: `You were asked to review ${who} for ${input.positionTitle}`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `${input.assignedByName} assigned you to review ${who} for the position ${input.positionTitle} at ${input.firmName}.`,
      'The package is confidential: every view and download is recorded and visible to the attorney. You will be told by email when the attorney shares or updates it.',
    ],
    action: { label: 'Open the request', url: input.url },
  });
}
