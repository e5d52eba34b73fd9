import { RECEIPT_TEXTS } from '@shared/audit-trail';
import { composeMail } from '../../../mail/layout';

/** PRODUCT.md §11: share and update mails carry the trail's signed receipt (its one line). */
type WithReceipt = { receipt: string };

type RequestFacts = { attorneyName: string; firmName: string; positionTitle: string; url: string };

/** To the firm user who sent the request: the package is shared. */
export function packageSharedFirmMail(r: RequestFacts & WithReceipt) {
  return composeMail({
    subject: `${r.attorneyName} shared their LPQ for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `${r.attorneyName} has shared their Master LPQ and supporting documents with ${r.firmName} for the position ${r.positionTitle}.`,
      'The package is a frozen copy of what the attorney shared today. It is confidential: every view and download is recorded and visible to the attorney.',
      RECEIPT_TEXTS.mail(r.receipt),
    ],
    action: { label: 'Review the package', url: r.url },
  });
}

/** To the attorney: confirmation of what they shared. */
export function packageSharedAttorneyMail(r: RequestFacts & WithReceipt & { firstName: string }) {
  return composeMail({
    subject: `You shared your LPQ with ${r.firmName}`,
    greeting: `Hello ${r.firstName},`,
    paragraphs: [
      `Your Master LPQ and supporting documents are now shared with ${r.firmName} for the position ${r.positionTitle}.`,
      'The firm sees the package as it was when you shared it; later edits to your Master LPQ do not reach it. You can see every time the firm views or downloads it.',
      RECEIPT_TEXTS.mail(r.receipt),
    ],
    action: { label: 'View your LPQ requests', url: r.url },
  });
}

/** To the firm user: the attorney declined, with the reason when one was given. */
export function requestDeclinedMail(r: RequestFacts & { reason: string | null }) {
  return composeMail({
    subject: `${r.attorneyName} declined your LPQ request for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `${r.attorneyName} has declined the LPQ request from ${r.firmName} for the position ${r.positionTitle}.`,
      r.reason ? `Their reason:\n${r.reason}` : 'No reason was given.',
    ],
    action: { label: 'View the request', url: r.url },
  });
}

/** To the firm user: the position LPQ was submitted. */
export function positionLpqSubmittedMail(r: RequestFacts) {
  return composeMail({
    subject: `${r.attorneyName} submitted the LPQ for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `${r.attorneyName} has completed and submitted the position LPQ for ${r.positionTitle}, including the answers to ${r.firmName}'s questions.`,
    ],
    action: { label: 'Review the LPQ', url: r.url },
  });
}

/** To the firm user: the attorney sent a new version of the package. */
export function packageUpdatedMail(r: RequestFacts & WithReceipt & { version: number }) {
  return composeMail({
    subject: `${r.attorneyName} updated their LPQ for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `${r.attorneyName} has sent ${r.firmName} an updated package for the position ${r.positionTitle}: version ${r.version}.`,
      'Earlier versions stay available, and the review screen shows what changed between any two. Your notes and review status are unchanged.',
      RECEIPT_TEXTS.mail(r.receipt),
    ],
    action: { label: 'See what changed', url: r.url },
  });
}

const REVOKED_BECAUSE = {
  attorney: (r: RequestFacts) => `${r.attorneyName} has revoked ${r.firmName}'s access`,
  expired: (r: RequestFacts) =>
    `The access period ${r.attorneyName} set has ended for ${r.firmName}'s access`,
  account_deleted: (r: RequestFacts) =>
    `${r.attorneyName} has closed their account, which ends ${r.firmName}'s access`,
} as const;

/** To the firm user: the firm can no longer read the package (revoked, expired or account closed). */
export function packageRevokedMail(r: RequestFacts & { cause: keyof typeof REVOKED_BECAUSE }) {
  return composeMail({
    subject: `Access to the LPQ for ${r.positionTitle} has ended`,
    greeting: 'Hello,',
    paragraphs: [
      `${REVOKED_BECAUSE[r.cause](r)} to the LPQ package shared for the position ${r.positionTitle}.`,
      'The package, its PDF and every document link are no longer available. The request stays in your list, marked revoked, with your notes.',
    ],
    action: { label: 'View the request', url: r.url },
  });
}

/**
 * PRODUCT.md §13: to each of the firm's conflicts members, a pre-check before the attorney is named. The mail
 * names the position alone: no attorney, no client, no party.
 */
export function conflictsPrecheckMail(r: {
  firmName: string;
  positionTitle: string;
  rows: number;
  url: string;
}) {
  return composeMail({
    subject: `Conflicts pre-check for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `A candidate for the position ${r.positionTitle} at ${r.firmName} has sent a conflicts pre-check: ${r.rows} name${r.rows === 1 ? '' : 's'} to check before they share their package.`,
      'The candidate is not named until they share. Use these names only to detect and resolve conflicts of interest; your answers go back to the candidate.',
    ],
    action: { label: 'Check the names', url: r.url },
  });
}

/** PRODUCT.md §13: to each conflicts member, the pre-check was withdrawn (its names are gone). */
export function conflictsPrecheckWithdrawnMail(r: { firmName: string; positionTitle: string; url: string }) {
  return composeMail({
    subject: `Conflicts pre-check withdrawn for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `The candidate for the position ${r.positionTitle} at ${r.firmName} has withdrawn their conflicts pre-check. Its names and your answers are no longer available.`,
    ],
    action: { label: 'Open the conflicts queue', url: r.url },
  });
}
