import { type FirmRequestListQuery, type FirmRequestSort, PIPELINE_MESSAGES } from '@shared/firm-pipeline';
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { emailTokens, lpqRequests, requestNotes, users } from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import type { FirmMember } from '../../policies/authorize';
import { requestPolicies } from '../../policies/request.policy';
import { memberRef } from '../../policies/request-scope';

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
type SharedBy = ReturnType<typeof sharedByOf>;

function filters(
  member: FirmMember,
  query: Pick<FirmRequestListQuery, 'status' | 'q'>,
  sharedBy: SharedBy,
): SQL {
  const conditions: SQL[] = [requestPolicies.firmSees.scope(memberRef(member), lpqRequests)];
  if (query.status) conditions.push(eq(lpqRequests.status, query.status));
  if (query.q) {
    const p = likePattern(query.q);
    conditions.push(
      sql`(${lpqRequests.attorneyEmail} ilike ${p} or ${lpqRequests.positionTitle} ilike ${p}
        or ${lpqRequests.practiceArea} ilike ${p}
        or (${lpqRequests.sharedAt} is not null and (${sharedBy.firstName} || ' ' || ${sharedBy.lastName}) ilike ${p}))`,
    );
  }
  return and(...conditions) as SQL;
}

/** One page after the cursor's row (keyset pagination), one row more than asked to tell if another follows. */
export async function pageOfRequests(
  db: Db | Tx,
  member: FirmMember,
  query: FirmRequestListQuery,
  after: [string, string] | null,
) {
  const { key, type, desc } = sortKey(query.sort);
  const sharedBy = sharedByOf(db);
  const where = [filters(member, query, sharedBy)];
  if (after) {
    const op = sql.raw(desc ? '<' : '>');
    where.push(sql`(${key}, ${lpqRequests.id}) ${op} (${after[0]}::${sql.raw(type)}, ${after[1]}::uuid)`);
  }
  const direction = (e: SQL) => (desc ? sql`${e} desc` : sql`${e} asc`);
  const rows = await db
    .select({
      request: lpqRequests,
      firstName: sharedBy.firstName,
      lastName: sharedBy.lastName,
      sortKey: sql<string>`(${key})::text`,
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
