import { formatDate } from './format';

/**
 * PRODUCT.md §11: each request's audit trail, kept as a hash chain on the server. One definition of its
 * events, their labels, what a download is called and what `…/audit/verify` answers, for the server's
 * CSV and PDF and for the screens.
 */

export const AUDIT_EVENT_TYPES = [
  'sent',
  'resent',
  'reminded',
  'shared',
  'updated',
  'certified',
  'read',
  'downloaded',
  'exported',
  'status_changed',
  'submitted',
  'revoked',
  'expired',
  'deleted',
  'conflicts_answered',
  'conflicts_prechecked',
  'conflicts_precheck_withdrawn',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export const AUDIT_EVENT_LABELS: Record<AuditEventType, string> = {
  sent: 'Request sent',
  resent: 'Request resent',
  reminded: 'Reminder sent',
  shared: 'Package shared',
  updated: 'Update sent',
  certified: 'Package certified',
  read: 'Package viewed',
  downloaded: 'Document downloaded',
  exported: 'Package exported',
  status_changed: 'Status changed',
  submitted: 'Position LPQ submitted',
  revoked: 'Access revoked',
  expired: 'Access period ended',
  deleted: 'Attorney account deleted',
  conflicts_answered: 'Conflicts row answered',
  conflicts_prechecked: 'Conflicts pre-check sent',
  conflicts_precheck_withdrawn: 'Conflicts pre-check withdrawn',
};

export const AUDIT_ACTOR_KINDS = ['attorney', 'firm', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_ACTOR_KIND_LABELS: Record<AuditActorKind, string> = {
  attorney: 'Attorney',
  firm: 'Firm',
  system: 'Lateral Passport',
};

/** One event as the downloads show it: never a form's contents, only what happened, who and when. */
export type AuditTrailEvent = {
  requestId: string;
  seq: number;
  at: string;
  actor: {
    kind: AuditActorKind;
    /** The firm member's name as it was; an attorney's from their account while it exists, else null. */
    name: string | null;
    email: string | null;
    role: string | null;
  };
  type: AuditEventType;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
};

/** Why `…/audit/verify` says a chain is broken, at `brokenAt.seq`. */
export const AUDIT_BREAKS = ['changed', 'missing', 'unlinked', 'head', 'cut', 'rewritten'] as const;
export type AuditBreak = (typeof AUDIT_BREAKS)[number];
export const AUDIT_BREAK_MESSAGES: Record<AuditBreak, (seq: number) => string> = {
  changed: (seq) => `Event ${seq} was changed after it was recorded.`,
  missing: (seq) => `Event ${seq} is missing.`,
  unlinked: (seq) => `Event ${seq} does not follow the event before it.`,
  head: (seq) => `The trail's last recorded event (${seq}) does not match what is stored.`,
  // Against a signed receipt (POST …/audit/verify { receipt }): the chain checks by itself, but not that head.
  cut: (seq) => `The trail was cut: event ${seq}, which the receipt holds, is gone.`,
  rewritten: (seq) => `The trail was rewritten: event ${seq} is not the one the receipt holds.`,
};

/**
 * PRODUCT.md §11 (added 2026-12-01): a trail's head signed with the server's own Ed25519 key, so a cut at the
 * end (the newest events deleted and the head pointed back) or a rewrite (every hash recomputed) shows against
 * it. `signature` is Ed25519 over the canonical JSON of the receipt without `signature`, in base64; the key is
 * `GET /api/record/key`, named by `keyId` (the first 16 hex digits of the SHA-256 of its DER form).
 * One head per request of the trail (one for a request's trail, each request's for an account's).
 */
export const TRAIL_RECEIPT_SCHEME = 'lateral-passport.trail-receipt.v1';
export type TrailReceiptHead = { requestId: string; events: number; hash: string };
export type TrailReceipt = {
  scheme: typeof TRAIL_RECEIPT_SCHEME;
  keyId: string;
  signedAt: string;
  heads: TrailReceiptHead[];
  signature: string;
};

/** What `…/audit/verify` answers: the check, and the trail's head as it stands, signed (null while broken). */
export type TrailVerification = AuditVerification & { receipt: TrailReceipt | null };

/** A receipt as one line of text (the mails, the PDF, the downloads' header): this prefix and its JSON in base64url. */
export const RECEIPT_TEXT_PREFIX = 'lp-receipt.';

/**
 * A receipt's one line (RECEIPT_TEXT_PREFIX and its JSON in base64url, line breaks ignored) back to its object;
 * anything else is given back as it is, for the contract to refuse.
 */
export function receiptFromLine(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/\s+/g, '');
  if (!text.startsWith(RECEIPT_TEXT_PREFIX)) return value;
  try {
    const b64 = text.slice(RECEIPT_TEXT_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return value;
  }
}

/** The receipt's words in the PDF trail and the share and update mails. */
export const RECEIPT_TEXTS = {
  heading: 'Signed receipt',
  explanation:
    'Lateral Passport signed this trail’s head — its number of events and the last event’s hash — with its own Ed25519 key (GET /api/record/key). Give this receipt back to the trail’s check (POST …/audit/verify) to learn whether the trail still holds that head: events cut from its end, an event edited or the trail rewritten after it each show.',
  mail: (line: string) =>
    `The audit trail's signed receipt, to check later that nothing was cut or rewritten after this point:\n${line}`,
  facts: (r: { events: number; hash: string; signedAt: string; keyId: string }) =>
    [
      ['Events', String(r.events)],
      ['Head hash', r.hash],
      ['Signed at (UTC)', r.signedAt],
      ['Key', r.keyId],
    ] as [string, string][],
} as const;

/**
 * The receipt's facts on screen (RECEIPT_TEXTS.facts): events summed over its heads, the head hash shortened
 * (each head's, for an account's trail of several requests).
 */
export function receiptFacts(
  receipt: Pick<TrailReceipt, 'heads' | 'signedAt' | 'keyId'>,
): [string, string][] {
  return RECEIPT_TEXTS.facts({
    events: receipt.heads.reduce((sum, h) => sum + h.events, 0),
    hash: receipt.heads.map((h) => shortHash(h.hash)).join(', '),
    signedAt: receipt.signedAt,
    keyId: receipt.keyId,
  });
}

/** The 400s of POST …/audit/verify { receipt }. */
export const RECEIPT_MESSAGES = {
  unreadable: 'This is not a trail receipt.',
  notSigned: 'This receipt was not signed with the Lateral Passport record key.',
  otherTrail: 'This receipt is for another trail.',
} as const;

/** GET …/audit/verify: `events` checked; `brokenAt` the first event that does not verify, or null. */
export type AuditVerification = {
  intact: boolean;
  events: number;
  brokenAt: { requestId: string; seq: number; problem: AuditBreak; message: string } | null;
};

const STATUS_WORDS: Record<string, string> = {
  pending: 'Pending',
  accepted: 'Shared',
  in_progress: 'In Progress',
  reviewed: 'Under Review',
  completed: 'Review Complete',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  revoked: 'Revoked',
};

const PART_WORDS: Record<string, string> = {
  conflictsForm: 'conflicts form',
  businessPlan: 'business plan',
  documents: 'documents',
  diversityForm: 'diversity self-identification',
};

/**
 * PRODUCT.md §12: what a read of the firm's business case is called, in the access log and the trail. Only that
 * it was read: never an assumption or a result.
 */
export const BUSINESS_CASE_READ_LABELS = {
  view: 'Business case',
  export: 'Business case workbook (XLSX)',
} as const;
/** The trail's `details.what` of a business-case read (server/modules/audit/trail-seal.ts writes them). */
export const BUSINESS_CASE_TRAIL_WHAT = { view: 'business case', export: 'business case workbook' } as const;

/** A hash as a person reads it: its first 12 hex digits (the trail's lines, the receipt on screen). */
export const shortHash = (hash: unknown) => (typeof hash === 'string' ? `${hash.slice(0, 12)}…` : '');

/** The event's details as one line of words for the CSV and the PDF (no keys, no codes). */
export function describeAuditDetails(type: AuditEventType, details: Record<string, unknown>): string {
  const d = details as Record<string, string | number | boolean | null | Record<string, unknown>>;
  const version = typeof d.version === 'number' ? `Version ${d.version}` : '';
  switch (type) {
    case 'sent':
      return [`To ${d.to}`, `${d.positionTitle}`, d.dueDate ? `due ${formatDate(String(d.dueDate))}` : '']
        .filter(Boolean)
        .join(' · ');
    case 'resent':
    case 'reminded':
      return `To ${d.to}`;
    case 'shared':
    case 'updated': {
      const parts = Object.entries((d.parts as Record<string, boolean> | null) ?? {})
        .filter(([, on]) => on)
        .map(([p]) => PART_WORDS[p] ?? p);
      const with_ = ['profile', 'master LPQ', ...parts].join(', ');
      const until = d.accessUntil ? ` · access until ${formatDate(String(d.accessUntil))}` : '';
      return `${version}: ${with_}${until} · fingerprint ${shortHash(d.fingerprint)}`;
    }
    case 'certified':
      return `${version} · fingerprint ${shortHash(d.fingerprint)}`;
    case 'read':
      if (d.what === BUSINESS_CASE_TRAIL_WHAT.view) return BUSINESS_CASE_READ_LABELS.view;
      return d.what === 'changes' ? `What changed, versions ${d.from} to ${d.to}` : version;
    case 'exported':
      if (d.what === 'conflicts rows') return 'Conflicts rows (export)';
      if (d.what === BUSINESS_CASE_TRAIL_WHAT.export) return BUSINESS_CASE_READ_LABELS.export;
      return d.what === 'list' ? 'Request list (CSV)' : `${version} as PDF`;
    case 'downloaded': {
      const file = (d.file as { name?: string; sha256?: string | null } | null) ?? {};
      return [file.name, file.sha256 ? `SHA-256 ${shortHash(file.sha256)}` : ''].filter(Boolean).join(' · ');
    }
    case 'status_changed':
      return `From ${STATUS_WORDS[String(d.from)] ?? d.from} to ${STATUS_WORDS[String(d.to)] ?? d.to}`;
    case 'revoked':
      return version ? `${version}: the firm lost access` : 'The firm lost access';
    case 'expired':
      return d.accessUntil ? `Access was until ${formatDate(String(d.accessUntil))}` : '';
    case 'deleted':
      return 'The attorney closed their account; the firm lost access';
    case 'conflicts_prechecked':
      return typeof d.rows === 'number'
        ? `${d.rows} row${d.rows === 1 ? '' : 's'} to the conflicts team`
        : '';
    default:
      return '';
  }
}

/** The file names of the downloads (`Content-Disposition`). */
export const auditTrailFileName = (stem: string, ext: 'csv' | 'pdf') => `audit-trail-${stem}.${ext}`;

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'Request',
  'Firm',
  'Position',
  'Seq',
  'Time (UTC)',
  'Event',
  'Details',
  'Actor',
  'Actor name',
  'Actor e-mail',
  'Actor role',
  'Event code',
  'Details (JSON)',
  'Salt',
  'Commitment',
  'Previous hash',
  'Hash',
] as const;

/**
 * A firm member's trail leaves out what names a part of the package their roles do not reach (PRODUCT.md §9):
 * an event about such a part only is left out, and an event that names one among others shows the others,
 * with this in place of its JSON (its hashes stay, and `…/audit/verify` checks the whole chain).
 */
export const AUDIT_WITHHELD = {
  json: 'Withheld: it names a part of the package your roles do not reach.',
  /** An event about such a part only (issue 67): a row with its number and digests, nothing of what it was. */
  event: 'Withheld event',
  sealed:
    'Withheld: an event about a part of the package your roles do not reach. Only its commitment is shown.',
  fact: 'Events about parts of the package your roles do not reach are withheld: their rows show only a commitment (a salted digest that cannot be guessed), and events recorded before salted commitments are left out. The check covers every event.',
} as const;

/** The screens' words for the trail's downloads and its check. */
export const AUDIT_TRAIL_TEXTS = {
  title: 'Audit trail',
  requestDescription:
    'Every event of this request — sent, shared, certified, each read and download — each sealed with the hash of the one before.',
  accountDescription:
    'Every event of every request firms sent you, as one CSV file: who did what, when, each sealed with the hash of the event before.',
  csv: 'Download CSV',
  pdf: 'Download PDF',
  verify: 'Check the trail',
  intact: (events: number) =>
    `Intact: ${events} event${events === 1 ? '' : 's'}, each linked to the one before, none changed or missing.`,
  broken: 'The trail was changed outside Lateral Passport',
  copyReceipt: 'Copy receipt',
  receiptCopied: 'Receipt copied',
  failed: 'The check could not be run. Please try again.',
  downloadFailed: {
    title: 'Download failed',
    message: 'The audit trail could not be downloaded. Please try again.',
  },
} as const;
