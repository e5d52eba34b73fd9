// The contract both drivers (local-storage.ts, s3-storage.ts) implement; create-storage.ts picks one.
import type { Readable } from 'node:stream';
import { UPLOADS } from '@shared/limits';

export type UploadedPart = { PartNumber: number; Size: number; ETag: string };
export type CompletedPart = { PartNumber: number; ETag: string };

/** How a download is served: a short-lived signed link (S3) or the bytes themselves (local disk). */
export type Download = { kind: 'redirect'; url: string } | { kind: 'stream'; stream: Readable; size: number };

/**
 * Where document bytes live. The browser sends bytes straight to presigned URLs; the API only
 * signs, inspects the first bytes, moves and deletes objects.
 */
export type StorageOperations = {
  /** A URL the browser PUTs one whole object to. */
  presignPut(key: string, contentType: string): Promise<string>;
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  presignPart(key: string, uploadId: string, partNumber: number): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /** The object's size, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** Bytes start..end (inclusive) of the object. */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /** Renames an object (a confirmed upload leaves the area presigned URLs can write to). */
  move(fromKey: string, toKey: string): Promise<void>;
  download(key: string, file: { filename: string; contentType: string; inline?: boolean }): Promise<Download>;
  /**
   * The SHA-256 (hex) of the object's bytes, read as a stream in bounded memory (PRODUCT.md §11: computed
   * when a file is confirmed, and again by verify); null when nothing is stored under the key.
   */
  sha256(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
};

/** The parts named on completion are missing, out of order or too small. */
export class PartsInvalidError extends Error {}

/** How long a presigned upload URL stays valid (spec §9: 604800 s). */
export const UPLOAD_URL_TTL_SECONDS = UPLOADS.signedUrlExpirySeconds;
/** How long a presigned download URL stays valid: only long enough for the redirect to be followed. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

/**
 * The Content-Disposition of a download: an ASCII fallback name and the exact name in RFC 5987 form.
 * `inline` only for a PDF the reader asked to open in the browser (the firm's review screen); every
 * other download stays an attachment.
 */
export function contentDisposition(filename: string, inline: boolean): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
