import { randomUUID } from 'node:crypto';
import type { User } from '@shared/auth';
import {
  FILE_MESSAGES,
  type FileRef,
  fileIdFromUrl,
  objectUrlFor,
  type UploadSettings,
  type UploadTicket,
  uploadRequestSchema,
} from '@shared/files';
import { LIMITS } from '@shared/limits';
import { SHARED_DOCUMENT_STATUSES } from '@shared/requests';
import { isUuid } from '@shared/uuid';
import { and, desc, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  attorneyProfiles,
  files,
  lpqRequests,
  positionLpqs,
  sharedPackageFiles,
  users,
} from '../../db/schema';
import { badRequest, HttpError, notFound, payloadTooLarge } from '../../plugins/errors';
import { type CompletedPart, PartsInvalidError, UPLOAD_URL_TTL_SECONDS } from '../../storage/storage';
import { recordAccess, recordActivity } from '../audit/audit.service';
import { detectDocumentType, HEAD_BYTES, TAIL_BYTES } from './document-type';

type FileRow = typeof files.$inferSelect;
/** What a client says about a file before sending it; checked here. */
type UploadInput = z.input<typeof uploadRequestSchema>;

/** Pending uploads live where presigned URLs can write; a confirmed file moves out of reach. */
const incomingKey = (id: string) => `incoming/${id}`;
const documentKey = (id: string) => `documents/${id}`;
/** Pending files older than this are swept (issue 4). */
export const PENDING_FILE_TTL_MS = 24 * 60 * 60 * 1000;

export function presentFile(row: FileRow): FileRef {
  return {
    id: row.id,
    name: row.filename,
    contentType: row.contentType,
    size: row.size,
    url: objectUrlFor(row.id),
  };
}

export function uploadSettings(ctx: AppContext): UploadSettings {
  return { maxFileBytes: LIMITS.maxFileBytes, ...ctx.config.uploads };
}

/** The bytes a user may keep in storage, confirmed and pending files together. */
export const quotaBytes = (ctx: AppContext) => ctx.config.uploadQuotaMb * 1024 * 1024;

/**
 * Records the upload as pending; refuses what the browser already says is too big or not a document,
 * and what would take the owner past the storage quota. The row's size is what the upload may bring:
 * the declared size, or the per-file limit when the client does not say (the prototype's bodiless
 * call). Confirmation refuses more bytes than that and then stores the real size.
 */
async function createPendingFile(ctx: AppContext, owner: User, input: UploadInput) {
  const parsed = uploadRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue.message, { [issue.path.join('.') || 'file']: issue.message });
  }
  const { filename, contentType, size } = parsed.data;
  if (size > LIMITS.maxFileBytes) {
    const message = FILE_MESSAGES.exceedsSize(filename);
    throw payloadTooLarge(message, { size: message });
  }
  const reserved = size > 0 ? size : LIMITS.maxFileBytes;
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    // The owner's row is the lock: two uploads started at once cannot both take the last room.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    const [{ used }] = await tx
      .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.ownerId, owner.id));
    if (Number(used) + reserved > quotaBytes(ctx)) {
      const message = FILE_MESSAGES.quotaExceeded(ctx.config.uploadQuotaMb);
      throw payloadTooLarge(message, { file: message });
    }
    const [row] = await tx
      .insert(files)
      .values({ id, ownerId: owner.id, storageKey: incomingKey(id), filename, contentType, size: reserved })
      .returning();
    return row;
  });
}

/**
 * POST /api/objects/upload. Without a body (the prototype's call) the name and type are unknown
 * until the bytes are confirmed.
 */
export async function issueUploadUrl(
  ctx: AppContext,
  owner: User,
  input: UploadInput | undefined,
): Promise<UploadTicket> {
  const row = await createPendingFile(
    ctx,
    owner,
    input ?? { filename: 'document', contentType: 'application/pdf', size: 0 },
  );
  return {
    uploadURL: await ctx.storage.presignPut(row.storageKey, row.contentType),
    objectPath: objectUrlFor(row.id),
  };
}

/** Companion GET s3/params: one presigned PUT for a whole file. */
export async function issueUploadParams(ctx: AppContext, owner: User, input: UploadInput) {
  const row = await createPendingFile(ctx, owner, input);
  return {
    method: 'PUT' as const,
    url: await ctx.storage.presignPut(row.storageKey, row.contentType),
    fields: { key: row.storageKey },
    headers: { 'content-type': row.contentType },
  };
}

/** Companion POST s3/multipart. */
export async function createMultipartUpload(ctx: AppContext, owner: User, input: UploadInput) {
  const row = await createPendingFile(ctx, owner, input);
  const uploadId = await ctx.storage.createMultipartUpload(row.storageKey, row.contentType);
  await ctx.db.update(files).set({ uploadId }).where(eq(files.id, row.id));
  return { key: row.storageKey, uploadId };
}

/** The caller's own pending file with this multipart upload open; anything else is 404. */
async function findOpenUpload(ctx: AppContext, owner: User, key: string, uploadId: string) {
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.ownerId, owner.id),
        eq(files.storageKey, key),
        eq(files.uploadId, uploadId),
        eq(files.status, 'pending'),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export async function signUploadPart(
  ctx: AppContext,
  owner: User,
  { key, uploadId, partNumber }: { key: string; uploadId: string; partNumber: number },
) {
  await findOpenUpload(ctx, owner, key, uploadId);
  if (partNumber < 1 || partNumber > ctx.config.uploads.maxParts) {
    const message = `Part number must be between 1 and ${ctx.config.uploads.maxParts}`;
    throw badRequest(message, { partNumber: message });
  }
  return {
    url: await ctx.storage.presignPart(key, uploadId, partNumber),
    expires: UPLOAD_URL_TTL_SECONDS,
  };
}

export async function listUploadedParts(ctx: AppContext, owner: User, key: string, uploadId: string) {
  await findOpenUpload(ctx, owner, key, uploadId);
  return ctx.storage.listParts(key, uploadId);
}

/** Companion POST s3/multipart/{uploadId}/complete: assembles the parts, then confirms the file. */
export async function completeMultipartUpload(
  ctx: AppContext,
  owner: User,
  { key, uploadId, parts }: { key: string; uploadId: string; parts: CompletedPart[] },
) {
  const row = await findOpenUpload(ctx, owner, key, uploadId);
  if (parts.length > ctx.config.uploads.maxParts) throw badRequest(FILE_MESSAGES.partsInvalid);
  try {
    await ctx.storage.completeMultipartUpload(key, uploadId, parts);
  } catch (err) {
    if (err instanceof PartsInvalidError) throw badRequest(FILE_MESSAGES.partsInvalid);
    throw err;
  }
  await ctx.db.update(files).set({ uploadId: null }).where(eq(files.id, row.id));
  const file = await confirmUpload(ctx, owner, row.id);
  return { location: file.url, key, file };
}

/** Companion DELETE s3/multipart/{uploadId}: the upload and its pending file go. */
export async function abortMultipartUpload(ctx: AppContext, owner: User, key: string, uploadId: string) {
  const row = await findOpenUpload(ctx, owner, key, uploadId);
  await ctx.storage.abortMultipartUpload(key, uploadId);
  await ctx.db.delete(files).where(eq(files.id, row.id));
}

/**
 * A file becomes usable only here: it must exist, be within the size limit and the size announced
 * when the upload began (413 otherwise: storage is asked for the real size, so a client that lies
 * about the size gains nothing), and start with the bytes of a PDF, DOC or DOCX (400). A refused
 * file is deleted. Confirming a ready file answers it again.
 */
export async function confirmUpload(ctx: AppContext, owner: User, id: string): Promise<FileRef> {
  if (!isUuid(id)) throw notFound();
  type Outcome = { file: FileRef } | { refused: HttpError; row: FileRow };
  const refuse = (row: FileRow, error: HttpError): Outcome => ({ refused: error, row });
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.ownerId, owner.id)))
      .for('update');
    if (!row) throw notFound();
    if (row.status === 'ready') return { file: presentFile(row) };
    const size = row.uploadId ? null : await ctx.storage.size(row.storageKey);
    if (size === null) throw badRequest(FILE_MESSAGES.notUploaded, { file: FILE_MESSAGES.notUploaded });
    if (size > LIMITS.maxFileBytes) {
      const message = FILE_MESSAGES.exceedsSize(row.filename);
      return refuse(row, payloadTooLarge(message, { file: message }));
    }
    if (size > row.size) {
      const message = FILE_MESSAGES.largerThanDeclared(row.filename);
      return refuse(row, payloadTooLarge(message, { file: message }));
    }
    const head =
      size > 0
        ? await ctx.storage.readRange(row.storageKey, 0, Math.min(size, HEAD_BYTES) - 1)
        : Buffer.alloc(0);
    const tail =
      size > HEAD_BYTES
        ? await ctx.storage.readRange(row.storageKey, Math.max(HEAD_BYTES, size - TAIL_BYTES), size - 1)
        : Buffer.alloc(0);
    const contentType = detectDocumentType(head, tail);
    if (!contentType)
      return refuse(row, badRequest(FILE_MESSAGES.onlyTypes, { file: FILE_MESSAGES.onlyTypes }));
    await ctx.storage.move(row.storageKey, documentKey(row.id));
    const [ready] = await tx
      .update(files)
      .set({ status: 'ready', storageKey: documentKey(row.id), size, contentType, confirmedAt: new Date() })
      .where(eq(files.id, row.id))
      .returning();
    return { file: presentFile(ready) };
  });
  if ('refused' in outcome) {
    await ctx.storage.delete(outcome.row.storageKey);
    await ctx.db.delete(files).where(eq(files.id, outcome.row.id));
    throw outcome.refused;
  }
  return outcome.file;
}

/** GET /api/objects/{id}: the owner's own confirmed file. */
export async function getOwnFile(ctx: AppContext, owner: User, id: string): Promise<FileRef> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, owner.id), eq(files.status, 'ready')));
  if (!row) throw notFound();
  return presentFile(row);
}

/**
 * The shared package of one of this firm user's requests that lists the file (as a document or
 * as the profile's resume), newest first.
 */
/**
 * The shared request through which this firm user may download the file: the file is in a version of a
 * package the attorney shared with them (or attached to its position LPQ), and the firm may read that
 * package now — shared, not revoked, within its access period. Checked at every download, so a link
 * handed out before a revocation answers 404 after it.
 */
async function findFirmGrant(ctx: AppContext, firmUser: User, file: FileRow) {
  const asDocument = JSON.stringify([{ id: file.id }]);
  const [grant] = await ctx.db
    .select({
      requestId: lpqRequests.id,
      attorneyUserId: lpqRequests.attorneyUserId,
      firmName: lpqRequests.firmName,
    })
    .from(lpqRequests)
    .where(
      and(
        eq(lpqRequests.firmUserId, firmUser.id),
        eq(lpqRequests.attorneyUserId, file.ownerId),
        inArray(lpqRequests.status, SHARED_DOCUMENT_STATUSES),
        sql`(${lpqRequests.accessUntil} is null or ${lpqRequests.accessUntil} >= (now() at time zone 'utc')::date)`,
        or(
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(sharedPackageFiles)
              .where(
                and(eq(sharedPackageFiles.requestId, lpqRequests.id), eq(sharedPackageFiles.fileId, file.id)),
              ),
          ),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(positionLpqs)
              .where(
                and(
                  eq(positionLpqs.requestId, lpqRequests.id),
                  sql`${positionLpqs.formData}->'documents' @> ${asDocument}::jsonb`,
                ),
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
 * GET /objects/{id}: the owner, or a firm user whose shared package includes the file (that read is
 * recorded). Everyone else gets 404, so a file's existence is never revealed.
 */
/** `inline` asks for a PDF to open in the browser; only application/pdf is ever served inline. */
export async function openDownload(ctx: AppContext, user: User, id: string, { inline = false } = {}) {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.status, 'ready')));
  if (!row) throw notFound();
  const grant =
    row.ownerId === user.id ? null : user.userType === 'firm' ? await findFirmGrant(ctx, user, row) : null;
  if (row.ownerId !== user.id && !grant) throw notFound();
  const download = await ctx.storage.download(row.storageKey, {
    filename: row.filename,
    contentType: row.contentType,
    inline: inline && row.contentType === 'application/pdf',
  });
  if (grant) {
    await ctx.db.transaction((tx) =>
      recordAccess(tx, {
        requestId: grant.requestId,
        attorneyUserId: grant.attorneyUserId,
        firmUserId: user.id,
        firmName: grant.firmName,
        kind: 'document_download',
        fileId: row.id,
        fileName: row.filename,
      }),
    );
  }
  return { file: presentFile(row), download, inline: inline && row.contentType === 'application/pdf' };
}

/**
 * PRODUCT.md §6: a resume or a document list names an upload by its URL or objectPath. A finished upload
 * not yet confirmed is confirmed here (size and first bytes, as POST …/confirm does); only a file that is
 * not the caller's, was never uploaded, or fails that check is refused, with the message on `field`.
 */
export async function confirmReferencedFile(ctx: AppContext, owner: User, id: string | null, field: string) {
  const notFound = () => badRequest(FILE_MESSAGES.fileNotFound, { [field]: FILE_MESSAGES.fileNotFound });
  if (!id || !isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerId, owner.id)));
  if (!row) throw notFound();
  if (row.status === 'ready') return row;
  try {
    await confirmUpload(ctx, owner, id);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      const message = err.statusCode === 404 ? FILE_MESSAGES.fileNotFound : err.message;
      throw new HttpError(err.statusCode === 404 ? 400 : err.statusCode, message, { [field]: message });
    }
    throw err;
  }
  const [ready] = await ctx.db.select().from(files).where(eq(files.id, id));
  return ready;
}

/** PUT /api/attorney/resume: the caller's own file (confirmed here if need be) becomes the profile's resume. */
export async function setResume(ctx: AppContext, owner: User, resumeURL: string) {
  const row = await confirmReferencedFile(ctx, owner, fileIdFromUrl(resumeURL), 'resumeURL');
  const resumeUrl = objectUrlFor(row.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(attorneyProfiles)
      .values({ userId: owner.id, resumeUrl })
      .onConflictDoUpdate({ target: attorneyProfiles.userId, set: { resumeUrl, updatedAt: new Date() } });
    await recordActivity(tx, {
      userId: owner.id,
      kind: 'resume_uploaded',
      title: 'Resume uploaded',
      detail: { fileId: row.id, name: row.filename },
    });
  });
  return { resumeUrl, file: presentFile(row) };
}

/** The scheduler's name for the sweep (server/jobs/scheduler.ts): once an hour across processes. */
export const SWEEP_PENDING_JOB = 'files.sweep-pending';
export const SWEEP_PENDING_EVERY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/**
 * Removes uploads that were never confirmed within a day, with whatever bytes reached storage (an
 * open multipart upload is aborted, so its parts go too). Answers how many it removed.
 */
export async function sweepPendingFiles(ctx: AppContext, now = new Date()) {
  const cutoff = new Date(now.getTime() - PENDING_FILE_TTL_MS);
  let removed = 0;
  const failed = new Set<string>();
  for (;;) {
    const stale = (
      await ctx.db
        .select()
        .from(files)
        .where(and(eq(files.status, 'pending'), lt(files.createdAt, cutoff)))
        .orderBy(files.createdAt)
        .limit(SWEEP_BATCH + failed.size)
    ).filter((row) => !failed.has(row.id));
    for (const row of stale) {
      try {
        // The multipart upload may already be gone (completed or aborted on the storage side).
        if (row.uploadId)
          await ctx.storage.abortMultipartUpload(row.storageKey, row.uploadId).catch(() => undefined);
        await ctx.storage.delete(row.storageKey);
        await ctx.db.delete(files).where(and(eq(files.id, row.id), eq(files.status, 'pending')));
        removed++;
      } catch {
        // Storage refused: the row stays, so a later run tries again; this run goes on.
        failed.add(row.id);
      }
    }
    if (stale.length < SWEEP_BATCH) return removed;
  }
}

/**
 * For the local driver's PUT route: the pending file a signed URL writes to and the bytes it may
 * bring (its announced size, at most the per-file limit), or null.
 */
export async function findPendingByKey(ctx: AppContext, key: string, uploadId?: string) {
  const [row] = await ctx.db
    .select({ id: files.id, size: files.size })
    .from(files)
    .where(
      and(
        eq(files.storageKey, key),
        eq(files.status, 'pending'),
        uploadId ? eq(files.uploadId, uploadId) : sql`${files.uploadId} is null`,
      ),
    );
  return row ? { id: row.id, maxBytes: Math.min(row.size, LIMITS.maxFileBytes) } : null;
}
