import { type AuditEventType, BUSINESS_CASE_TRAIL_WHAT } from '@shared/audit-trail';
import { type FirmRole, roleNames } from '@shared/team';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accessEvents, auditHeads, users } from '../../db/schema';
import type { AccessKind } from './audit.repo';
import { type AuditEventInput, appendChainEvent } from './audit-chain';

/**
 * PRODUCT.md §11: the reads recorded without the chain's lock — the firm's package view (the hot read: many
 * members reading one request would queue on the head row), the conflicts view, the self-identification
 * page — go into their requests' audit trails here, in the order they were recorded, with the time they
 * happened. The job `trail.seal-reads` runs it every minute; a trail's download or verify seals its
 * requests first, so what a trail shows is complete; and an action's event (`appendAuditEvent`) enters its
 * request's reads before it, so a trail runs in time order. Each batch is one transaction: the events and their
 * access rows' mark go together, and `skip locked` lets two processes seal side by side.
 */
const TRAIL_TYPE: Record<AccessKind, AuditEventType> = {
  package_view: 'read',
  conflicts_view: 'read',
  conflicts_export: 'exported',
  self_identification_view: 'read',
  document_download: 'downloaded',
  pdf_download: 'exported',
  csv_export: 'exported',
  business_case_view: 'read',
  business_case_export: 'exported',
};
const WHAT: Record<AccessKind, string> = {
  package_view: 'package',
  conflicts_view: 'conflicts view',
  conflicts_export: 'conflicts rows',
  self_identification_view: 'self-identification form',
  document_download: 'document',
  pdf_download: 'pdf',
  csv_export: 'list',
  business_case_view: BUSINESS_CASE_TRAIL_WHAT.view,
  business_case_export: BUSINESS_CASE_TRAIL_WHAT.export,
};
const BATCH = 200;

/**
 * The request's reads recorded so far and not yet in its trail, appended now in the caller's transaction, oldest
 * first, with the time each happened; `requestIds` omitted: every request's. At most `limit` reads; returns how
 * many. `skip locked`: reads another transaction is sealing are left to it.
 */
async function appendPendingReads(tx: Db | Tx, requestIds: string[] | undefined, limit: number) {
  const pending = await tx
    .select({
      event: accessEvents,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(accessEvents)
    .leftJoin(users, eq(users.id, accessEvents.firmUserId))
    .where(
      and(
        not(accessEvents.inTrail),
        requestIds?.length ? inArray(accessEvents.requestId, requestIds) : undefined,
      ),
    )
    .orderBy(asc(accessEvents.id))
    .limit(limit)
    .for('update', { of: accessEvents, skipLocked: true });
  // Reads of several requests: their trails' heads in one order (by request id) before appending in the reads'
  // order, so two seals of overlapping requests (the job, an attorney's account trail) wait instead of
  // deadlocking.
  const heads = [...new Set(pending.map((p) => p.event.requestId))].sort();
  if (heads.length > 1)
    await tx.execute(
      sql`select 1 from ${auditHeads} where ${inArray(auditHeads.requestId, heads)} order by ${auditHeads.requestId} for update`,
    );
  for (const { event, email, firstName, lastName } of pending) {
    const roles = (event.readerRoles ?? []) as FirmRole[];
    await appendChainEvent(tx, {
      requestId: event.requestId,
      actor: {
        kind: 'firm',
        userId: event.firmUserId,
        name: `${firstName ?? ''} ${lastName ?? ''}`.trim() || null,
        email: email ?? null,
        role: roleNames(roles) || null,
      },
      type: TRAIL_TYPE[event.kind],
      details: { what: WHAT[event.kind], ...(event.parts ? { parts: event.parts } : {}) },
      at: event.createdAt,
    });
  }
  if (pending.length)
    await tx
      .update(accessEvents)
      .set({ inTrail: true })
      .where(
        inArray(
          accessEvents.id,
          pending.map((p) => p.event.id),
        ),
      );
  return pending.length;
}

export async function sealPendingReads(db: Db, requestIds?: string[]): Promise<number> {
  let sealed = 0;
  for (;;) {
    const done = await db.transaction((tx) => appendPendingReads(tx, requestIds, BATCH));
    sealed += done;
    if (done < BATCH) return sealed;
  }
}

/**
 * Appends an action's event to its request's chain, in the caller's transaction (PRODUCT.md §11: in the same
 * transaction as the action), after the request's reads recorded before it: a trail lists what happened in the
 * order it happened (a view, then the status change it led to), not a view sealed later after a newer action.
 * Throws when the request has no head (it does not exist): an event is never silently lost.
 */
export async function appendAuditEvent(
  tx: Db | Tx,
  event: AuditEventInput,
): Promise<{ seq: number; hash: string }> {
  await appendPendingReads(tx, [event.requestId], Number.MAX_SAFE_INTEGER);
  return appendChainEvent(tx, event);
}
