import { z } from 'zod';
import { LIMITS } from './limits';
import type { ToastText } from './texts';

/**
 * Data rights: the attorney downloads everything the product holds about them and can
 * delete the account, after typing their password and this phrase.
 */
export const DELETE_ACCOUNT_PHRASE = 'DELETE';

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password',
  passwordIncorrect: 'Password is incorrect',
  confirmationMismatch: `Type ${DELETE_ACCOUNT_PHRASE} in capital letters to confirm`,
  /** 409: one data export per attorney at a time. */
  exportRunning:
    'A copy of your data is already being prepared. Wait for that download to finish, then try again.',
} as const;

/** POST /api/attorney/delete-account: the password and the typed phrase, in capitals. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, ACCOUNT_MESSAGES.passwordIncorrect),
  confirmation: z
    .string({ error: ACCOUNT_MESSAGES.confirmationMismatch })
    .max(50, ACCOUNT_MESSAGES.confirmationMismatch)
    .refine((v) => v.trim() === DELETE_ACCOUNT_PHRASE, ACCOUNT_MESSAGES.confirmationMismatch),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const ACCOUNT_PATHS = {
  dataExport: '/api/attorney/data-export',
  deleteAccount: '/api/attorney/delete-account',
} as const;

/** The export's main file inside the ZIP, and the folder of the shared packages' PDFs. */
export const EXPORT_FILES = {
  json: 'lateral-passport-export.json',
  sharedFolder: 'shared',
  /** PRODUCT.md §11: every request's audit trail as CSV, and each request's as a PDF in auditFolder. */
  auditTrail: 'audit-trail.csv',
  auditFolder: 'audit-trail',
  /** Issue 67: the attorney's uploaded documents themselves, each as it is stored. */
  documentsFolder: 'documents',
} as const;

/** What happens on deletion, as the confirmation dialog says it before the attorney types the phrase. */
export const ACCOUNT_DELETION_FACTS = [
  'Your drafts, forms (profile, Master LPQ, conflicts form, diversity form, business plan, position LPQs), documents and sessions are erased at once.',
  'Every active share is revoked: those firms lose access to your package, its PDF and your documents, and each is emailed.',
  'Firms keep their request rows and each request’s audit trail with your email address only: no name, no package, no documents.',
  'This cannot be undone.',
] as const;

export const ACCOUNT_TOASTS = {
  exportFailed: { title: 'Download failed', message: 'Your data could not be downloaded. Please try again.' },
  deleted: {
    title: 'Account deleted',
    message: 'Your account and your data have been erased. We have emailed you a confirmation.',
  },
  deleteFailed: { title: 'Account not deleted', message: 'Your account could not be deleted.' },
} as const satisfies Record<string, ToastText>;
