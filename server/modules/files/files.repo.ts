import type { ReadablePart } from '@shared/team';
import { isUuid } from '@shared/uuid';
import { and, desc, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  attorneyProfiles,
  files,
  lpqRequests,
  positionLpqFiles,
  sharedPackageFiles,
  users,
} from '../../db/schema';
import type { FirmMember } from '../../policies/authorize';
import {
  firmOwnsSql,
  memberRef,
  packageOpenSql,
  packagePartsSql,
  todayUtc,
} from '../../policies/request-scope';
import type { FileRow } from './file-ref';

/**
 * Attorney documents. Reads for an owner are narrowed by `ownedBy` (policy file.ownFile); a firm's
 * download is judged on the row and its grant (policy file.download).
 */
const ownedBy = (ownerId: string) => eq(files.ownerId, ownerId);

/** The owner's row is the lock: two uploads started at once cannot both take the last room. */
export async function lockOwnerAndCountBytes(tx: Tx, ownerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const [{ used }] = await tx
    .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(ownedBy(ownerId));
  return Number(used);
}

export async function insertPendingFile(tx: Tx, values: typeof files.$inferInsert) {
  const [row] = await tx.insert(files).values(values).returning();
  return row;
}

export async function setUploadId(db: Db | Tx, id: string, uploadId: string | null) {
  await db.update(files).set({ uploadId }).where(eq(files.id, id));
}

/** The owner's pending file with this multipart upload open. */
export async function findOpenUpload(db: Db | Tx, ownerId: string, key: string, uploadId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        ownedBy(ownerId),
        eq(files.storageKey, key),
        eq(files.uploadId, uploadId),
        eq(files.status, 'pending'),
      ),
    );
  return row;
}

export async function lockOwnFile(tx: Tx, ownerId: string, id: string) {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.id, id), ownedBy(ownerId)))
    .for('update');
  return row;
}

export async function findOwnFile(db: Db | Tx, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), ownedBy(ownerId)));
  return row;
}

export async function findReadyFile(db: Db | Tx, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.status, 'ready')));
  return row;
}

export async function markReady(
  tx: Tx,
  id: string,
  set: { storageKey: string; size: number; contentType: string; filename: string; sha256: string },
) {
  const [ready] = await tx
    .update(files)
    .set({ status: 'ready', ...set, confirmedAt: new Date() })
    .where(eq(files.id, id))
    .returning();
  return ready;
}

export async function deleteFile(db: Db | Tx, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

export async function deletePendingFile(db: Db | Tx, id: string) {
  await db.delete(files).where(and(eq(files.id, id), eq(files.status, 'pending')));
}

export async function setProfileResume(tx: Tx, userId: string, resumeUrl: string) {
  await tx
    .insert(attorneyProfiles)
    .values({ userId, resumeUrl })
    .onConflictDoUpdate({ target: attorneyProfiles.userId, set: { resumeUrl, updatedAt: new Date() } });
}

export async function stalePendingFiles(db: Db, cutoff: Date, limit: number) {
  return db
    .select()
    .from(files)
    .where(and(eq(files.status, 'pending'), lt(files.createdAt, cutoff)))
    .orderBy(files.createdAt)
    .limit(limit);
}

/** The pending file a signed URL writes to (the local driver's PUT). */
export async function findPendingByKey(db: Db, key: string, uploadId?: string) {
  const [row] = await db
    .select({ id: files.id, size: files.size })
    .from(files)
    .where(
      and(
        eq(files.storageKey, key),
        eq(files.status, 'pending'),
        uploadId ? eq(files.uploadId, uploadId) : sql`${files.uploadId} is null`,
      ),
    );
  return row;
}

/**
 * The shared request through which this firm member may download the file (policy file.download's grant): the
 * file is in a version of a package shared with the member's firm (or attached to its position LPQ), the
 * package is open now (shared, not revoked, within its access period: `packageOpenSql`, on the one clock), and
 * the member's roles reach its documents (`packagePartsSql`: admins, recruiters, the assigned reviewers).
 * Checked at every download, so a link handed out before a revocation, an unassignment or a removal answers
 * 404 after it.
 */
export async function findFirmGrant(db: Db, member: FirmMember, file: FileRow) {
  const ref = memberRef(member);
  const [grant] = await db
    .select({
      requestId: lpqRequests.id,
      attorneyUserId: lpqRequests.attorneyUserId,
      firmId: lpqRequests.firmId,
      firmName: lpqRequests.firmName,
      parts: packagePartsSql(ref, lpqRequests).mapWith((v) => v as ReadablePart[]),
    })
    .from(lpqRequests)
    .where(
      and(
        eq(lpqRequests.attorneyUserId, file.ownerId),
        firmOwnsSql(ref, lpqRequests),
        sql`'documents' = any(${packagePartsSql(ref, lpqRequests)})`,
        packageOpenSql(lpqRequests, todayUtc()),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(sharedPackageFiles)
              .where(
                and(eq(sharedPackageFiles.requestId, lpqRequests.id), eq(sharedPackageFiles.fileId, file.id)),
              ),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(positionLpqFiles)
              .where(
                and(eq(positionLpqFiles.requestId, lpqRequests.id), eq(positionLpqFiles.fileId, file.id)),
              ),
          ),
        ),
      ),
    )
    .orderBy(desc(lpqRequests.sharedAt))
    .limit(1);
  return grant?.attorneyUserId ? { ...grant, attorneyUserId: grant.attorneyUserId } : undefined;
}

/**
 * Keeps position_lpq_files equal to the documents a position LPQ's answers attach: the attorney's own
 * files, named by id. Called in the transaction of every write of the LPQ.
 */
export async function replacePositionLpqFiles(
  tx: Tx,
  requestId: string,
  ownerId: string,
  documents: unknown,
) {
  const named = (Array.isArray(documents) ? documents : []).flatMap((d) => {
    const id = d && typeof d === 'object' ? (d as { id?: unknown }).id : undefined;
    return typeof id === 'string' && isUuid(id) ? [id.toLowerCase()] : [];
  });
  await tx.delete(positionLpqFiles).where(eq(positionLpqFiles.requestId, requestId));
  if (!named.length) return;
  const own = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...new Set(named)]), ownedBy(ownerId)));
  if (own.length) await tx.insert(positionLpqFiles).values(own.map(({ id }) => ({ requestId, fileId: id })));
}

/** PRODUCT.md §11: the stored SHA-256 of each of these files (null: confirmed before hashes were kept). */
export async function fileHashesOf(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, storageKey: files.storageKey, sha256: files.sha256 })
    .from(files)
    .where(inArray(files.id, ids));
}

/** Records the hash of a file confirmed before hashes were kept (only where none is recorded). */
export async function setMissingFileHash(db: Db | Tx, id: string, sha256: string) {
  await db
    .update(files)
    .set({ sha256 })
    .where(and(eq(files.id, id), sql`${files.sha256} is null`));
}
