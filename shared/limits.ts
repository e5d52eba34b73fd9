/** Business constants of spec §9 and the maximum lengths of stored text. */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 200,
  nameMax: 100,
  emailMax: 254,
  shortText: 200,
  mediumText: 2000,
  longText: 10000,
  yearsExperienceMin: 0,
  yearsExperienceMax: 50,
  graduationYearMin: 1950,
  /** Graduation year may be up to this many years ahead of the current year. */
  graduationYearAhead: 4,
  /** Spec §5 and PRODUCT.md §8: 10 MB per file, counted on the bytes that arrive. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Default storage per user (UPLOAD_QUOTA_MB), confirmed and pending files together. */
  defaultUploadQuotaMb: 200,
  maxLpqDocuments: 5,
  maxResumeFiles: 1,
  listMax: 50,
} as const;

/** Spec §9 upload constants besides the file limits above (the transfer rules are UPLOAD_DEFAULTS in files.ts). */
export const UPLOADS = {
  /**
   * How long a signed upload link (a presigned PUT or part URL) stays valid: one hour. Issue 67 overrides the
   * spec's 604800 s signed-link default for uploads: a leaked link is good for an hour, not a week; a pending
   * upload not confirmed within 24 hours is swept as before (PENDING_FILE_TTL_MS).
   */
  uploadUrlExpirySeconds: 60 * 60,
  /** The upload panel (Uppy's Dashboard): its default size, narrower on a narrow screen. */
  panelWidth: 750,
  panelHeight: 550,
  /** Below Uppy's small-screen width its drop text sits at the top: a shorter panel wastes no screen. */
  panelHeightNarrow: 320,
  narrowScreenMaxWidth: 575,
  /** The drop zone before any file: one compact row (issue 67), the Dashboard opens once files are chosen. */
  dropZoneHeight: 56,
} as const;

/** Session lifetimes (docs/ARCHITECTURE.md, Decisions: Sessions): 12 h idle, 7 days absolute. */
export const SESSION = {
  idleMs: 12 * 60 * 60 * 1000,
  absoluteMs: 7 * 24 * 60 * 60 * 1000,
} as const;

export const TOKEN_TTL = {
  verifyEmailMs: 48 * 60 * 60 * 1000,
  resetPasswordMs: 60 * 60 * 1000,
  invitationMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** Spec §9 timings used by the web app. */
export const UI_TIMING = {
  unauthorizedRedirectMs: 500,
  saveAndExitRedirectMs: 1000,
  toastAutoCloseMs: 5000,
  /** 'Progress Saved' after a wizard step: brief, at the bottom (web/lib/toast showStepSaved). */
  stepSavedToastMs: 3000,
  toastMaxWidth: 420,
  /**
   * How far down from the top of the screen a toast reaches (its 16 px offset, a title and a line, a gap):
   * a wizard's step navigation brought back into view after Next rests below it, so 'Progress Saved' covers
   * neither the step chips nor the Next/Back buttons (issue 67; web/components/StepNav).
   */
  toastClearancePx: 96,
} as const;
