// The contract both drivers (local-storage.ts, s3-storage.ts) implement; create-storage.ts picks one.
import { pipeline, type Readable, Transform } from 'node:stream';
import { UPLOADS } from '@shared/limits';
import { reclaimAfterSending } from './reclaim';

export type UploadedPart = { PartNumber: number; Size: number; ETag: string };
export type CompletedPart = { PartNumber: number; ETag: string };

/**
 * A download: the object's bytes as a stream, read as the client takes them (never the whole file in
 * memory), and its size. Both drivers stream through the app, so every read is authorised and recorded at
 * the moment it happens (PRODUCT.md §5, §8): no signed storage link outlives a revoke or the access end.
 */
export type Download = { stream: Readable; size: number };

/**
 * Where document bytes live. The browser sends bytes straight to presigned URLs; the API signs, inspects
 * the first bytes, moves and deletes objects, and streams downloads through itself.
 */
export type StorageOperations = {
  /**
   * A URL the browser PUTs one whole object of `size` bytes to. S3 signs that length into the URL (storage
   * refuses any other); the local driver counts the bytes as they arrive instead.
   */
  presignPut(key: string, contentType: string, size: number): Promise<string>;
  createMultipartUpload(key: string, contentType: string): Promise<string>;
  /** A URL for one part of `size` bytes; signed into it as for presignPut. */
  presignPart(key: string, uploadId: string, partNumber: number, size: number): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /** The object's size, or null when nothing is stored under the key. */
  size(key: string): Promise<number | null>;
  /** Bytes start..end (inclusive) of the object. */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /** Renames an object (a confirmed upload leaves the area presigned URLs can write to). */
  move(fromKey: string, toKey: string): Promise<void>;
  /** Opens the object for reading; destroy the stream if it is not sent. */
  download(key: string): Promise<Download>;
  /**
   * The SHA-256 (hex) of the object's bytes, read as a stream in bounded memory (PRODUCT.md §11: computed
   * when a file is confirmed, and again by verify); null when nothing is stored under the key.
   */
  sha256(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
};

/** The parts named on completion are missing, out of order or too small. */
export class PartsInvalidError extends Error {}

/** How long a presigned upload URL stays valid: one hour (issue 67 overrides the spec §9's 604800 s). */
export const UPLOAD_URL_TTL_SECONDS = UPLOADS.uploadUrlExpirySeconds;
/**
 * The Content-Disposition of a download: an ASCII fallback name and the exact name in RFC 5987 form.
 * `inline` only for a PDF the reader asked to open in the browser (the firm's review screen); every
 * other download stays an attachment.
 */
export function contentDisposition(filename: string, inline: boolean): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A download's stream with its memory handed back as the bytes go out (reclaim.ts): each chunk read from
 * disk or from S3 is garbage once it is on the socket, and without it concurrent downloads hold tens of
 * megabytes of such chunks (bench/downloads.ts, BENCHMARKS.md, Downloads). A client that goes away ends the read.
 */
export function reclaimingStream(source: Readable): Readable {
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      reclaimAfterSending(chunk.length);
      done(null, chunk);
    },
  });
  // Destroying either side (the client left, storage failed) destroys the other.
  return pipeline(source, tap, () => undefined);
}
