import { formatDate } from './format';

/**
 * PRODUCT.md §11: the attorney certifies each version they share or send, by typing their full name; the
 * firm sees who certified, when, and the version's fingerprint, and can have it verified. No zod here (the
 * review screen reads it); the body's schema is `certificationSchema` in sharing.ts.
 */

/** The statement certified, verbatim. */
export const CERTIFICATION_STATEMENT =
  'I certify that the information in this package is true, accurate and complete to the best of my knowledge.';

export const CERTIFICATION_MESSAGES = {
  nameRequired: 'Type your full name to certify this package.',
  nameMismatch: 'The name must match the name on your account (case and spacing do not matter).',
} as const;

export const CERTIFICATION_LABELS = {
  field: 'Your full name',
  description: 'Typing your name certifies this version; the firm sees who certified it and when.',
  notCertified: 'Not certified',
  verify: 'Verify',
} as const;

/** Case and spacing do not count: 'jane  DOE' is 'Jane Doe'. */
const normalName = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** The typed name matches the account's first and last name, ignoring case and spacing. */
export const nameMatchesAccount = (typed: string, account: { firstName: string; lastName: string }) =>
  normalName(typed).length > 0 && normalName(typed) === normalName(`${account.firstName}${account.lastName}`);

/** The name as stored: trimmed, runs of spaces as one. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** GET /api/firm/lpq-requests/{id} `package.certification`; null when the version was not certified. */
export type Certification = {
  /** The name of record: the account's name when the version was certified. */
  certifiedBy: string;
  /** What the attorney typed, kept as the signature (null for versions certified before it was kept). */
  typedName: string | null;
  certifiedAt: string;
  fingerprint: string;
};

/** PRODUCT.md §11: 'Certified by Eleanor Marsh (typed: eleanor marsh)': the name of record and the signature. */
export const certifiedByLine = (certifiedBy: string, typedName: string | null) =>
  `Certified by ${certifiedBy}${typedName ? ` (typed: ${typedName})` : ''}`;

/** '3f9a…c21e': the fingerprint's first and last four hex digits. */
export const shortFingerprint = (fingerprint: string) =>
  fingerprint.length > 8 ? `${fingerprint.slice(0, 4)}…${fingerprint.slice(-4)}` : fingerprint;

/** 'Certified by NAME (typed: TYPED) on DATE · fingerprint 3f9a…c21e', or 'Not certified'. */
export function certificationLine(certification: Certification | null) {
  if (!certification) return CERTIFICATION_LABELS.notCertified;
  return `${certifiedByLine(certification.certifiedBy, certification.typedName)} on ${formatDate(certification.certifiedAt)} · fingerprint ${shortFingerprint(certification.fingerprint)}`;
}

/** Where verify found a difference: the part and the field's path, never a value. */
export type VerifyMismatch = {
  part: string;
  path: string;
  problem: 'changed' | 'added' | 'removed' | 'missing' | 'unrecorded';
};

/** GET /api/firm/lpq-requests/{id}/verify?version=N. */
export type VersionVerification = {
  intact: boolean;
  version: number;
  certifiedBy: string | null;
  certifiedAt: string | null;
  fingerprint: string | null;
  mismatches: VerifyMismatch[];
};

const PART_NAMES: Record<string, string> = {
  profile: 'Profile',
  masterLpq: 'Master LPQ',
  conflictsForm: 'Conflicts form',
  diversityForm: 'Diversity self-identification',
  businessPlan: 'Business plan',
  documents: 'Documents',
  attorney: 'Attorney',
  include: 'Parts shared',
  sharedAt: 'Date shared',
  version: 'Version',
  requestId: 'Request',
  certification: 'Certification',
  auditTrail: 'Audit trail',
};

const PROBLEM_WORDS: Record<VerifyMismatch['problem'], string> = {
  changed: 'changed',
  added: 'added',
  removed: 'removed',
  missing: 'missing from storage',
  unrecorded: 'has no recorded fingerprint',
};

/** What verify found against the audit trail's record of the version, in words. */
const AGAINST_TRAIL: Record<string, string> = {
  'auditTrail fingerprint changed':
    'The fingerprint differs from the one the audit trail recorded when it was shared',
  'certification certifiedBy changed':
    'Certification: the name differs from the one the audit trail recorded',
  'certification certifiedAt changed':
    'Certification: the time differs from the one the audit trail recorded',
  'certification certifiedBy added':
    'Certification: the audit trail recorded no certification of this version',
  'certification certifiedBy removed':
    'Certification: the audit trail recorded a certification this version no longer shows',
};

/** A key in words: 'currentYear' → 'Current year', 'masterLpq' → 'Master LPQ', 'sha256' → 'SHA-256'. */
const words = (key: string) =>
  key === 'sha256'
    ? 'SHA-256'
    : key
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase())
        .replace(/\blpq\b/gi, 'LPQ');

/** A field's path in words: 'financialInfo.currentYear.rate' → 'Financial info › Current year › Rate'. */
export function fieldPathWords(path: string): string {
  const out: string[] = [];
  for (const [, key, quoted, index] of path.matchAll(/([^.[\]]+)|\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]/g)) {
    if (index !== undefined && out.length) out[out.length - 1] += ` ${Number(index) + 1}`;
    else if (index !== undefined) out.push(`Item ${Number(index) + 1}`);
    else out.push(words(key ?? JSON.parse(`"${quoted}"`)));
  }
  return out.join(' › ');
}

/**
 * One mismatch in words for the review screen: 'Master LPQ: Financial info › Current year › Rate changed',
 * "Document ‘Resume.pdf’: its bytes differ from what was certified" (names from the package on screen).
 */
export function describeMismatch(m: VerifyMismatch, documentNames: string[] = []) {
  const doc = /^documents\[(\d+)\](?:\.(.+))?$/.exec(m.path);
  const docName = doc && documentNames[Number(doc[1])];
  if (m.part === 'documents' && doc && docName) {
    const field = doc[2] ? fieldPathWords(doc[2]) : null;
    if (m.problem === 'unrecorded')
      return `Document ‘${docName}’: no SHA-256 was recorded when it was shared`;
    if (m.problem === 'missing') return `Document ‘${docName}’: its file is missing from storage`;
    if (!field) return `Document ‘${docName}’: its bytes differ from what was certified`;
    return `Document ‘${docName}’: its recorded ${field} ${PROBLEM_WORDS[m.problem]}`;
  }
  const against = AGAINST_TRAIL[`${m.part} ${m.path} ${m.problem}`];
  if (against) return against;
  if (m.part === 'version' && m.path === 'fingerprint')
    return m.problem === 'unrecorded'
      ? 'No fingerprint was recorded for this version'
      : 'The recorded fingerprint was changed';
  const part = PART_NAMES[m.part] ?? words(m.part);
  const rest =
    m.path.startsWith(`${m.part}.`) || m.path.startsWith(`${m.part}[`) ? m.path.slice(m.part.length) : m.path;
  const field = rest === m.part ? '' : rest.replace(/^\./, '');
  return `${part}${field ? `: ${fieldPathWords(field)}` : ''} ${PROBLEM_WORDS[m.problem]}`;
}

/** A moment as 'Nov 25, 2026, 19:36:12 UTC' (the certificate and the trail name the time in UTC). */
export const utcDateTime = (iso: string) => `${formatDate(iso)}, ${iso.slice(11, 19)} UTC`;

/** What the package PDF's certificate page shows for one version (PRODUCT.md §11). */
export type PackageCertificate = {
  version: number;
  certifiedBy: string | null;
  typedName: string | null;
  certifiedAt: string | null;
  statement: string | null;
  fingerprint: string | null;
  documents: { name: string; sha256: string | null }[];
};

export const CERTIFICATE_TEXTS = {
  title: 'Certificate',
  notCertified: 'Not certified. The attorney shared this version without certifying it.',
  fingerprintNote:
    'The fingerprint is the SHA-256 of this version’s canonical JSON (its stored contents with keys sorted and no whitespace, each document listed with its own SHA-256). Verify on the request’s page recomputes both from what is stored and names any difference.',
} as const;

/** The review screen's words for verify. */
export const VERIFY_TEXTS = {
  button: 'Verify',
  intact: (version: number) =>
    `Version ${version} is exactly what was shared: its fingerprint and every document’s SHA-256 were recomputed from what is stored and match.`,
  changedTitle: 'Changed since it was shared',
  changedIntro: 'These differ from what was recorded when this version was shared:',
  failed: 'Verification could not be run. Please try again.',
} as const;
