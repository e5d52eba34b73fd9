/** Where a prefilled value came from (shared/prefill.ts), and the mark each source puts under a field. */
export const PREFILL_SOURCES = ['registration', 'profile', 'master LPQ', 'your previous LPQ'] as const;
export type PrefillSource = (typeof PREFILL_SOURCES)[number];

/** The mark under a prefilled field's label. */
export const PREFILL_MARKS: Record<PrefillSource, string> = {
  registration: 'Prefilled from your registration',
  profile: 'Prefilled from your profile',
  'master LPQ': 'Prefilled from your Master LPQ',
  'your previous LPQ': 'Prefilled from your previous LPQ',
};

/** Dotted field path ('generalInfo.name', 'currentClients.0.clientName') → where its value came from. */
export type PrefilledFields = Record<string, PrefillSource>;
