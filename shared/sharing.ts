import { z } from 'zod';
import { todayUtc } from './calendar';
import { CERTIFICATION_MESSAGES } from './certification';
import { isoDateString, singleLineText } from './form-fields';
import { formatDate } from './format';
import { LIMITS } from './limits';
import { pageQuerySchema } from './paging';
import type { SharedPackage } from './requests';
import { type FirmRole, READABLE_PART_LABELS, type ReadablePart, roleNames } from './team';

/**
 * The attorney's control over what was shared (PRODUCT.md §4–§6): the parts of a package, the access end
 * date, versions, revocation and the access log. One definition for the server, the share dialog and the
 * firm's screens.
 */

/** The parts the attorney chooses in the share dialog; the profile and the master LPQ always go. */
export const PACKAGE_PARTS = ['conflictsForm', 'businessPlan', 'documents', 'diversityForm'] as const;
export type PackagePart = (typeof PACKAGE_PARTS)[number];
export type PackageParts = Record<PackagePart, boolean>;

export const PACKAGE_PART_LABELS: Record<PackagePart, string> = {
  conflictsForm: 'Conflicts form',
  businessPlan: 'Business plan',
  documents: 'Documents',
  diversityForm: 'Diversity self-identification',
};

/** What every package holds, whatever the attorney ticks. */
export const ALWAYS_SHARED_PARTS = ['profile', 'masterLpq'] as const satisfies readonly ReadablePart[];
export const ALWAYS_SHARED_LABELS = ALWAYS_SHARED_PARTS.map((part) => READABLE_PART_LABELS[part]);

/** PRODUCT.md §12: under the master LPQ in the share dialog's audience. */
export const BUSINESS_CASE_SHARE_NOTE = 'The firm can model your figures privately.';

export const DIVERSITY_SHARE_NOTE =
  'Voluntary: firms use it only for diversity reporting, never for hiring decisions. It is shared only if you tick it.';

/** PRODUCT.md §5: each part goes by default when it exists, except the diversity form, never by default. */
export function defaultParts(available: PackageParts): PackageParts {
  return {
    conflictsForm: available.conflictsForm,
    businessPlan: available.businessPlan,
    documents: available.documents,
    diversityForm: false,
  };
}

/** A part goes only when chosen (or by default) and when it exists. */
export function chosenParts(
  include: Partial<PackageParts> | undefined,
  available: PackageParts,
  fallback: PackageParts = defaultParts(available),
): PackageParts {
  const parts = {} as PackageParts;
  for (const part of PACKAGE_PARTS) parts[part] = available[part] && (include?.[part] ?? fallback[part]);
  return parts;
}

/**
 * 'Send update' at most this often for one request (429 beyond), so a burst of clicks is not a burst of
 * versions and mails; and the firm's mails of the updates sent within this many minutes of the first are one
 * mail, naming the latest version.
 */
export const SEND_UPDATE_LIMITS = { perHour: 10, mailMergeMinutes: 2 } as const;

/**
 * A firm member's reads of one request's package — the package, a version, its PDF, a document, the conflicts
 * view — at most this many a minute (429 beyond; a refused read is not recorded). Generous for a person, a
 * wall for a script that would fill the attorney's access log. FIRM_READ_LIMIT_PER_MINUTE overrides it.
 */
export const FIRM_READ_LIMIT = { perMinute: 120 } as const;

export const SHARING_MESSAGES = {
  accessUntilFormat: 'Enter the access end date as yyyy-mm-dd',
  accessUntilInPast: 'The access end date cannot be in the past',
  notShared: 'This request is not shared.',
  alreadyRevoked: 'Access to this package has already been revoked.',
  cannotPreview: 'This request can no longer be shared.',
  versionNotFound: 'There is no such version of this package.',
  /** Issue 67: Send update with nothing to send (409): no version is made and nobody is mailed. */
  nothingChanged: (version: number) => `Nothing has changed since version ${version}`,
  tooManyUpdates: `You can send at most ${SEND_UPDATE_LIMITS.perHour} updates an hour to one firm. Please try again later.`,
  tooManyReads:
    'This package has been opened too many times in the last minute. Please wait a minute and try again.',
} as const;

const part = z.boolean({ error: 'Choose yes or no' }).optional();
const includeSchema = z
  .object({ conflictsForm: part, businessPlan: part, documents: part, diversityForm: part })
  .strip();

/** PRODUCT.md §11: `certification: { fullName }` in the share and update bodies (checked against the account). */
export const certificationSchema = z.object({
  fullName: singleLineText(z.string({ error: CERTIFICATION_MESSAGES.nameRequired }))
    .trim()
    .min(1, CERTIFICATION_MESSAGES.nameRequired)
    .max(LIMITS.nameMax * 2 + 1, CERTIFICATION_MESSAGES.nameMismatch),
});
export type CertificationInput = z.input<typeof certificationSchema>;

/**
 * POST …/share and POST …/update: `{ include?, accessUntil?, certification? }`, all optional (the spec's
 * client sends no body at all: that version is stored as not certified). The access end date is inclusive:
 * the firm reads through that day. `certification: { fullName }` certifies the version (PRODUCT.md §11).
 */
export const shareRequestSchema = z
  .object({
    include: includeSchema.optional(),
    // '' (an emptied date input) means no end date.
    accessUntil: z
      .union([
        z.literal('').transform(() => null),
        isoDateString(SHARING_MESSAGES.accessUntilFormat).refine(
          (v) => v >= todayUtc(),
          SHARING_MESSAGES.accessUntilInPast,
        ),
      ])
      .nullish(),
    certification: certificationSchema.nullish(),
  })
  .nullish();
export type ShareRequestInput = NonNullable<z.input<typeof shareRequestSchema>>;

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** GET …/preview?conflictsForm=&businessPlan=&documents=&diversityForm= (omitted: the defaults). */
export const previewQuerySchema = z.object({
  conflictsForm: queryFlag,
  businessPlan: queryFlag,
  documents: queryFlag,
  diversityForm: queryFlag,
});

/** The toasts of the sharing controls (the spec's own toasts are in texts.ts). */
export const SHARING_TOASTS = {
  updateSent: {
    title: 'Update Sent',
    message: 'The firm now sees your current answers as a new version and has been told by email.',
  },
  updateFailed: { title: 'Update Failed', message: 'Failed to send the update. Please try again.' },
  revoked: {
    title: 'Access Revoked',
    message: 'The firm can no longer open your package or its documents. They have been told by email.',
  },
  revokeFailed: { title: 'Revoke Failed', message: 'Failed to revoke access. Please try again.' },
} as const;

/** Why a firm lost access to a package. */
export const REVOCATION_CAUSES = ['attorney', 'expired', 'account_deleted'] as const;
export type RevocationCause = (typeof REVOCATION_CAUSES)[number];

/** One line that says what the firm will receive, for the share dialog's confirmation. */
export function shareSummary(
  firmName: string,
  parts: PackageParts,
  documentCount: number,
  accessUntil?: string | null,
) {
  const items: string[] = ['your profile', 'your Master LPQ'];
  if (parts.conflictsForm) items.push('your conflicts form');
  if (parts.businessPlan) items.push('your business plan');
  if (parts.documents && documentCount > 0)
    items.push(documentCount === 1 ? '1 document' : `${documentCount} documents`);
  if (parts.diversityForm) items.push('your diversity self-identification');
  const list = items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0];
  const until = accessUntil ? `, with access until ${formatDate(accessUntil)}` : '';
  return `${firmName} will receive ${list}${until}.`;
}

/** What a firm loses when the attorney revokes (the confirmation's text). */
export const revokeConsequence = (firmName: string) =>
  `${firmName} will immediately lose access to your package, its PDF and every document link, including links already handed out. The request stays in their list, marked revoked, and they are told by email. This cannot be undone.`;

/**
 * GET /api/attorney/lpq-requests/{id}/preview: the package the firm would receive, in the firm's shape,
 * with the parts chosen, the parts that exist and how many documents there are to choose.
 */
export type SharePreview = SharedPackage & {
  include: PackageParts;
  available: PackageParts;
  documentCount: number;
};

/** PRODUCT.md §6: GET /api/firm/lpq-requests/{id}/changes?from=N&to=M. */
export type PackageChange = {
  section: string;
  field: string;
  label: string;
  before: string | null;
  after: string | null;
};

export const changesQuerySchema = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});

/** A firm read of an attorney's data, as the access log names it. */
export const ACCESS_ACTIONS = ['viewed', 'downloaded', 'exported'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
export const ACCESS_ACTION_LABELS: Record<AccessAction, string> = {
  viewed: 'Viewed',
  downloaded: 'Downloaded',
  exported: 'Exported',
};

/** Reads by one firm user of one request within this many minutes are one entry of the log. */
export const ACCESS_LOG_WINDOW_MINUTES = 30;

/**
 * PRODUCT.md §6: GET /api/attorney/access-log → newest first. `at` is the latest read of the entry,
 * `firstAt` its first; `count` the reads it groups.
 */
export type AccessLogEntry = {
  at: string;
  firstAt: string;
  firmName: string;
  firmUserName: string;
  /** The firm user who read: with requestId, firstAt and at, it names the entry's reads (…/reads). */
  readerId: string;
  /** PRODUCT.md §9: the reader's roles when they read (FIRM_ROLES order). */
  readerRoles: FirmRole[];
  /** The weightiest read of the entry (exported, then downloaded, then viewed). */
  action: AccessAction;
  /** Everything the entry read, named once each. */
  what: string;
  count: number;
  /** What was viewed, downloaded and exported, each with its count. */
  reads: AccessLogRead[];
  requestId: string;
  positionTitle: string;
};
/** Who read, as the log and Recent Activity name them: 'Dana Reyes (Reviewer)' (PRODUCT.md §9). */
export const readerName = (entry: Pick<AccessLogEntry, 'firmUserName' | 'readerRoles'>) =>
  entry.readerRoles.length ? `${entry.firmUserName} (${roleNames(entry.readerRoles)})` : entry.firmUserName;

export type AccessLogRead = { action: AccessAction; what: string; count: number };

export const accessLogQuerySchema = z.object({
  firm: z.string().max(200).optional(),
  requestId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const ACCESS_LOG_MESSAGES = {
  badGroup: 'Name the entry by its request, reader and first and last read.',
  badMoment: 'Give the moment as an ISO timestamp',
} as const;

const moment = z.iso.datetime({ offset: true, error: ACCESS_LOG_MESSAGES.badMoment });

/**
 * GET /api/attorney/access-log/reads: the individual reads of one entry of the log (its requestId,
 * readerId, firstAt as `from` and at as `to`), newest first, paged as every list (limit, cursor, Link).
 */
export const accessReadsQuerySchema = pageQuerySchema
  .extend({
    requestId: z.uuid({ error: ACCESS_LOG_MESSAGES.badGroup }),
    readerId: z.uuid({ error: ACCESS_LOG_MESSAGES.badGroup }),
    from: moment,
    to: moment,
  })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), {
    message: ACCESS_LOG_MESSAGES.badGroup,
    path: ['from'],
  });

/** One read of an entry: when, and what was viewed, downloaded or exported. */
export type AccessReadItem = { at: string; action: AccessAction; what: string };
