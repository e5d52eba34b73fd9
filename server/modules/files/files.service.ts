import { randomUUID } from 'node:crypto';
import {
  FILE_MESSAGES,
  type FileRef,
  objectUrlFor,
  partCount,
  partLength,
  storedFileName,
  UPLOAD_DEFAULTS,
  type UploadSettings,
  type UploadTicket,
  uploadRequestSchema,
} from '@shared/files';
import { LIMITS } from '@shared/limits';
import { isUuid } from '@shared/uuid';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, type HttpError, notFound, payloadTooLarge } from '../../plugins/errors';
import { hitFirmReadLimit } from '../../plugins/rate-limit';
import { type Actor, type AttorneyUser, authorize, isFirmMember } from '../../policies/authorize';
import { filePolicies as policies } from '../../policies/file.policy';
import { type CompletedPart, PartsInvalidError, UPLOAD_URL_TTL_SECONDS } from '../../storage/storage';
import { recordAccess } from '../audit/audit.repo';
import { detectDocumentType, HEAD_BYTES, TAIL_BYTES } from './document-type';
import { hashConfirmedFile, recordDownloadInTrail } from './file-hash';
import { documentKey, type FileRow, incomingKey, presentFile } from './file-ref';
import {
  deleteFile,
  deletePendingFile,
  findFirmGrant,
  findOpenUpload,
  findPendingByKey,
  findReadyFile,
  insertPendingFile,
  lockOwnerAndCountBytes,
  lockOwnFile,
  markReady,
  setUploadId,
  stalePendingFiles,
} from './files.repo';

/** What a client says about a file before sending it; checked here. */
type UploadInput = z.input<typeof uploadRequestSchema>;

/** Pending files older than this are swept: an upload never confirmed holds quota and storage. */
export const PENDING_FILE_TTL_MS = 24 * 60 * 60 * 1000;
/** The scheduler's name for the sweep (server/jobs/scheduler.ts): once an hour across processes. */
export const SWEEP_PENDING_JOB = 'files.sweep-pending';
export const SWEEP_PENDING_EVERY_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** The bytes a user may keep in storage, confirmed and pending files together. */
const quotaBytes = (ctx: AppContext) => ctx.config.uploadQuotaMb * 1024 * 1024;

export async function uploadSettings(ctx: AppContext, actor: Actor): Promise<UploadSettings> {
  authorize(policies.upload, actor);
  return { maxFileBytes: LIMITS.maxFileBytes, ...ctx.config.uploads };
}

/**
 * Records the upload as pending; refuses what the browser already says is too big or not a document,
 * and what would take the owner past the storage quota. The row's size is what the upload may bring:
 * the declared size, or the per-file limit when the client does not say (the prototype's bodiless
 * call; local storage only, which counts the bytes as they arrive: S3 needs the size to sign it).
 * Confirmation refuses more bytes than that and then stores the real size.
 */
async function createPendingFile(ctx: AppContext, owner: AttorneyUser, input: UploadInput) {
  const parsed = uploadRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue.message, { [issue.path.join('.') || 'file']: issue.message });
  }
  const { filename, contentType, size } = parsed.data;
  // S3 stores what a presigned URL allows; its length can be signed only when it is known.
  if (size === 0 && ctx.storage.kind === 's3')
    throw badRequest(FILE_MESSAGES.sizeRequired, { size: FILE_MESSAGES.sizeRequired });
  if (size > LIMITS.maxFileBytes) {
    const message = FILE_MESSAGES.exceedsSize(filename);
    throw payloadTooLarge(message, { size: message });
  }
  const reserved = size > 0 ? size : LIMITS.maxFileBytes;
  const id = randomUUID();
  return ctx.db.transaction(async (tx) => {
    const used = await lockOwnerAndCountBytes(tx, owner.id);
    if (used + reserved > quotaBytes(ctx)) {
      const message = FILE_MESSAGES.quotaExceeded(ctx.config.uploadQuotaMb);
      throw payloadTooLarge(message, { file: message });
    }
    return insertPendingFile(tx, {
      id,
      ownerId: owner.id,
      storageKey: incomingKey(id),
      filename,
      contentType,
      size: reserved,
    });
  });
}

/**
 * POST /api/objects/upload. Without a body (the prototype's call) the name and type are unknown
 * until the bytes are confirmed.
 */
export async function issueUploadUrl(
  ctx: AppContext,
  actor: Actor,
  input: UploadInput | undefined,
): Promise<UploadTicket> {
  const owner = authorize(policies.upload, actor);
  const row = await createPendingFile(
    ctx,
    owner,
    input ?? { filename: 'document', contentType: 'application/pdf', size: 0 },
  );
  return {
    uploadURL: await ctx.storage.presignPut(row.storageKey, row.contentType, row.size),
    objectPath: objectUrlFor(row.id),
  };
}

/** Companion GET s3/params: one presigned PUT for a whole file. */
export async function issueUploadParams(ctx: AppContext, actor: Actor, input: UploadInput) {
  const owner = authorize(policies.upload, actor);
  const row = await createPendingFile(ctx, owner, input);
  return {
    method: 'PUT' as const,
    url: await ctx.storage.presignPut(row.storageKey, row.contentType, row.size),
    fields: { key: row.storageKey },
    headers: { 'content-type': row.contentType },
  };
}

/** Companion POST s3/multipart. */
export async function createMultipartUpload(ctx: AppContext, actor: Actor, input: UploadInput) {
  const owner = authorize(policies.upload, actor);
  const row = await createPendingFile(ctx, owner, input);
  const uploadId = await ctx.storage.createMultipartUpload(row.storageKey, row.contentType);
  await setUploadId(ctx.db, row.id, uploadId);
  return { key: row.storageKey, uploadId };
}

/** The caller's own pending file with this multipart upload open; anything else is 404. */
async function ownOpenUpload(ctx: AppContext, owner: AttorneyUser, key: string, uploadId: string) {
  const row = await findOpenUpload(ctx.db, owner.id, key, uploadId);
  authorize(policies.ownFile, owner, row);
  return row!;
}

type MultipartRef = { key: string; uploadId: string };

export async function signUploadPart(
  ctx: AppContext,
  actor: Actor,
  { key, uploadId, partNumber }: MultipartRef & { partNumber: number },
) {
  const owner = authorize(policies.upload, actor);
  const row = await ownOpenUpload(ctx, owner, key, uploadId);
  // S3: each part's length is signed, so the parts are those of the announced size cut as the uploader
  // cuts it (shared/files.ts partLength). Local storage counts the bytes of all parts as they arrive.
  const partBytes = Math.max(ctx.config.uploads.minPartBytes, UPLOAD_DEFAULTS.minPartBytes);
  const maxPart = ctx.storage.kind === 's3' ? partCount(row.size, partBytes) : ctx.config.uploads.maxParts;
  if (partNumber < 1 || partNumber > maxPart) {
    const message = FILE_MESSAGES.partNumberRange(maxPart);
    throw badRequest(message, { partNumber: message });
  }
  const length = partLength(row.size, partBytes, partNumber) ?? 0;
  return {
    url: await ctx.storage.presignPart(key, uploadId, partNumber, length),
    expires: UPLOAD_URL_TTL_SECONDS,
  };
}

export async function listUploadedParts(ctx: AppContext, actor: Actor, { key, uploadId }: MultipartRef) {
  const owner = authorize(policies.upload, actor);
  await ownOpenUpload(ctx, owner, key, uploadId);
  return ctx.storage.listParts(key, uploadId);
}

/** Companion POST s3/multipart/{uploadId}/complete: assembles the parts, then confirms the file. */
export async function completeMultipartUpload(
  ctx: AppContext,
  actor: Actor,
  { key, uploadId, parts }: MultipartRef & { parts: CompletedPart[] },
) {
  const owner = authorize(policies.upload, actor);
  const row = await ownOpenUpload(ctx, owner, key, uploadId);
  if (parts.length > ctx.config.uploads.maxParts) throw badRequest(FILE_MESSAGES.partsInvalid);
  try {
    await ctx.storage.completeMultipartUpload(key, uploadId, parts);
  } catch (err) {
    if (err instanceof PartsInvalidError) throw badRequest(FILE_MESSAGES.partsInvalid);
    throw err;
  }
  await setUploadId(ctx.db, row.id, null);
  const file = await confirmUpload(ctx, owner, { id: row.id });
  return { location: file.url, key, file };
}

/** Companion DELETE s3/multipart/{uploadId}: the upload and its pending file go. */
export async function abortMultipartUpload(ctx: AppContext, actor: Actor, { key, uploadId }: MultipartRef) {
  const owner = authorize(policies.upload, actor);
  const row = await ownOpenUpload(ctx, owner, key, uploadId);
  await ctx.storage.abortMultipartUpload(key, uploadId);
  await deleteFile(ctx.db, row.id);
}

/**
 * A file becomes usable only here: it must exist, be within the size limit and the size announced
 * when the upload began (413 otherwise: storage is asked for the real size, so a client that lies
 * about the size gains nothing), and start with the bytes of a PDF, DOC or DOCX (400). A refused
 * file is deleted. Confirming a ready file answers it again.
 */
export async function confirmUpload(ctx: AppContext, actor: Actor, input: { id: string }): Promise<FileRef> {
  const owner = authorize(policies.upload, actor);
  const { id } = input;
  if (!isUuid(id)) throw notFound();
  type Outcome = { file: FileRef } | { refused: HttpError; row: FileRow };
  const refuse = (row: FileRow, error: HttpError): Outcome => ({ refused: error, row });
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockOwnFile(tx, owner.id, id);
    authorize(policies.ownFile, owner, locked);
    const row = locked!;
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
    const sha256 = await hashConfirmedFile(ctx.storage, documentKey(row.id));
    const ready = await markReady(tx, row.id, {
      storageKey: documentKey(row.id),
      size,
      contentType,
      filename: storedFileName(row.filename, contentType),
      sha256,
    });
    return { file: presentFile(ready) };
  });
  if ('refused' in outcome) {
    await ctx.storage.delete(outcome.row.storageKey);
    await deleteFile(ctx.db, outcome.row.id);
    throw outcome.refused;
  }
  return outcome.file;
}

/** GET /api/objects/{id}: the owner's own confirmed file. */
export async function getOwnFile(ctx: AppContext, actor: Actor, input: { id: string }): Promise<FileRef> {
  const owner = authorize(policies.upload, actor);
  const row = isUuid(input.id) ? await findReadyFile(ctx.db, input.id) : undefined;
  authorize(policies.ownFile, owner, row);
  return presentFile(row!);
}

/**
 * GET /objects/{id}: the owner, or a firm user whose shared package includes the file (that read is
 * recorded before a byte leaves). Everyone else gets 404, so a file's existence is never revealed. `inline`
 * asks for a PDF to open in the browser; only application/pdf is ever served inline. The bytes come through
 * the app on both drivers (never a signed storage link), so access ends the moment a revoke or the access
 * end date says so. `headOnly` (a HEAD) answers the file without opening it: nothing leaves, nothing is
 * recorded.
 */
export async function openDownload(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; inline?: boolean; headOnly?: boolean },
) {
  const user = authorize(policies.readFiles, actor);
  const row = isUuid(input.id) ? await findReadyFile(ctx.db, input.id) : undefined;
  const grant =
    row && row.ownerId !== user.id && isFirmMember(user) ? await findFirmGrant(ctx.db, user, row) : undefined;
  authorize(policies.download, user, row && { ownerId: row.ownerId, firmGrant: !!grant });
  const file = row!;
  const inline = !!input.inline && file.contentType === 'application/pdf';
  if (input.headOnly) return { file: presentFile(file), download: null, inline };
  // FIRM_READ_LIMIT: counted before the file is opened or the read recorded; a refused read records nothing.
  if (grant) await hitFirmReadLimit(ctx.db, ctx.config, { memberId: user.id, requestId: grant.requestId });
  const download = await ctx.storage.download(file.storageKey);
  if (grant) {
    try {
      await ctx.db.transaction(async (tx) => {
        await recordAccess(tx, {
          requestId: grant.requestId,
          attorneyUserId: grant.attorneyUserId,
          firmUserId: user.id,
          firmId: grant.firmId,
          firmName: grant.firmName,
          readerRoles: [...(user.firm?.roles ?? [])],
          parts: grant.parts,
          kind: 'document_download',
          fileId: file.id,
          fileName: file.filename,
        });
        await recordDownloadInTrail(tx, grant.requestId, user, file);
      });
    } catch (err) {
      // Not recorded, not sent: the opened object is let go.
      download.stream.destroy();
      throw err;
    }
  }
  return { file: presentFile(file), download, inline };
}

/**
 * Removes uploads that were never confirmed within a day, with whatever bytes reached storage (an
 * open multipart upload is aborted, so its parts go too). Answers how many it removed.
 */
export async function sweepPendingFiles(ctx: AppContext, actor: Actor, input: { now?: Date } = {}) {
  authorize(policies.sweep, actor);
  const cutoff = new Date((input.now ?? new Date()).getTime() - PENDING_FILE_TTL_MS);
  let removed = 0;
  const failed = new Set<string>();
  for (;;) {
    const stale = (await stalePendingFiles(ctx.db, cutoff, SWEEP_BATCH + failed.size)).filter(
      (row) => !failed.has(row.id),
    );
    for (const row of stale) {
      try {
        // The multipart upload may already be gone (completed or aborted on the storage side).
        if (row.uploadId)
          await ctx.storage.abortMultipartUpload(row.storageKey, row.uploadId).catch(() => undefined);
        await ctx.storage.delete(row.storageKey);
        await deletePendingFile(ctx.db, row.id);
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
 * For the local driver's PUT route, once the URL's signature is checked (the signature is the
 * permission): the pending file it writes to and the bytes it may bring (its announced size, at most
 * the per-file limit), or null.
 */
export async function pendingUploadAt(
  ctx: AppContext,
  actor: Actor,
  input: { key: string; uploadId?: string },
) {
  authorize(policies.signedUpload, actor);
  const row = await findPendingByKey(ctx.db, input.key, input.uploadId);
  return row ? { id: row.id, maxBytes: Math.min(row.size, LIMITS.maxFileBytes) } : null;
}
