import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  auditEvents,
  auditHeads,
  files,
  lpqRequests,
  sharedPackageFiles,
  sharedPackageSeals,
  sharedPackages,
  users,
} from '../../../db/schema';

/**
 * PRODUCT.md §11: what verify and the audit trail read. Callers narrow `where` to the requests the actor
 * may see (attorneyRequestScope / firmRequestScope, the SQL forms of request.attorneyActs and
 * request.firmOwns) or pass one request the service has already authorized.
 */

/** One version as stored, with its seal, its documents (and where their bytes are) and its trail events. */
export async function versionToVerify(db: Db | Tx, requestId: string, version: number) {
  const at = and(eq(sharedPackages.requestId, requestId), eq(sharedPackages.version, version));
  const [row] = await db.select().from(sharedPackages).where(at);
  if (!row) return null;
  const [seal] = await db
    .select()
    .from(sharedPackageSeals)
    .where(and(eq(sharedPackageSeals.requestId, requestId), eq(sharedPackageSeals.version, version)));
  const documents = await db
    .select({
      id: sharedPackageFiles.fileId,
      name: sharedPackageFiles.name,
      contentType: sharedPackageFiles.contentType,
      size: sharedPackageFiles.size,
      sha256: sharedPackageFiles.sha256,
      storageKey: files.storageKey,
    })
    .from(sharedPackageFiles)
    .leftJoin(files, eq(files.id, sharedPackageFiles.fileId))
    .where(and(eq(sharedPackageFiles.requestId, requestId), eq(sharedPackageFiles.version, version)))
    .orderBy(asc(sharedPackageFiles.position));
  const events = await db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.requestId, requestId),
        inArray(auditEvents.type, ['shared', 'updated', 'certified']),
        sql`${auditEvents.details}->>'version' = ${String(version)}`,
      ),
    )
    .orderBy(asc(auditEvents.seq));
  return { row, seal: seal ?? null, documents, events };
}
export type VersionToVerify = NonNullable<Awaited<ReturnType<typeof versionToVerify>>>;

/**
 * The events of the requests `where` selects (over lpq_requests), each request's in order, with what the
 * downloads name: the request's firm and position, and the actor's name. An attorney is named from their
 * account while it exists, and to the firm only once they shared the request (PRODUCT.md §5: until then the
 * firm learns nothing beyond the address it typed).
 */
export async function trailEvents(db: Db | Tx, where: SQL, side: 'attorney' | 'firm') {
  const attorneyNamed = side === 'attorney' ? sql`true` : sql`${lpqRequests.sharedAt} is not null`;
  return db
    .select({
      event: auditEvents,
      firmName: lpqRequests.firmName,
      positionTitle: lpqRequests.positionTitle,
      actorName: sql<string | null>`case
        when ${auditEvents.actorKind} = 'attorney' and ${users.id} is not null and ${attorneyNamed}
          then ${users.firstName} || ' ' || ${users.lastName}
        else ${auditEvents.actorName} end`,
    })
    .from(auditEvents)
    .innerJoin(lpqRequests, eq(lpqRequests.id, auditEvents.requestId))
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(asc(lpqRequests.sentAt), asc(lpqRequests.id), asc(auditEvents.seq));
}
export type TrailRow = Awaited<ReturnType<typeof trailEvents>>[number];

/** The chain heads of the requests `where` selects, with the request's firm, position and sent date. */
export async function trailHeads(db: Db | Tx, where: SQL) {
  return db
    .select({
      head: auditHeads,
      firmName: lpqRequests.firmName,
      positionTitle: lpqRequests.positionTitle,
      attorneyEmail: lpqRequests.attorneyEmail,
    })
    .from(auditHeads)
    .innerJoin(lpqRequests, eq(lpqRequests.id, auditHeads.requestId))
    .where(where)
    .orderBy(asc(lpqRequests.sentAt), asc(lpqRequests.id));
}

/**
 * One request, by id, for `trailEvents` and `trailHeads` once the service has authorized it; with `scope`
 * (the owner's SQL rule) narrowed to it again.
 */
export const oneRequest = (requestId: string, scope?: SQL) => and(eq(lpqRequests.id, requestId), scope)!;
