import type { AuditEventType } from '@shared/audit-trail';
import { type FirmRole, roleNames } from '@shared/team';
import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessEvents, users } from '../../db/schema';
import type { AccessKind } from './audit.repo';
import { appendAuditEvent } from './audit-chain';

/**
 * PRODUCT.md §11: the reads recorded without the chain's lock — the firm's package view (the hot read: many
 * members reading one request would queue on the head row), the conflicts view, the self-identification
 * page — go into their requests' audit trails here, in the order they were recorded, with the time they
 * happened. The job `trail.seal-reads` runs it every minute; a trail's download or verify seals its
 * requests first, so what a trail shows is complete. Each batch is one transaction: the events and their
 * access rows' mark go together, and `skip locked` lets two processes seal side by side.
 */
const TRAIL_TYPE: Record<AccessKind, AuditEventType> = {
  package_view: 'read',
  conflicts_view: 'read',
  self_identification_view: 'read',
  document_download: 'downloaded',
  pdf_download: 'exported',
  csv_export: 'exported',
};
const WHAT: Record<AccessKind, string> = {
  package_view: 'package',
  conflicts_view: 'conflicts view',
  self_identification_view: 'self-identification form',
  document_download: 'document',
  pdf_download: 'pdf',
  csv_export: 'list',
};
const BATCH = 200;

export async function sealPendingReads(db: Db, requestIds?: string[]): Promise<number> {
  let sealed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
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
        .limit(BATCH)
        .for('update', { of: accessEvents, skipLocked: true });
      for (const { event, email, firstName, lastName } of pending) {
        const roles = (event.readerRoles ?? []) as FirmRole[];
        await appendAuditEvent(tx, {
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
    });
    sealed += done;
    if (done < BATCH) return sealed;
  }
}
