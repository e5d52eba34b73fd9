// Apart from shared/firm.ts (which re-exports them) so the firm's screens show their toasts without
// loading the firm's form schemas, and zod, with their first code.

/** Toasts of the firm screens the spec does not name (its own texts are in texts.ts). */
export const FIRM_TOASTS = {
  invitationSent: {
    title: 'Invitation Sent',
    message: 'The attorney will receive an email with your request.',
  },
  invitationFailed: {
    title: 'Invitation Failed',
    message: 'The invitation could not be sent. Please try again.',
  },
  sectionSaved: { title: 'Section Saved', message: 'Your custom section is in your library.' },
  sectionDeleted: { title: 'Section Deleted', message: 'The custom section was removed from your library.' },
  sectionFailed: { title: 'Error', message: 'The section could not be saved. Please try again.' },
  reviewStarted: { title: 'Marked Under Review', message: 'The request is now under review.' },
  reviewCompleted: { title: 'Review Complete', message: 'The review of this request is complete.' },
  statusFailed: { title: 'Error', message: 'The status could not be changed. Please try again.' },
  invitationWithdrawn: { title: 'Invitation Withdrawn', message: 'The attorney can no longer answer it.' },
  invitationResent: { title: 'Invitation Resent', message: 'The attorney was emailed a reminder.' },
  actionFailed: { title: 'Error', message: 'That did not work. Please try again.' },
  noteAdded: { title: 'Note Added', message: 'Only your firm can see it.' },
} as const;
