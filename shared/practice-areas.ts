/** Spec §3: 10 practice areas on the registration screens, 14 on the profile pages. */
export const REGISTRATION_PRACTICE_AREAS = [
  'Corporate',
  'Litigation',
  'Real Estate',
  'IP/Patent',
  'Employment',
  'Tax',
  'Banking',
  'Bankruptcy',
  'Healthcare',
  'Immigration',
] as const;

export const PROFILE_PRACTICE_AREAS = [
  ...REGISTRATION_PRACTICE_AREAS,
  'M&A',
  'Securities',
  'Environmental',
  'Energy',
] as const;
