import type { Readable } from 'node:stream';
import { FILE_MESSAGES, resumeUpdateSchema, uploadRequestSchema } from '@shared/files';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { HttpError } from '../../plugins/errors';
import { currentUser, requireUser } from '../../plugins/session';
import { type LocalStorage, ObjectTooLargeError } from '../../storage/local-storage';
import { contentDisposition } from '../../storage/storage';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  confirmUpload,
  createMultipartUpload,
  findPendingByKey,
  getOwnFile,
  issueUploadParams,
  issueUploadUrl,
  listUploadedParts,
  openDownload,
  SWEEP_PENDING_EVERY_MS,
  SWEEP_PENDING_JOB,
  setResume,
  signUploadPart,
  sweepPendingFiles,
  uploadSettings,
} from './files.service';

const idParams = z.object({ id: z.string() });
const keyQuery = z.object({ key: z.string().min(1).max(200) });
const uploadIdParams = z.object({ uploadId: z.string().min(1).max(500) });
/** Uppy sends the file's metadata; our uploader adds the size to it. */
const metadataSize = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v) => (v === undefined ? 0 : Number(v)));
const paramsQuery = z.object({ filename: z.string(), type: z.string(), 'metadata[size]': metadataSize });
const multipartBody = z.object({
  filename: z.string(),
  type: z.string(),
  metadata: z.object({ size: metadataSize }).loose().optional(),
});
const completeBody = z.object({
  parts: z
    .array(z.object({ PartNumber: z.number().int().positive(), ETag: z.string().min(1).max(200) }))
    .min(1),
});

export async function filesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const attorneyOnly = { preValidation: requireUser('attorney') };

  app.post(
    '/api/objects/upload',
    { ...attorneyOnly, schema: { body: uploadRequestSchema.nullish() } },
    async (request) => issueUploadUrl(ctx, currentUser(request), request.body ?? undefined),
  );

  app.post('/api/objects/:id/confirm', { ...attorneyOnly, schema: { params: idParams } }, async (request) =>
    confirmUpload(ctx, currentUser(request), request.params.id),
  );

  app.get('/api/objects/:id', { ...attorneyOnly, schema: { params: idParams } }, async (request) =>
    getOwnFile(ctx, currentUser(request), request.params.id),
  );

  app.get(
    '/objects/:id',
    { preValidation: requireUser(), schema: { params: idParams } },
    async (request, reply) => {
      const wantsInline = (request.query as { inline?: unknown } | undefined)?.inline === '1';
      const { file, download, inline } = await openDownload(ctx, currentUser(request), request.params.id, {
        inline: wantsInline,
      });
      reply.header('Content-Disposition', contentDisposition(file.name, inline));
      reply.header('X-Content-Type-Options', 'nosniff');
      if (download.kind === 'redirect') return reply.redirect(download.url, 302);
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Length', download.size);
      return reply.send(download.stream);
    },
  );

  app.put(
    '/api/attorney/resume',
    { ...attorneyOnly, schema: { body: resumeUpdateSchema } },
    async (request) => setResume(ctx, currentUser(request), request.body.resumeURL),
  );

  // Companion-style routes for @uppy/aws-s3 (spec §7), relative to /api/uploads.
  app.get('/api/uploads/settings', attorneyOnly, async () => uploadSettings(ctx));

  app.get(
    '/api/uploads/s3/params',
    { ...attorneyOnly, schema: { querystring: paramsQuery } },
    async (request) =>
      issueUploadParams(ctx, currentUser(request), {
        filename: request.query.filename,
        contentType: request.query.type,
        size: request.query['metadata[size]'],
      }),
  );

  app.post(
    '/api/uploads/s3/multipart',
    { ...attorneyOnly, schema: { body: multipartBody } },
    async (request) =>
      createMultipartUpload(ctx, currentUser(request), {
        filename: request.body.filename,
        contentType: request.body.type,
        size: request.body.metadata?.size ?? 0,
      }),
  );

  app.get(
    '/api/uploads/s3/multipart/:uploadId',
    { ...attorneyOnly, schema: { params: uploadIdParams, querystring: keyQuery } },
    async (request) =>
      listUploadedParts(ctx, currentUser(request), request.query.key, request.params.uploadId),
  );

  app.get(
    '/api/uploads/s3/multipart/:uploadId/:partNumber',
    {
      ...attorneyOnly,
      schema: {
        params: uploadIdParams.extend({ partNumber: z.coerce.number().int() }),
        querystring: keyQuery,
      },
    },
    async (request) =>
      signUploadPart(ctx, currentUser(request), {
        key: request.query.key,
        uploadId: request.params.uploadId,
        partNumber: request.params.partNumber,
      }),
  );

  app.post(
    '/api/uploads/s3/multipart/:uploadId/complete',
    { ...attorneyOnly, schema: { params: uploadIdParams, querystring: keyQuery, body: completeBody } },
    async (request) =>
      completeMultipartUpload(ctx, currentUser(request), {
        key: request.query.key,
        uploadId: request.params.uploadId,
        parts: request.body.parts,
      }),
  );

  // Spec §7's s3/sts hands the browser temporary S3 credentials to sign its own uploads. Never issued:
  // with local storage there are none, and with S3 they would let a browser write objects of any size
  // the server never sees, past the per-file and per-user limits (PRODUCT.md §8).
  app.get('/api/uploads/s3/sts', attorneyOnly, async () => {
    throw new HttpError(
      501,
      ctx.storage.kind === 'local'
        ? FILE_MESSAGES.temporaryCredentialsLocal
        : FILE_MESSAGES.temporaryCredentialsS3,
    );
  });

  app.delete(
    '/api/uploads/s3/multipart/:uploadId',
    { ...attorneyOnly, schema: { params: uploadIdParams, querystring: keyQuery } },
    async (request) => {
      await abortMultipartUpload(ctx, currentUser(request), request.query.key, request.params.uploadId);
      return {};
    },
  );

  if (ctx.storage.kind === 'local') await app.register(localUploadRoutes, { ctx, storage: ctx.storage });

  // Unconfirmed uploads go after a day; the scheduler runs this once an hour across processes.
  ctx.scheduler.register({
    name: SWEEP_PENDING_JOB,
    everyMs: SWEEP_PENDING_EVERY_MS,
    run: () => sweepPendingFiles(ctx),
  });
}

/** An S3-style error body: Uppy recognises '<Message>Request has expired</Message>'. */
function s3Error(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .type('application/xml')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

const localPutQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
  uploadId: z.string().optional(),
  partNumber: z.coerce.number().int().positive().optional(),
});

/**
 * The local driver's stand-in for S3: PUT of a whole file or of one part to an HMAC-signed,
 * expiring URL, streamed to disk with a hard size limit.
 */
async function localUploadRoutes(
  fastify: FastifyInstance,
  { ctx, storage }: { ctx: AppContext; storage: LocalStorage },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The body is the file itself, whatever its type: hand the stream to the handler unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put('/api/uploads/local/*', { schema: { querystring: localPutQuery } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const { uploadId, partNumber } = request.query;
    const check = storage.checkUploadSignature({ key, uploadId, partNumber }, request.query);
    if (check === 'expired') return s3Error(reply, 403, 'AccessDenied', 'Request has expired');
    if (check === 'invalid')
      return s3Error(
        reply,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match.',
      );
    if (uploadId && !partNumber) return s3Error(reply, 400, 'InvalidArgument', 'Part number is required.');
    const pending = await findPendingByKey(ctx, key, uploadId);
    if (!pending)
      return s3Error(reply, 404, 'NoSuchUpload', 'The upload does not exist or is already complete.');
    // The bytes are counted as they arrive, whatever Content-Length says: a whole file may bring what
    // it announced (at most the per-file limit); a part, what the other parts of its upload left.
    const maxBytes =
      uploadId && partNumber
        ? pending.maxBytes - (await storage.storedPartBytes(uploadId, partNumber))
        : pending.maxBytes;
    // The rest of a refused body is not read: the connection closes once the 413 is out.
    const tooLarge = () =>
      s3Error(
        reply.header('Connection', 'close'),
        413,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size.',
      );
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) return tooLarge();
    const body = (request.body as Readable | undefined) ?? request.raw;
    try {
      const { etag } =
        uploadId && partNumber
          ? await storage.writePart(uploadId, partNumber, body, Math.max(0, maxBytes))
          : await storage.writeObject(key, body, maxBytes);
      reply.header('ETag', etag);
      return reply.code(200).send();
    } catch (err) {
      // The partial file is already removed (local-storage.ts writeLimited).
      if (err instanceof ObjectTooLargeError) return tooLarge();
      throw err;
    }
  });
}
