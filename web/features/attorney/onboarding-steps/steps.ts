/** Spec 2.5: the onboarding wizard's steps, in order (pages/AttorneyOnboarding). */
export const ONBOARDING_STEPS = [
  'Basic Information',
  'Professional Profile',
  'Master LPQ Creation',
  'Document Upload',
  'Review & Submit',
  'Welcome Complete',
] as const;
