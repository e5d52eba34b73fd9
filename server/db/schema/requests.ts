import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PARTY_ROLES, ROW_STATUSES } from '../../../shared/conflicts';
import type { ChangeCounts } from '../../../shared/package-changes';
import { POSITION_LPQ_STATUSES } from '../../../shared/position-lpq';
import { REQUEST_STATUSES } from '../../../shared/requests';
import { type PackageParts, REVOCATION_CAUSES } from '../../../shared/sharing';
import { CONFLICTS_STATUSES } from '../../../shared/team';
import { files } from './files';
import { firms } from './firm';
import { users } from './users';

export const OPEN_INVITATION_INDEX = 'lpq_requests_open_invitation_idx';

export const requestStatusEnum = pgEnum('request_status', REQUEST_STATUSES);

export const lpqRequests = pgTable(
  'lpq_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The firm owns the request (PRODUCT.md §9); the member who sent it may leave.
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Copied from the firm profile when sent: the attorney sees the name the firm had then.
    firmName: text('firm_name').notNull(),
    // Lower-cased; matched against a verified user's e-mail.
    attorneyEmail: text('attorney_email').notNull(),
    // Set when the request is shared or declined: the attorney who acted.
    attorneyUserId: uuid('attorney_user_id').references(() => users.id, { onDelete: 'set null' }),
    positionTitle: text('position_title').notNull(),
    practiceArea: text('practice_area').notNull(),
    status: requestStatusEnum('status').notNull().default('pending'),
    dueDate: date('due_date'),
    contactPersonName: text('contact_person_name').notNull().default(''),
    contactPersonTitle: text('contact_person_title').notNull().default(''),
    contactPhone: text('contact_phone'),
    additionalMessage: text('additional_message'),
    firmSpecificQuestions: jsonb('firm_specific_questions').$type<Record<string, unknown>>(),
    declineReason: text('decline_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // PRODUCT.md §7: the due-date reminder, sent once (set in the same statement that claims it).
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    // PRODUCT.md §6: the firm withdraws a pending invitation, and may resend it once a day.
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    lastResentAt: timestamp('last_resent_at', { withTimezone: true }),
    // PRODUCT.md §5: the version the firm sees now (null until shared); versions live in shared_packages.
    currentVersion: integer('current_version'),
    // The access end date the attorney chose when sharing (inclusive); after it the firm reads nothing.
    accessUntil: date('access_until'),
    // When and why the firm lost access: the attorney revoked, the access period ended, or the account went.
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by', { enum: REVOCATION_CAUSES }),
    // PRODUCT.md §5: the latest share, update or submission, and the first time after it that a member
    // opened the package: until then the request shows as new to the firm.
    attentionAt: timestamp('attention_at', { withTimezone: true }),
    firmOpenedAt: timestamp('firm_opened_at', { withTimezone: true }),
    // PRODUCT.md §13: derived from the answers of the request's rows (conflicts_rows): null while no row was
    // ever sent (nothing shared or pre-checked), 'pending' while a row waits for its answer, then 'issues' if
    // any answer is not 'cleared', else 'cleared'. Kept with `conflictsWaiting` (the rows without an answer)
    // in the transaction that changes a row (modules/requests/conflicts/conflicts-rows.repo.ts).
    conflictsStatus: text('conflicts_status', { enum: CONFLICTS_STATUSES }),
    conflictsWaiting: integer('conflicts_waiting').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // PRODUCT.md §6, the firm's list: one index per sort key (and direction, where nulls go last both ways)
    // in the exact expression firm-pipeline.service.ts orders and pages by, so a page of a firm with 10,000
    // requests reads its 50 rows from the index instead of sorting them all.
    index('lpq_requests_firm_idx').on(t.firmId, t.sentAt, t.id),
    index('lpq_requests_firm_due_idx').on(t.firmId, sql`coalesce(${t.dueDate}, 'infinity'::date)`, t.id),
    index('lpq_requests_firm_due_desc_idx').on(
      t.firmId,
      sql`coalesce(${t.dueDate}, '-infinity'::date)`,
      t.id,
    ),
    index('lpq_requests_firm_shared_idx').on(
      t.firmId,
      sql`coalesce(${t.sharedAt}, 'infinity'::timestamptz)`,
      t.id,
    ),
    index('lpq_requests_firm_shared_desc_idx').on(
      t.firmId,
      sql`coalesce(${t.sharedAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
    index('lpq_requests_firm_position_idx').on(t.firmId, sql`lower(${t.positionTitle})`, t.id),
    // PRODUCT.md §9: the conflicts queue, by decision, newest share first.
    index('lpq_requests_firm_conflicts_idx').on(t.firmId, t.conflictsStatus, t.sharedAt),
    // The firm's dashboard counts by status from the index alone; the list sorted by stage (PRODUCT.md §15).
    index('lpq_requests_firm_status_idx').on(t.firmId, t.status, t.id),
    // PRODUCT.md §15: the list sorted by last activity, in firm-pipeline.repo.ts lastActivityAtSql's expression.
    index('lpq_requests_firm_activity_idx').on(
      t.firmId,
      sql`greatest(${t.sentAt}, ${t.lastResentAt}, ${t.reminderSentAt}, ${t.declinedAt}, ${t.sharedAt}, ${t.attentionAt}, ${t.reviewedAt}, ${t.completedAt}, ${t.withdrawnAt}, ${t.revokedAt})`,
      t.id,
    ),
    // PRODUCT.md §15: the 'new' filter (§5: news since a member last opened it) and the 'overdue' filter.
    index('lpq_requests_firm_new_idx')
      .on(t.firmId, t.attentionAt)
      .where(
        sql`${t.attentionAt} is not null and (${t.firmOpenedAt} is null or ${t.firmOpenedAt} < ${t.attentionAt})`,
      ),
    index('lpq_requests_firm_overdue_idx').on(t.firmId, t.dueDate).where(sql`${t.status} = 'pending'`),
    // The reminder job's candidates: pending, not reminded, by due date.
    index('lpq_requests_reminder_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'pending' and ${t.reminderSentAt} is null`),
    // The attorney's requests by address, and their list's pages newest first (keyset on sent_at, id).
    index('lpq_requests_attorney_email_sent_idx').on(sql`lower(${t.attorneyEmail})`, t.sentAt, t.id),
    // PRODUCT.md §6: one open invitation per firm, address and position (any letter case). The service
    // checks first; this index makes two concurrent posts unable to both succeed.
    uniqueIndex(OPEN_INVITATION_INDEX)
      .on(t.firmId, sql`lower(${t.attorneyEmail})`, sql`lower(${t.positionTitle})`)
      .where(sql`${t.status} = 'pending'`),
    // The expiry job's candidates: shared requests with an access end date.
    index('lpq_requests_access_until_idx')
      .on(t.accessUntil)
      .where(sql`${t.accessUntil} is not null and ${t.revokedAt} is null`),
    // Issue 64 item 6: a firm's shared requests by access end date, so the dashboard's kept counts
    // (firm_pipeline_counts, reviewer_waiting_counts) take off the ones whose access ended today and the
    // expiry job has not yet revoked (few), reading no more than those.
    index('lpq_requests_firm_access_until_idx')
      .on(t.firmId, t.accessUntil)
      .where(
        sql`${t.accessUntil} is not null and ${t.status} in ('accepted', 'in_progress', 'reviewed', 'completed')`,
      ),
  ],
);

/**
 * The firm's dashboard counts (PRODUCT.md §4): how many of its requests are in each status, so the stat
 * cards read at most one row per status whatever the firm's size. Kept by the trigger
 * `lpq_requests_count_status` (migration 0012) on every insert, delete and change of status or firm of
 * lpq_requests, whichever code path writes; rows whose count fell to 0 stay.
 */
export const firmRequestCounts = pgTable(
  'firm_request_counts',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    status: requestStatusEnum('status').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.status] })],
);

/**
 * Issue 64 item 6, the dashboard's pipeline cards kept on write (migration 0032's triggers on lpq_requests, in the
 * transaction of each write): per firm, its requests new since the firm last opened them (attention after the
 * last opening, in a shared status) and those whose conflicts are pending (once shared). The access end date
 * is not in them: a reader takes off the requests whose access ended and the expiry job has not yet revoked.
 */
export const firmPipelineCounts = pgTable('firm_pipeline_counts', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id, { onDelete: 'cascade' }),
  newCount: integer('new_count').notNull().default(0),
  conflictsPending: integer('conflicts_pending').notNull().default(0),
});

/**
 * Issue 64 item 6: per reviewer, how many of their assignments are accepted or in progress ('Waiting on you'
 * before the access end date), kept by the triggers of migration 0032 on request_reviewers and lpq_requests.
 */
export const reviewerWaitingCounts = pgTable(
  'reviewer_waiting_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.firmId] })],
);

/** PRODUCT.md §9: the reviewers an admin or recruiter assigned to a request; only they review it. */
export const requestReviewers = pgTable(
  'request_reviewers',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedByUserId: uuid('assigned_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('request_reviewers_user_idx').on(t.userId)],
);

/**
 * PRODUCT.md §9's manual decisions, kept as they were (nothing lost): §13's answers per row replaced them. A
 * request with a decision and no rows yet gives its rows that decision when they are first made.
 */
export const conflictsClearances = pgTable(
  'conflicts_clearances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    // The package version the decision was made on.
    version: integer('version').notNull(),
    status: text('status', { enum: CONFLICTS_STATUSES }).notNull(),
    note: text('note'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conflicts_clearances_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * PRODUCT.md §13: the rows of a request's conflicts check, one per party of a matter (or client without
 * matters), keyed by a `rowId` that stays the same across versions while the matter, the party's name and role
 * are unchanged, with the answer of the conflicts team. `present`: in the latest version (or the pre-check);
 * a row an update dropped keeps its answer, absent. What a row holds is what the attorney let leave
 * (withheld matters are one row without names, shared/conflicts.ts).
 */
export const conflictsRows = pgTable(
  'conflicts_rows',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    rowId: text('row_id').notNull(),
    position: integer('position').notNull(),
    present: boolean('present').notNull().default(true),
    // The version the row was last in (null: the pre-check, before sharing).
    version: integer('version'),
    partyName: text('party_name').notNull(),
    partyRole: text('party_role', { enum: PARTY_ROLES }).notNull(),
    clientName: text('client_name').notNull(),
    matterDescription: text('matter_description'),
    current: boolean('current').notNull(),
    openedOn: text('opened_on'),
    closedOn: text('closed_on'),
    clientMayObject: boolean('client_may_object').notNull().default(false),
    partyCount: integer('party_count'),
    status: text('status', { enum: ROW_STATUSES }),
    noteToAttorney: text('note_to_attorney'),
    answeredByUserId: uuid('answered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.rowId] }),
    // The firm-wide export: the rows waiting for an answer.
    index('conflicts_rows_waiting_idx').on(t.requestId).where(sql`${t.present} and ${t.status} is null`),
  ],
);

/**
 * PRODUCT.md §13: a pending request's conflicts pre-check, one per request: sent (the rows reach the conflicts
 * members), or withdrawn while the request is pending. Sent again after a withdrawal, the row is reused.
 */
export const conflictsPrechecks = pgTable('conflicts_prechecks', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => lpqRequests.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});

// The frozen copies of what the attorney shared with one request, one row per version (PRODUCT.md §5):
// version 1 when shared, N+1 for each update. Rows are never updated.
export const sharedPackages = pgTable(
  'shared_packages',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    attorneyUserId: uuid('attorney_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
    // The parts the attorney chose in the share dialog.
    include: jsonb('include').$type<PackageParts>().notNull(),
    attorney: jsonb('attorney').$type<Record<string, unknown>>().notNull(),
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    masterLpq: jsonb('master_lpq').$type<Record<string, unknown>>().notNull(),
    conflictsForm: jsonb('conflicts_form').$type<Record<string, unknown>>(),
    diversityForm: jsonb('diversity_form').$type<Record<string, unknown>>(),
    businessPlan: jsonb('business_plan').$type<Record<string, unknown>>(),
    // PRODUCT.md §11: the SHA-256 of this version's canonical JSON (requests/certification/certification.ts), stored for
    // every version (null only for versions shared before fingerprints were kept), and the attorney's
    // certification: the name of record (the account's) and when (null: not certified), and the name they
    // typed, kept as the signature (issue 67; null for versions certified before it was kept).
    fingerprint: text('fingerprint'),
    certifiedBy: text('certified_by'),
    typedName: text('typed_name'),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    // Issues 64/67: how many answers changed from the version before, per part (shared/package-changes.ts
    // changeCountsByPart), so a reader's count sums only the parts they reach. Null for version 1 and for a
    // version stored before it was kept (counted on its first read by the firm: package-versions.ts).
    changeCounts: jsonb('change_counts').$type<ChangeCounts>(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.version] })],
);

/**
 * What `verify` needs besides the fingerprint to say WHICH field of a version differs, kept apart from
 * shared_packages so the firm's hot read does not carry it: a short digest of every leaf of the version's
 * canonical JSON by path, and the certification statement the attorney certified (null: not certified).
 * Never sent to anyone; never updated.
 */
export const sharedPackageSeals = pgTable(
  'shared_package_seals',
  {
    requestId: uuid('request_id').notNull(),
    version: integer('version').notNull(),
    fieldDigests: jsonb('field_digests').$type<Record<string, string>>().notNull(),
    statement: text('statement'),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.version] }),
    foreignKey({
      columns: [t.requestId, t.version],
      foreignColumns: [sharedPackages.requestId, sharedPackages.version],
    }).onDelete('cascade'),
  ],
);

// The files of each version, as they were when shared: what a firm may download (and nothing else).
export const sharedPackageFiles = pgTable(
  'shared_package_files',
  {
    requestId: uuid('request_id').notNull(),
    version: integer('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    // The document's SHA-256 as the version froze it (from files.sha256): what `verify` compares the
    // stored bytes against.
    sha256: text('sha256'),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.version, t.fileId] }),
    foreignKey({
      columns: [t.requestId, t.version],
      foreignColumns: [sharedPackages.requestId, sharedPackages.version],
    }).onDelete('cascade'),
    index('shared_package_files_file_idx').on(t.fileId),
  ],
);

export const positionLpqs = pgTable(
  'position_lpqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    attorneyUserId: uuid('attorney_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    firmAnswers: jsonb('firm_answers').$type<Record<string, unknown>>().notNull().default({}),
    // Its own status, apart from the request's (PRODUCT.md §5): the firm's Under Review never blocks it.
    status: text('status', { enum: POSITION_LPQ_STATUSES }).notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('position_lpqs_request_idx').on(t.requestId),
    index('position_lpqs_attorney_idx').on(t.attorneyUserId),
  ],
);

// The attorney's documents attached to a request's position LPQ (its formData.documents), one row each:
// with shared_package_files, what a firm may download. Kept with every save of the LPQ.
export const positionLpqFiles = pgTable(
  'position_lpq_files',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.fileId] }),
    index('position_lpq_files_file_idx').on(t.fileId),
  ],
);

/** PRODUCT.md §6: a firm's own notes on a request, never shown to the attorney. */
export const requestNotes = pgTable(
  'request_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => lpqRequests.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept as written: the note still says who wrote it if the account goes.
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('request_notes_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * PRODUCT.md §12: the firm's business-case assumptions for one request (not a version). The attorney never
 * reads this table by any path.
 */
export const businessCaseAssumptions = pgTable('business_case_assumptions', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => lpqRequests.id, { onDelete: 'cascade' }),
  assumptions: jsonb('assumptions').$type<Record<string, unknown>>().notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
