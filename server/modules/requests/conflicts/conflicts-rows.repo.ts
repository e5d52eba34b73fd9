import { createHash } from 'node:crypto';
import type { ConflictsRowData, RowStatus } from '@shared/conflicts';
import { and, asc, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  conflictsClearances,
  conflictsPrechecks,
  conflictsRows,
  firmMembers,
  lpqRequests,
  users,
} from '../../../db/schema';

/**
 * PRODUCT.md §13: the rows of a request's conflicts check and their answers. A row's `rowId` is a hash keyed by
 * the request of what keeps it the same across versions (the matter's id, the party's role and name: `key` of
 * shared/conflicts.ts), so it says nothing of a withheld matter and differs from one request to another.
 */
export const rowIdOf = (requestId: string, key: string) =>
  createHash('sha256').update(`${requestId}\u0000${key}`, 'utf8').digest('hex').slice(0, 24);

export type StoredRow = typeof conflictsRows.$inferSelect;

/** Locks the request row: every change to its rows and answers takes this lock first, so none is lost. */
export async function lockRequest(tx: Tx, requestId: string) {
  const [row] = await tx
    .select({ id: lpqRequests.id, status: lpqRequests.status })
    .from(lpqRequests)
    .where(eq(lpqRequests.id, requestId))
    .for('update');
  return row;
}

/**
 * The request's `conflictsStatus` and `conflictsWaiting` from its present rows, in the caller's transaction:
 * null without rows, 'pending' while a row has no answer, else 'issues' if an answer is not 'cleared', else
 * 'cleared'.
 */
async function deriveStatus(tx: Tx, requestId: string) {
  const present = and(eq(conflictsRows.requestId, requestId), eq(conflictsRows.present, true));
  await tx
    .update(lpqRequests)
    .set({
      conflictsWaiting: sql`(select count(*)::int from ${conflictsRows} where ${present} and ${conflictsRows.status} is null)`,
      conflictsStatus: sql`(select case
          when count(*) = 0 then null
          when count(*) filter (where ${conflictsRows.status} is null) > 0 then 'pending'
          when count(*) filter (where ${conflictsRows.status} <> 'cleared') > 0 then 'issues'
          else 'cleared' end
        from ${conflictsRows} where ${present})`,
    })
    .where(eq(lpqRequests.id, requestId));
}

/** §9's manual decision as a row's first answer, for a request decided before rows existed (nothing lost). */
async function legacyAnswer(tx: Tx, requestId: string) {
  const [existing] = await tx
    .select({ rowId: conflictsRows.rowId })
    .from(conflictsRows)
    .where(eq(conflictsRows.requestId, requestId))
    .limit(1);
  if (existing) return null;
  const [latest] = await tx
    .select()
    .from(conflictsClearances)
    .where(eq(conflictsClearances.requestId, requestId))
    .orderBy(desc(conflictsClearances.createdAt), desc(conflictsClearances.id))
    .limit(1);
  if (!latest || latest.status === 'pending') return null;
  return {
    status: (latest.status === 'cleared' ? 'cleared' : 'possible') as RowStatus,
    answeredByUserId: latest.decidedByUserId,
    answeredByName: latest.decidedByName,
    answeredAt: latest.createdAt,
  };
}

/**
 * Makes `rows` the request's present rows (in their order), in the caller's transaction: a row whose rowId was
 * there before keeps its answer, a new row waits for one (PRODUCT.md §13), a row no longer sent is kept absent.
 * `version`: the version the rows come from (null: the pre-check).
 */
export async function syncRows(tx: Tx, requestId: string, rows: ConflictsRowData[], version: number | null) {
  await lockRequest(tx, requestId);
  const seed = await legacyAnswer(tx, requestId);
  const ids: string[] = [];
  for (const [position, row] of rows.entries()) {
    const rowId = rowIdOf(requestId, row.key);
    ids.push(rowId);
    const data = {
      position,
      present: true,
      version,
      partyName: row.partyName,
      partyRole: row.partyRole,
      clientName: row.clientName,
      matterDescription: row.matterDescription,
      current: row.current,
      openedOn: row.openedOn,
      closedOn: row.closedOn,
      clientMayObject: row.clientMayObject,
      partyCount: row.partyCount,
    };
    await tx
      .insert(conflictsRows)
      .values({ requestId, rowId, ...data, ...(seed ?? {}) })
      .onConflictDoUpdate({ target: [conflictsRows.requestId, conflictsRows.rowId], set: data });
  }
  await tx
    .update(conflictsRows)
    .set({ present: false })
    .where(
      and(
        eq(conflictsRows.requestId, requestId),
        ids.length ? notInArray(conflictsRows.rowId, ids) : undefined,
      ),
    );
  await deriveStatus(tx, requestId);
}

/** The request's present rows, in the form's order. */
export async function presentRows(db: Db | Tx, requestId: string) {
  return db
    .select()
    .from(conflictsRows)
    .where(and(eq(conflictsRows.requestId, requestId), eq(conflictsRows.present, true)))
    .orderBy(asc(conflictsRows.position), asc(conflictsRows.rowId));
}

/** True when the request ever had rows (so a legacy request is made its rows once). */
export async function hasRows(db: Db | Tx, requestId: string) {
  const [row] = await db
    .select({ rowId: conflictsRows.rowId })
    .from(conflictsRows)
    .where(eq(conflictsRows.requestId, requestId))
    .limit(1);
  return !!row;
}

/**
 * One answer to one present row, in the caller's transaction, after the request's lock: two members answering
 * at once are one after the other (the later answer stands), and an update racing an answer re-opens nothing
 * it should not. Answers the row, or undefined when the request has no such present row.
 */
export async function answerRow(
  tx: Tx,
  requestId: string,
  rowId: string,
  answer: { status: RowStatus; noteToAttorney: string | null; userId: string; name: string },
) {
  await lockRequest(tx, requestId);
  const [row] = await tx
    .update(conflictsRows)
    .set({
      status: answer.status,
      noteToAttorney: answer.noteToAttorney,
      answeredByUserId: answer.userId,
      answeredByName: answer.name,
      answeredAt: sql`now()`,
    })
    .where(
      and(
        eq(conflictsRows.requestId, requestId),
        eq(conflictsRows.rowId, rowId),
        eq(conflictsRows.present, true),
      ),
    )
    .returning();
  if (row) await deriveStatus(tx, requestId);
  return row;
}

/** The request's derived conflicts status and its rows waiting, as kept on the request row (PRODUCT.md §13). */
export async function conflictsStateOf(db: Db | Tx, requestId: string) {
  const [state] = await db
    .select({ conflictsStatus: lpqRequests.conflictsStatus, conflictsWaiting: lpqRequests.conflictsWaiting })
    .from(lpqRequests)
    .where(eq(lpqRequests.id, requestId));
  return state;
}

/**
 * PRODUCT.md §13, the pre-check: marks it sent (again, after a withdrawal) and makes the form's rows the request's
 * rows, version null, in the caller's transaction after the request's lock (syncRows): a row sent before keeps
 * its answer. The rows come without matter descriptions (precheckRowsOf): what is not shown is not stored.
 */
export async function sendPrecheckRows(tx: Tx, requestId: string, rows: ConflictsRowData[]) {
  await tx
    .insert(conflictsPrechecks)
    .values({ requestId })
    .onConflictDoUpdate({
      target: conflictsPrechecks.requestId,
      set: { sentAt: sql`now()`, withdrawnAt: null },
    });
  await syncRows(tx, requestId, rows, null);
  const [precheck] = await tx
    .select()
    .from(conflictsPrechecks)
    .where(eq(conflictsPrechecks.requestId, requestId));
  return precheck!;
}

/**
 * Withdraws a pending request's pre-check, in the caller's transaction after the request's lock: the rows and
 * their answers go (the conflicts team keeps nothing of it), the request's conflicts status is null again.
 * Undefined when no pre-check was in force.
 */
export async function withdrawPrecheckRows(tx: Tx, requestId: string) {
  const [withdrawn] = await tx
    .update(conflictsPrechecks)
    .set({ withdrawnAt: sql`now()` })
    .where(and(eq(conflictsPrechecks.requestId, requestId), isNull(conflictsPrechecks.withdrawnAt)))
    .returning();
  if (!withdrawn) return undefined;
  await tx.delete(conflictsRows).where(eq(conflictsRows.requestId, requestId));
  await deriveStatus(tx, requestId);
  return withdrawn;
}

/** The request's pre-check in force (sent, not withdrawn), or undefined. */
export async function precheckOf(db: Db | Tx, requestId: string) {
  const [precheck] = await db
    .select()
    .from(conflictsPrechecks)
    .where(and(eq(conflictsPrechecks.requestId, requestId), isNull(conflictsPrechecks.withdrawnAt)));
  return precheck;
}

/** The firm's members with the conflicts role: the only ones a pre-check reaches (PRODUCT.md §13). */
export async function conflictsMembers(db: Db | Tx, firmId: string) {
  return db
    .selectDistinct({ email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(firmMembers, and(eq(firmMembers.userId, users.id), eq(firmMembers.firmId, firmId)))
    .where(sql`'conflicts' = any(${firmMembers.roles})`);
}

/** The attorney of a pending request: the account of the verified address it was sent to (for its access log). */
export async function precheckAttorneyId(db: Db | Tx, attorneyEmail: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${attorneyEmail.toLowerCase()}`, eq(users.userType, 'attorney')));
  return user?.id ?? null;
}
