import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../config';
import {
  PartsInvalidError,
  reclaimingStream,
  type StorageOperations,
  UPLOAD_URL_TTL_SECONDS,
} from './storage';

/**
 * Content-Length is part of every upload URL's signature: S3 then refuses more bytes than the upload
 * counted (PRODUCT.md §8).
 */
const SIGNED_LENGTH = new Set(['content-length']);

const PART_ERRORS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchUpload']);

/** S3 or an S3-compatible service; the browser talks to it through presigned URLs only. */
export function createS3Storage(s3: NonNullable<AppConfig['s3']>) {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // S3-compatible services do not all know the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;

  const operations: StorageOperations = {
    // The length is signed (S3 stores exactly that many bytes or refuses the PUT); the content type is not:
    // the type that counts is the one the first bytes show.
    presignPut: (Key, _contentType, ContentLength) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key, ContentLength }), {
        expiresIn: UPLOAD_URL_TTL_SECONDS,
        signableHeaders: SIGNED_LENGTH,
      }),
    async createMultipartUpload(Key, ContentType) {
      const out = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
      if (!out.UploadId) throw new Error('S3 returned no UploadId');
      return out.UploadId;
    },
    presignPart: (Key, UploadId, PartNumber, ContentLength) =>
      getSignedUrl(client, new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, ContentLength }), {
        expiresIn: UPLOAD_URL_TTL_SECONDS,
        signableHeaders: SIGNED_LENGTH,
      }),
    async listParts(Key, UploadId) {
      const parts = [];
      let marker: string | undefined;
      do {
        const out = await client.send(
          new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: marker }),
        );
        for (const p of out.Parts ?? []) {
          parts.push({ PartNumber: p.PartNumber ?? 0, Size: p.Size ?? 0, ETag: p.ETag ?? '' });
        }
        marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
      } while (marker);
      return parts;
    },
    async completeMultipartUpload(Key, UploadId, parts) {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
        );
      } catch (err) {
        if (PART_ERRORS.has((err as { name?: string }).name ?? '')) throw new PartsInvalidError();
        throw err;
      }
    },
    async abortMultipartUpload(Key, UploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    },
    async size(Key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return out.ContentLength ?? 0;
      } catch (err) {
        if (err instanceof NotFound || (err as { name?: string }).name === 'NotFound') return null;
        throw err;
      }
    },
    async readRange(Key, start, end) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key, Range: `bytes=${start}-${end}` }));
      return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
    },
    async move(fromKey, toKey) {
      await client.send(new CopyObjectCommand({ Bucket, Key: toKey, CopySource: `${Bucket}/${fromKey}` }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: fromKey }));
    },
    async download(Key) {
      const out = await client.send(new GetObjectCommand({ Bucket, Key }));
      // In Node the body is the HTTP response itself: read as the client takes it, never buffered whole.
      if (!(out.Body instanceof Readable)) throw new Error('S3 returned no readable body');
      return { stream: reclaimingStream(out.Body), size: out.ContentLength ?? 0 };
    },
    async delete(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async sha256(Key) {
      let body: AsyncIterable<Uint8Array> | undefined;
      try {
        body = (await client.send(new GetObjectCommand({ Bucket, Key }))).Body as AsyncIterable<Uint8Array>;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (err instanceof NoSuchKey || name === 'NoSuchKey' || name === 'NotFound') return null;
        throw err;
      }
      // The body streams from the socket chunk by chunk; nothing holds the whole object.
      const hash = createHash('sha256');
      for await (const chunk of body ?? []) hash.update(chunk);
      return hash.digest('hex');
    },
  };
  return { kind: 's3' as const, ...operations, client };
}

export type S3Storage = ReturnType<typeof createS3Storage>;
