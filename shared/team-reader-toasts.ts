// A plain module (no zod), like firm-toasts.ts: the firm's reader screens show these with their first code.

/** Toasts of the firm's reader screens (PRODUCT.md §9): reviewer assignment and conflicts clearance. */
export const TEAM_READER_TOASTS = {
  reviewersSaved: { title: 'Reviewers Saved', message: 'Newly assigned reviewers receive an email.' },
  reviewersFailed: { title: 'Error', message: 'The reviewers could not be saved. Please try again.' },
  conflictsRecorded: { title: 'Conflicts Answer Recorded', message: 'The answer and note are saved.' },
  conflictsFailed: { title: 'Error', message: 'The answer could not be saved. Please try again.' },
} as const;
