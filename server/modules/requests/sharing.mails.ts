import { composeMail } from '../../mail/layout';

type RequestFacts = { attorneyName: string; firmName: string; positionTitle: string; url: string };

/** To the firm user who sent the request: the package is shared. */
export function packageSharedFirmMail(r: RequestFacts) {
  return composeMail({
    subject: `${r.attorneyName} shared their LPQ for ${r.positionTitle}`,
    greeting: 'Hello,',
    paragraphs: [
      `${r.attorneyName} has shared their Master LPQ and supporting documents with ${r.firmName} for the position ${r.positionTitle}.`,
      'The package is a frozen copy of what the attorney shared today. It is confidential: every view and download is recorded and visible to the attorney.',
    ],
    action: { label: 'Review the package', url: r.url },
  });
}

/** To the attorney: confirmation of what they shared. */
export function packageSharedAttorneyMail(r: RequestFacts & { firstName: string }) {
  return composeMail({
    subject: `You shared your LPQ with ${r.firmName}`,
    greeting: `Hello ${r.firstName},`,
    paragraphs: [
      `Your Master LPQ and supporting documents are now shared with ${r.firmName} for the position ${r.positionTitle}.`,
      'The firm sees the package as it was when you shared it; later edits to your Master LPQ do not reach it. You can see every time the firm views or downloads it.',
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
