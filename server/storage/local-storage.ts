import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { reclaimAfter } from './reclaim';
import {
  PartsInvalidError,
  reclaimingStream,
  type StorageOperations,
  UPLOAD_URL_TTL_SECONDS,
  type UploadedPart,
} from './storage';
import { type Budget, createUploadBudgets } from './upload-budget';

export const LOCAL_UPLOAD_PREFIX = '/api/uploads/local/';
const READ_BUFFER_BYTES = 256 * 1024;

export type UploadSignatureCheck = 'valid' | 'expired' | 'invalid';

/** Thrown while streaming when the body passes the hard size limit. */
export class ObjectTooLargeError extends Error {}

type SignedTarget = { key: string; uploadId?: string; partNumber?: number };

/**
 * Local disk under DATA_DIR/storage, with the app's own HMAC-signed, expiring PUT URLs served by
 * the files module (`PUT /api/uploads/local/{key}`).
 */
export function createLocalStorage({
  root: rootDir,
  secret,
  publicUrl,
  minPartBytes,
}: {
  /** The folder that holds everything: objects/ and multipart/. */
  root: string;
  secret: string;
  /** Signed URLs are absolute, like S3's (Uppy parses them). */
  publicUrl: string;
  /** Like S3: every part but the last must be at least this big. */
  minPartBytes: number;
}) {
  const root = path.resolve(rootDir);
  const objectsDir = path.join(root, 'objects');
  const partsDir = path.join(root, 'multipart');

  // Keys and upload ids come from the server, but a path must never leave its folder.
  const inside = (dir: string, name: string) => {
    const resolved = path.resolve(dir, name);
    if (!resolved.startsWith(`${dir}${path.sep}`)) throw new Error('storage path outside its folder');
    return resolved;
  };
  const objectPath = (key: string) => inside(objectsDir, key);
  const uploadDir = (uploadId: string) => {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) throw new Error('invalid upload id');
    return inside(partsDir, uploadId);
  };
  const partPath = (uploadId: string, partNumber: number) =>
    path.join(uploadDir(uploadId), String(partNumber).padStart(5, '0'));

  const signature = (t: SignedTarget, expires: number) =>
    createHmac('sha256', secret)
      .update(['PUT', t.key, expires, t.uploadId ?? '', t.partNumber ?? ''].join('\n'))
      .digest('hex');

  function signedUploadUrl(target: SignedTarget, expiresAt = Date.now() + UPLOAD_URL_TTL_SECONDS * 1000) {
    const expires = Math.floor(expiresAt / 1000);
    const query = new URLSearchParams({ expires: String(expires) });
    if (target.uploadId) query.set('uploadId', target.uploadId);
    if (target.partNumber) query.set('partNumber', String(target.partNumber));
    query.set('signature', signature(target, expires));
    return `${publicUrl}${LOCAL_UPLOAD_PREFIX}${target.key.split('/').map(encodeURIComponent).join('/')}?${query}`;
  }

  function checkUploadSignature(
    target: SignedTarget,
    query: { expires?: string; signature?: string },
    now = Date.now(),
  ): UploadSignatureCheck {
    const expires = Number(query.expires);
    if (!query.signature || !Number.isInteger(expires)) return 'invalid';
    const expected = Buffer.from(signature(target, expires));
    const given = Buffer.from(query.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
    return expires * 1000 < now ? 'expired' : 'valid';
  }

  /** PUTs in flight, counted together per upload (upload-budget.ts). */
  const budgets = createUploadBudgets();

  /**
   * Streams a body to `target`, counting its bytes against the upload's budget (refused past it); answers the
   * MD5 ETag and the size. A Content-Length that already does not fit is refused before a byte is read.
   */
  async function writeLimited(body: Readable, target: string, budget: Budget, announced: number) {
    try {
      if (!budget.fits(announced)) throw new ObjectTooLargeError();
      const written = await writeCounted(body, target, budget);
      budget.done(written.size);
      return written;
    } finally {
      budget.release();
    }
  }

  async function writeCounted(body: Readable, target: string, budget: Budget) {
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const md5 = createHash('md5');
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (!budget.take(chunk.length)) return done(new ObjectTooLargeError());
        size += chunk.length;
        md5.update(chunk);
        // The chunks before this one are on disk or on their way: their memory is freed every few MB.
        reclaimAfter(chunk.length);
        done(null, chunk);
      },
    });
    // The body is piped rather than put in the pipeline: on a refusal the pipeline would destroy it,
    // and with it the socket the 413 has to go out on. It is only unpiped; the route closes the
    // connection after answering. A client that goes away still ends the write.
    const onSourceError = (err: Error) => limiter.destroy(err);
    const onSourceClose = () => {
      if (!body.readableEnded) limiter.destroy(new Error('upload aborted'));
    };
    body.once('error', onSourceError);
    body.once('close', onSourceClose);
    body.pipe(limiter);
    try {
      await pipeline(limiter, createWriteStream(temp));
      await rename(temp, target);
    } catch (err) {
      body.unpipe(limiter);
      await rm(temp, { force: true });
      throw err;
    } finally {
      body.off('error', onSourceError);
      body.off('close', onSourceClose);
    }
    return { etag: `"${md5.digest('hex')}"`, size };
  }

  /**
   * Reads a file through one buffer, reused: a stream would allocate a new one per chunk, garbage that V8
   * frees only every few tens of megabytes (reclaim.ts), for 20 MB of reads per 10 MB upload completed.
   */
  async function eachChunk(file: string, use: (chunk: Buffer) => unknown) {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return;
        await use(buffer.subarray(0, bytesRead));
      }
    } finally {
      await handle.close();
    }
  }

  /** The parts stored so far and their sizes (no checksums: cheap enough for every part PUT). */
  async function partSizes(uploadId: string) {
    const dir = uploadDir(uploadId);
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => /^\d{5}$/.test(n));
    return Promise.all(
      names.map(async (n) => ({
        PartNumber: Number(n),
        Size: (await stat(path.join(dir, n)).catch(() => null))?.size ?? 0,
      })),
    );
  }

  async function uploadedParts(uploadId: string): Promise<UploadedPart[]> {
    const dir = uploadDir(uploadId);
    const names = await readdir(dir).catch(() => null);
    if (!names) throw new Error('no such multipart upload');
    const parts: UploadedPart[] = [];
    for (const name of names.filter((n) => /^\d{5}$/.test(n)).sort()) {
      const file = path.join(dir, name);
      const md5 = createHash('md5');
      await eachChunk(file, (chunk) => {
        md5.update(chunk);
      });
      parts.push({ PartNumber: Number(name), Size: (await stat(file)).size, ETag: `"${md5.digest('hex')}"` });
    }
    return parts;
  }

  const operations: StorageOperations = {
    async presignPut(key) {
      return signedUploadUrl({ key });
    },
    async createMultipartUpload() {
      const uploadId = randomBytes(16).toString('hex');
      await mkdir(uploadDir(uploadId), { recursive: true });
      return uploadId;
    },
    async presignPart(key, uploadId, partNumber) {
      return signedUploadUrl({ key, uploadId, partNumber });
    },
    listParts: (_key, uploadId) => uploadedParts(uploadId),
    async completeMultipartUpload(key, uploadId, parts) {
      const stored = new Map((await uploadedParts(uploadId)).map((p) => [p.PartNumber, p]));
      parts.forEach((part, i) => {
        const found = stored.get(part.PartNumber);
        const isLast = i === parts.length - 1;
        if (
          !found ||
          found.ETag !== normaliseEtag(part.ETag) ||
          (i > 0 && part.PartNumber <= parts[i - 1].PartNumber) ||
          (!isLast && found.Size < minPartBytes)
        )
          throw new PartsInvalidError();
      });
      if (parts.length === 0) throw new PartsInvalidError();
      const target = objectPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const out = await open(temp, 'w');
        try {
          for (const part of parts)
            await eachChunk(partPath(uploadId, part.PartNumber), async (chunk) => {
              for (let at = 0; at < chunk.length; )
                at += (await out.write(chunk, at, chunk.length - at)).bytesWritten;
            });
        } finally {
          await out.close();
        }
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      await rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    async abortMultipartUpload(_key, uploadId) {
      await rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    async size(key) {
      const info = await stat(objectPath(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async readRange(key, start, end) {
      const handle = await open(objectPath(key), 'r');
      try {
        const buffer = Buffer.alloc(Math.max(0, end - start + 1));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async move(fromKey, toKey) {
      const target = objectPath(toKey);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(objectPath(fromKey), target);
    },
    async download(key) {
      const file = objectPath(key);
      const info = await stat(file);
      return { stream: reclaimingStream(createReadStream(file)), size: info.size };
    },
    async delete(key) {
      await rm(objectPath(key), { force: true });
    },
    async sha256(key) {
      const hash = createHash('sha256');
      try {
        await eachChunk(objectPath(key), (chunk) => {
          hash.update(chunk);
        });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      return hash.digest('hex');
    },
  };

  return {
    kind: 'local' as const,
    ...operations,
    signedUploadUrl,
    checkUploadSignature,
    /**
     * The body of a signed PUT of a whole object: at most `maxBytes`, counted together with any other PUT
     * of the same object arriving at the same time (each would replace it).
     */
    writeObject: (key: string, body: Readable, { maxBytes, announced = 0 }: WriteLimit) =>
      writeLimited(body, objectPath(key), budgets.open(key, { maxBytes }), announced),
    /**
     * The body of a signed PUT of one part; the upload must still be open. The upload's parts, stored and
     * arriving, share `maxBytes` (a part sent again replaces its stored self).
     */
    async writePart(
      uploadId: string,
      partNumber: number,
      body: Readable,
      { maxBytes, announced = 0 }: WriteLimit,
    ) {
      const info = await stat(uploadDir(uploadId)).catch(() => null);
      if (!info?.isDirectory()) throw new Error('no such multipart upload');
      const storedParts = new Map((await partSizes(uploadId)).map((p) => [p.PartNumber, p.Size]));
      const budget = budgets.open(uploadId, { maxBytes, part: partNumber, storedParts });
      return writeLimited(body, partPath(uploadId, partNumber), budget, announced);
    },
    /** Uploads with a PUT in flight (tests: nothing is left counted). */
    uploadsInFlight: () => budgets.size,
    /** The PUTs of one object or multipart upload in flight now (tests: which are counted together). */
    putsInFlight: (upload: string) => budgets.putsOf(upload),
  };
}

/** What a signed PUT may bring: the upload's limit, and the body's Content-Length when it gave one. */
type WriteLimit = { maxBytes: number; announced?: number };

export type LocalStorage = ReturnType<typeof createLocalStorage>;

/** ETags arrive with or without quotes. */
export const normaliseEtag = (etag: string) => `"${etag.replace(/"/g, '')}"`;
