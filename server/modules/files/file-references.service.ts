import { FILE_MESSAGES, type FileRef, type FileReference, fileIdFromUrl, objectUrlFor } from '@shared/files';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../plugins/errors';
import { type Actor, type AttorneyUser, authorize } from '../../policies/authorize';
import { filePolicies as policies } from '../../policies/file.policy';
import { recordActivity } from '../audit/audit.repo';
import { presentFile } from './file-ref';
import { findOwnFile, setProfileResume } from './files.repo';
import { confirmUpload } from './files.service';

// Where a form names a file (PRODUCT.md §6): the resume and the document lists, by any URL of the file.

/**
 * PRODUCT.md §6: a resume or a document list names an upload by its URL (the upload URL itself included) or
 * objectPath, read by its id only. A finished upload not yet confirmed is confirmed here (size and first
 * bytes, as POST …/confirm does); only a file that is not the caller's, was never uploaded, or fails that
 * check is refused, with the message on `field`. Never inside another transaction: confirming opens its own.
 */
async function confirmReferencedFile(ctx: AppContext, owner: AttorneyUser, id: string | null, field: string) {
  const refused = () => badRequest(FILE_MESSAGES.fileNotFound, { [field]: FILE_MESSAGES.fileNotFound });
  if (!id || !isUuid(id)) throw refused();
  const row = await findOwnFile(ctx.db, owner.id, id);
  if (!row) throw refused();
  if (row.status === 'ready') return row;
  try {
    await confirmUpload(ctx, owner, { id });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) {
      const message = err.statusCode === 404 ? FILE_MESSAGES.fileNotFound : err.message;
      throw new HttpError(err.statusCode === 404 ? 400 : err.statusCode, message, { [field]: message });
    }
    throw err;
  }
  return (await findOwnFile(ctx.db, owner.id, id))!;
}

const referencedId = (reference: FileReference) =>
  typeof reference === 'string' ? fileIdFromUrl(reference) : reference.id.toLowerCase();

/**
 * The files a form's document list names (the master LPQ's, a position LPQ's), each as the caller's own
 * confirmed file, in order, once each; errors name the entry (`{field}.{index}`). Call it before the form's
 * own transaction and store what it answers, never what the client sent.
 */
export async function resolveFileReferences(
  ctx: AppContext,
  actor: Actor,
  input: { references: FileReference[]; field: string },
): Promise<FileRef[]> {
  const owner = authorize(policies.upload, actor);
  const resolved: FileRef[] = [];
  for (const [i, reference] of input.references.entries()) {
    const row = await confirmReferencedFile(ctx, owner, referencedId(reference), `${input.field}.${i}`);
    if (!resolved.some((file) => file.id === row.id)) resolved.push(presentFile(row));
  }
  return resolved;
}

/** PUT /api/attorney/resume: the caller's own file (confirmed here if need be) becomes the profile's resume. */
export async function setResume(ctx: AppContext, actor: Actor, input: { resumeURL: string }) {
  const owner = authorize(policies.upload, actor);
  const row = await confirmReferencedFile(ctx, owner, fileIdFromUrl(input.resumeURL), 'resumeURL');
  const resumeUrl = objectUrlFor(row.id);
  await ctx.db.transaction(async (tx) => {
    await setProfileResume(tx, owner.id, resumeUrl);
    await recordActivity(tx, {
      userId: owner.id,
      kind: 'resume_uploaded',
      title: 'Resume uploaded',
      detail: { fileId: row.id, name: row.filename },
    });
  });
  return { resumeUrl, file: presentFile(row) };
}
