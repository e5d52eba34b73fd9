import { Readable } from 'node:stream';
import { filesContracts as c } from '@shared/contracts/files';
import { FILE_MESSAGES } from '@shared/files';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoutes } from '../../plugins/contract-route';
import { HttpError } from '../../plugins/errors';
import { actorOf } from '../../plugins/session';
import { ANONYMOUS } from '../../policies/authorize';
import { type LocalStorage, ObjectTooLargeError } from '../../storage/local-storage';
import { contentDisposition } from '../../storage/storage';
import { setResume } from './file-references.service';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  confirmUpload,
  createMultipartUpload,
  getOwnFile,
  issueUploadParams,
  issueUploadUrl,
  listUploadedParts,
  openDownload,
  pendingUploadAt,
  signUploadPart,
  uploadSettings,
} from './files.service';

export async function filesRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { app, route } = contractRoutes(fastify);

  route(c.issueUploadUrl, async (request) =>
    issueUploadUrl(ctx, actorOf(request), request.body ?? undefined),
  );

  route(c.confirmUpload, async (request) => confirmUpload(ctx, actorOf(request), { id: request.params.id }));

  route(c.getOwnFile, async (request) => getOwnFile(ctx, actorOf(request), { id: request.params.id }));

  route(c.download, async (request, reply) => {
    const wantsInline = (request.query as { inline?: unknown } | undefined)?.inline === '1';
    // HEAD (Fastify answers it with this handler): the same checks and headers, nothing read or recorded.
    const headOnly = request.method === 'HEAD';
    const { file, download, inline } = await openDownload(ctx, actorOf(request), {
      id: request.params.id,
      inline: wantsInline,
      headOnly,
    });
    reply.header('Content-Disposition', contentDisposition(file.name, inline));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Type', file.contentType);
    reply.header('Content-Length', download?.size ?? file.size);
    // The stream goes out as the client reads it (backpressure); Fastify destroys it if the client leaves.
    // For a HEAD, an empty stream: Fastify then keeps the Content-Length above instead of claiming 0.
    return reply.send(download?.stream ?? Readable.from([]));
  });

  route(c.setResume, async (request) =>
    setResume(ctx, actorOf(request), { resumeURL: request.body.resumeURL }),
  );

  // Companion-style routes for @uppy/aws-s3 (spec §7), relative to /api/uploads.
  route(c.uploadSettings, async (request) => uploadSettings(ctx, actorOf(request)));

  route(c.uploadParams, async (request) =>
    issueUploadParams(ctx, actorOf(request), {
      filename: request.query.filename,
      contentType: request.query.type,
      size: request.query['metadata[size]'],
    }),
  );

  route(c.createMultipart, async (request) =>
    createMultipartUpload(ctx, actorOf(request), {
      filename: request.body.filename,
      contentType: request.body.type,
      size: request.body.metadata?.size ?? 0,
    }),
  );

  route(c.listParts, async (request) =>
    listUploadedParts(ctx, actorOf(request), { key: request.query.key, uploadId: request.params.uploadId }),
  );

  route(c.signPart, async (request) =>
    signUploadPart(ctx, actorOf(request), {
      key: request.query.key,
      uploadId: request.params.uploadId,
      partNumber: request.params.partNumber,
    }),
  );

  route(c.completeMultipart, async (request) =>
    completeMultipartUpload(ctx, actorOf(request), {
      key: request.query.key,
      uploadId: request.params.uploadId,
      parts: request.body.parts,
    }),
  );

  // Spec §7's s3/sts hands the browser temporary S3 credentials to sign its own uploads. Never issued:
  // with local storage there are none, and with S3 they would let a browser write objects of any size
  // the server never sees, past the per-file and per-user limits (PRODUCT.md §8).
  route(c.temporaryCredentials, async () => {
    throw new HttpError(
      501,
      ctx.storage.kind === 'local'
        ? FILE_MESSAGES.temporaryCredentialsLocal
        : FILE_MESSAGES.temporaryCredentialsS3,
    );
  });

  route(c.abortMultipart, async (request) => {
    await abortMultipartUpload(ctx, actorOf(request), {
      key: request.query.key,
      uploadId: request.params.uploadId,
    });
    return {};
  });

  if (ctx.storage.kind === 'local') await app.register(localUploadRoutes, { ctx, storage: ctx.storage });
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

/**
 * The local driver's stand-in for S3: PUT of a whole file or of one part to an HMAC-signed,
 * expiring URL, streamed to disk with a hard size limit.
 */
async function localUploadRoutes(
  fastify: FastifyInstance,
  { ctx, storage }: { ctx: AppContext; storage: LocalStorage },
) {
  const { app, route } = contractRoutes(fastify);
  // The body is the file itself, whatever its type: hand the stream to the handler unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(c.localPut, async (request, reply) => {
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
    // The URL's signature is the permission: the upload acts for nobody in particular.
    const pending = await pendingUploadAt(ctx, ANONYMOUS, { key, uploadId });
    if (!pending)
      return s3Error(reply, 404, 'NoSuchUpload', 'The upload does not exist or is already complete.');
    // The bytes are counted as they arrive, whatever Content-Length says, together with the upload's other
    // PUTs arriving at the same time and its parts already stored: all of them may bring what the upload
    // announced (at most the per-file limit), no more.
    const limit = { maxBytes: pending.maxBytes, announced: Number(request.headers['content-length'] ?? 0) };
    // The rest of a refused body is not read: the connection closes once the 413 is out.
    const tooLarge = () =>
      s3Error(
        reply.header('Connection', 'close'),
        413,
        'EntityTooLarge',
        'Your proposed upload exceeds the maximum allowed size.',
      );
    const body = (request.body as Readable | undefined) ?? request.raw;
    try {
      const { etag } =
        uploadId && partNumber
          ? await storage.writePart(uploadId, partNumber, body, limit)
          : await storage.writeObject(key, body, limit);
      reply.header('ETag', etag);
      return reply.code(200).send();
    } catch (err) {
      // The partial file is already removed (local-storage.ts writeLimited).
      if (err instanceof ObjectTooLargeError) return tooLarge();
      throw err;
    }
  });
}
