import {
  COUNT_CAP,
  type FirmRequestListQuery,
  type FirmRequestSort,
  PIPELINE_MESSAGES,
} from '@shared/firm-pipeline';
import { type ConflictsStatus, hasRole } from '@shared/team';
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  emailTokens,
  firmPipelineCounts,
  firms,
  lpqRequests,
  positionLpqs,
  requestNotes,
  requestReviewers,
  reviewerWaitingCounts,
  sharedPackages,
  users,
} from '../../../db/schema';
import { badRequest } from '../../../plugins/errors';
import type { FirmMember } from '../../../policies/authorize';
import { requestPolicies } from '../../../policies/request.policy';
import {
  accessEndedSql,
  firmReadsForHiringSql,
  memberRef,
  packageOpenSql,
  packagePartsSql,
  todayUtc,
} from '../../../policies/request-scope';

/**
 * The firm's pipeline: its list, notes and the writes of withdraw and resend. The list is narrowed by the
 * scope of policy request.firmSees: a reviewer's holds the requests assigned to them.
 */
/** Each sort: the key expression, its SQL type (for the cursor) and the direction. Nulls always last. */
function sortKey(sort: FirmRequestSort): { key: SQL; type: string; desc: boolean } {
  const desc = sort.startsWith('-');
  const name = desc ? sort.slice(1) : sort;
  const last = desc ? `'-infinity'` : `'infinity'`;
  switch (name) {
    case 'due':
      return { key: sql`coalesce(${lpqRequests.dueDate}, ${sql.raw(`${last}::date`)})`, type: 'date', desc };
    case 'shared':
      return {
        key: sql`coalesce(${lpqRequests.sharedAt}, ${sql.raw(`${last}::timestamptz`)})`,
        type: 'timestamptz',
        desc,
      };
    case 'position':
      return { key: sql`lower(${lpqRequests.positionTitle})`, type: 'text', desc };
    case 'status':
      return { key: sql`${lpqRequests.status}`, type: 'request_status', desc };
    case 'activity':
      return { key: lastActivityAtSql(lpqRequests), type: 'timestamptz', desc };
    default:
      return { key: sql`${lpqRequests.sentAt}`, type: 'timestamptz', desc };
  }
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The name the firm may see: only the attorney who shared (PRODUCT.md §5). A lateral subquery with
 * `limit 1` is one primary-key probe per request row read; as a plain join the planner could hash the whole
 * users table for a small firm's page.
 */
function sharedByOf(db: Db | Tx) {
  return db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, lpqRequests.attorneyUserId), isNotNull(lpqRequests.sharedAt)))
    .limit(1)
    .as('shared_by');
}

type ActivityColumns = Record<
  | 'sentAt'
  | 'lastResentAt'
  | 'reminderSentAt'
  | 'declinedAt'
  | 'sharedAt'
  | 'attentionAt'
  | 'reviewedAt'
  | 'completedAt'
  | 'withdrawnAt'
  | 'revokedAt',
  SQLWrapper
>;

/**
 * PRODUCT.md §15: when something last happened to the request, the latest of its moments (greatest() skips
 * nulls; attention_at is the latest share, update or submission). The same expression as the index
 * lpq_requests_firm_activity_idx, so sorting by it reads the index.
 */
export const lastActivityAtSql = (r: ActivityColumns) =>
  sql`greatest(${r.sentAt}, ${r.lastResentAt}, ${r.reminderSentAt}, ${r.declinedAt}, ${r.sharedAt}, ${r.attentionAt}, ${r.reviewedAt}, ${r.completedAt}, ${r.withdrawnAt}, ${r.revokedAt})`;

/**
 * PRODUCT.md §15 with §13: the request's conflicts status, derived from its rows' answers and kept on the request
 * row with the number of rows waiting (conflicts-rows.repo.ts keeps both in the transaction of each answer, share
 * and update); null before a share or a pre-check. Every reader of the pipeline's conflicts column and filter goes
 * through this one function.
 */
export function conflictsSummarySql(r: {
  conflictsStatus: SQLWrapper;
  conflictsWaiting: SQLWrapper;
  currentVersion: SQLWrapper;
}) {
  // PRODUCT.md §13: a pre-check's rows reach the conflicts team alone, through its queue; before the share the
  // pipeline (every role, every filter and count) reads no conflicts status at all.
  const shared = sql`(${r.currentVersion} is not null)`;
  return {
    status: sql<ConflictsStatus | null>`(case when ${shared} then ${r.conflictsStatus} end)`,
    waiting: sql<number>`(case when ${shared} then ${r.conflictsWaiting} else 0 end)`,
    /** The requests whose conflicts status is this one (reads lpq_requests_firm_conflicts_idx). */
    is: (wanted: ConflictsStatus) => sql`(${r.conflictsStatus} = ${wanted} and ${shared})`,
  };
}

/** PRODUCT.md §5: shared, updated or submitted since a member last opened it (firm_pipeline_counts' new_count). */
const newsSql = sql`(${lpqRequests.attentionAt} is not null and (${lpqRequests.firmOpenedAt} is null or ${lpqRequests.firmOpenedAt} < ${lpqRequests.attentionAt}))`;

/** PRODUCT.md §5: news since a member last opened it, and still open to the firm. */
const isNewSql = (today: string) => sql`(${newsSql} and ${packageOpenSql(lpqRequests, today)})`;

/** PRODUCT.md §15: pending with its due date passed (the one clock: today from the application). */
const overdueSql = (today: string) =>
  sql`(${lpqRequests.status} = 'pending' and ${lpqRequests.dueDate} < ${today}::date)`;

function filters(
  member: FirmMember,
  query: Pick<FirmRequestListQuery, 'status' | 'q' | 'reviewer' | 'conflicts' | 'new' | 'overdue'>,
): SQL {
  const conditions: SQL[] = [requestPolicies.firmSees.scope(memberRef(member), lpqRequests)];
  const today = todayUtc();
  if (query.status) conditions.push(eq(lpqRequests.status, query.status));
  if (query.reviewer) {
    const userId = query.reviewer === 'me' ? member.id : query.reviewer;
    conditions.push(
      sql`exists (select 1 from ${requestReviewers} where ${requestReviewers.requestId} = ${lpqRequests.id} and ${requestReviewers.userId} = ${userId}::uuid)`,
    );
  }
  if (query.conflicts) conditions.push(conflictsSummarySql(lpqRequests).is(query.conflicts));
  if (query.new) conditions.push(isNewSql(today));
  if (query.overdue) conditions.push(overdueSql(today));
  if (query.q) {
    const p = likePattern(query.q);
    // The name once shared: a primary-key probe (`limit 1`), made only for a row the other fields did not match.
    conditions.push(
      sql`(${lpqRequests.attorneyEmail} ilike ${p} or ${lpqRequests.positionTitle} ilike ${p}
        or ${lpqRequests.practiceArea} ilike ${p}
        or (${lpqRequests.sharedAt} is not null and (select ${users.firstName} || ' ' || ${users.lastName}
          from ${users} where ${users.id} = ${lpqRequests.attorneyUserId} limit 1) ilike ${p}))`,
    );
  }
  return and(...conditions) as SQL;
}

/** Whether a filter other than the scope and the search narrows the rows (each has its own index). */
const narrowed = (
  query: Pick<FirmRequestListQuery, 'status' | 'reviewer' | 'conflicts' | 'new' | 'overdue'>,
) => Boolean(query.status || query.reviewer || query.conflicts || query.new || query.overdue);

/** One page after the cursor's row (keyset pagination), one row more than asked to tell if another follows. */
export async function pageOfRequests(
  db: Db | Tx,
  member: FirmMember,
  query: FirmRequestListQuery,
  after: [string, string] | null,
) {
  const { key, type, desc } = sortKey(query.sort);
  const sharedBy = sharedByOf(db);
  const where = [filters(member, query)];
  if (after) {
    const op = sql.raw(desc ? '<' : '>');
    where.push(sql`(${key}, ${lpqRequests.id}) ${op} (${after[0]}::${sql.raw(type)}, ${after[1]}::uuid)`);
  }
  const direction = (e: SQL) => (desc ? sql`${e} desc` : sql`${e} asc`);
  const conflicts = conflictsSummarySql(lpqRequests);
  const rows = await db
    .select({
      request: lpqRequests,
      firstName: sharedBy.firstName,
      lastName: sharedBy.lastName,
      sortKey: sql<string>`(${key})::text`,
      // PRODUCT.md §15: per row of the page, in the same statement (primary-key probes, no N+1).
      reviewers: sql<{ userId: string; name: string }[]>`coalesce((select json_agg(json_build_object(
          'userId', ${users.id}, 'name', trim(${users.firstName} || ' ' || ${users.lastName}))
          order by ${users.lastName}, ${users.firstName}, ${users.id})
        from ${requestReviewers} join ${users} on ${users.id} = ${requestReviewers.userId}
        where ${requestReviewers.requestId} = ${lpqRequests.id}), '[]'::json)`,
      conflictsStatus: conflicts.status,
      conflictsWaiting: conflicts.waiting,
      // The position LPQ is a hiring part: a conflicts-only reader gets null.
      positionLpqStatus: sql<
        string | null
      >`(case when ${firmReadsForHiringSql(memberRef(member), lpqRequests)}
        then (select ${positionLpqs.status} from ${positionLpqs} where ${positionLpqs.requestId} = ${lpqRequests.id}) end)`,
      lpqSubmittedAt: sql<string | null>`(select ${positionLpqs.submittedAt} from ${positionLpqs}
        where ${positionLpqs.requestId} = ${lpqRequests.id})`,
      // Issue 64: 'Shared v2 · 2 changes': the current version's stored counts, summed over the parts this
      // member reads (a primary-key probe per row of the page; null before it is counted).
      changeCount: sql<number | null>`(select (select sum(coalesce((sp."change_counts" ->> part)::int, 0))
          from unnest(${packagePartsSql(memberRef(member), lpqRequests)}) part)
        from ${sharedPackages} sp
        where sp."request_id" = ${lpqRequests.id} and sp."version" = ${lpqRequests.currentVersion}
          and sp."change_counts" is not null)`,
    })
    .from(lpqRequests)
    .leftJoinLateral(sharedBy, sql`true`)
    .where(and(...where))
    .orderBy(direction(key), direction(sql`${lpqRequests.id}`))
    .limit(query.limit + 1)
    .catch((err: unknown) => {
      // A cursor whose key does not parse as the sort's type: the link is stale or made up.
      if ((err as { cause?: { code?: string } }).cause?.code?.startsWith('22')) {
        throw badRequest(PIPELINE_MESSAGES.badCursor, { cursor: PIPELINE_MESSAGES.badCursor });
      }
      throw err;
    });
  return rows;
}

/** A count that stops at `cap` (COUNT_CAP): the matches' count, and whether more than `cap` matched. */
export type CappedCount = { n: number; capped: boolean };
const cappedOf = (n: number, cap: number): CappedCount => ({ n: Math.min(n, cap), capped: n > cap });

/**
 * PRODUCT.md §15: how many rows the filters match, all pages (X-Total-Count), up to `cap` (issue 64 item 6: a
 * count over a `limit cap + 1` subquery reads at most cap + 1 rows, however many match).
 */
export async function countOfRequests(
  db: Db | Tx,
  member: FirmMember,
  query: Omit<FirmRequestListQuery, 'limit' | 'cursor' | 'sort'>,
  cap = COUNT_CAP,
): Promise<CappedCount> {
  const matches = db
    .select({ one: sql`1` })
    .from(lpqRequests)
    .where(filters(member, query))
    // Only the scope and the search: read in the list's default order (lpq_requests_firm_idx, backwards), the
    // first cap + 1 that match. With a limit alone the planner would read a large firm by a Seq Scan, counting
    // on finding its rows early in the table; a narrowing filter reads its own index (and its matches).
    .orderBy(...(narrowed(query) ? [] : [desc(lpqRequests.sentAt), desc(lpqRequests.id)]))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return cappedOf(row.n, cap);
}

/** The invitation's sign-up links stop working. */
export async function endInvitationTokens(tx: Tx, requestId: string) {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.requestId, requestId),
        eq(emailTokens.purpose, 'invitation'),
        isNull(emailTokens.usedAt),
      ),
    );
}

export async function markResent(tx: Tx, requestId: string) {
  const [updated] = await tx
    .update(lpqRequests)
    .set({ lastResentAt: new Date() })
    .where(eq(lpqRequests.id, requestId))
    .returning();
  return updated;
}

export async function notesOf(db: Db | Tx, requestId: string) {
  return db
    .select()
    .from(requestNotes)
    .where(eq(requestNotes.requestId, requestId))
    .orderBy(asc(requestNotes.createdAt), asc(requestNotes.id));
}

export async function insertNote(db: Db | Tx, values: typeof requestNotes.$inferInsert) {
  const [row] = await db.insert(requestNotes).values(values).returning();
  return row;
}

/**
 * PRODUCT.md §15, the dashboard's pipeline cards, in one statement: new since a member last opened them,
 * waiting on this member (assigned, shared, not yet marked Under Review or Review Complete) and with conflicts
 * waiting. Each is the count of the list's matching filter, shown up to `cap` as the list's is.
 *
 * Issue 64 item 6: where the member's scope is the whole firm's, a card reads the count kept on write
 * (firm_pipeline_counts, reviewer_waiting_counts: migration 0032's triggers) less the requests whose access
 * ended and the expiry job has not yet revoked (lpq_requests_firm_access_until_idx: those few alone), so it
 * costs the same at 10,000 requests as at 100. 'New' for a member who is neither admin nor recruiter (a
 * reviewer's assignments, a conflicts member's shares) stays a count over a `limit cap + 1`, as is 'Conflicts
 * waiting' for a reviewer without the conflicts role (their assignments).
 */
export async function pipelineCounts(db: Db | Tx, member: FirmMember, cap = COUNT_CAP) {
  const today = todayUtc();
  const scope = requestPolicies.firmSees.scope(memberRef(member), lpqRequests);
  const upToCap = (where: SQL) =>
    sql<number>`(select count(*) from (select 1 from ${lpqRequests} where ${scope} and ${where}
      limit ${cap + 1}) m)`.mapWith(Number);
  const mine = sql`exists (select 1 from ${requestReviewers} where ${requestReviewers.requestId} = ${lpqRequests.id} and ${requestReviewers.userId} = ${member.id}::uuid)`;
  // The kept count, less its requests whose access ended (still shared: the expiry job has not come by). Each
  // column is in a nested sql: a select from one table writes its fields' own columns unqualified.
  const kept = (count: SQL, ended: SQL) =>
    sql<number>`(coalesce((${count}), 0) - (select count(*) from ${lpqRequests}
      where ${sql`${lpqRequests.firmId} = ${firms.id}`} and ${accessEndedSql(lpqRequests, today)} and ${ended}))`.mapWith(
      Number,
    );
  const firmCount = (column: SQLWrapper) =>
    sql`select ${column} from ${firmPipelineCounts} where ${firmPipelineCounts.firmId} = ${firms.id}`;
  const wholeFirm = hasRole(member.firm.roles, 'admin', 'recruiter');
  const seesEveryShare = wholeFirm || hasRole(member.firm.roles, 'conflicts');
  const [row] = await db
    .select({
      newSinceLastVisit: wholeFirm
        ? kept(firmCount(firmPipelineCounts.newCount), newsSql)
        : upToCap(isNewSql(today)),
      waitingOnMe: kept(
        sql`select ${reviewerWaitingCounts.count} from ${reviewerWaitingCounts}
          where ${reviewerWaitingCounts.userId} = ${member.id}::uuid and ${reviewerWaitingCounts.firmId} = ${firms.id}`,
        sql`${lpqRequests.status} in ('accepted', 'in_progress') and ${mine}`,
      ),
      // Conflicts wait whatever the package's access: nothing to take off.
      conflictsWaiting: seesEveryShare
        ? sql<number>`coalesce((${firmCount(firmPipelineCounts.conflictsPending)}), 0)`.mapWith(Number)
        : upToCap(conflictsSummarySql(lpqRequests).is('pending')),
    })
    .from(firms)
    .where(eq(firms.id, member.firm.id));
  return {
    newSinceLastVisit: cappedOf(row.newSinceLastVisit, cap),
    waitingOnMe: cappedOf(row.waitingOnMe, cap),
    conflictsWaiting: cappedOf(row.conflictsWaiting, cap),
  };
}
