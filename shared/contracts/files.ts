import { z } from 'zod';
import { resumeUpdateSchema, uploadRequestSchema } from '../files';
import { defineContracts, raw } from './contract';

/** A stored document (shared/files.ts FileRef), described without the upload rules. */
export const fileRefResponse = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  url: z.string(),
});

const fileIdParams = z.object({ id: z.string() });
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
const localPutQuery = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
  uploadId: z.string().optional(),
  partNumber: z.coerce.number().int().positive().optional(),
});

export const filesContracts = defineContracts('Files', {
  issueUploadUrl: {
    method: 'POST',
    path: '/api/objects/upload',
    summary: 'A signed URL to PUT one file to, and the objectPath it will be read from',
    audience: 'attorney',
    body: uploadRequestSchema.nullish(),
    response: { 200: z.object({ uploadURL: z.string(), objectPath: z.string() }) },
  },
  confirmUpload: {
    method: 'POST',
    path: '/api/objects/:id/confirm',
    summary: 'Confirm an uploaded file: its real size and type are checked',
    audience: 'attorney',
    params: fileIdParams,
    response: { 200: fileRefResponse },
  },
  getOwnFile: {
    method: 'GET',
    path: '/api/objects/:id',
    summary: 'One of the attorney’s own files',
    audience: 'attorney',
    params: fileIdParams,
    response: { 200: fileRefResponse },
  },
  download: {
    method: 'GET',
    path: '/objects/:id',
    apiScopes: ['packages:read'],
    summary: 'Download a file: its owner, or a firm it is shared with (`?inline=1` to show it)',
    audience: 'signed-in',
    params: fileIdParams,
    response: {
      200: raw(
        'The file’s bytes, streamed through the app with its own Content-Type, Content-Length and Content-Disposition (HEAD: the headers only, not recorded)',
        'application/octet-stream',
      ),
    },
  },
  setResume: {
    method: 'PUT',
    path: '/api/attorney/resume',
    summary: 'Make an uploaded file the profile’s resume',
    audience: 'attorney',
    body: resumeUpdateSchema,
    response: { 200: z.object({ resumeUrl: z.string(), file: fileRefResponse }) },
  },
  uploadSettings: {
    method: 'GET',
    path: '/api/uploads/settings',
    summary: 'The uploader’s limits',
    audience: 'attorney',
    response: {
      200: z.object({
        maxFileBytes: z.number(),
        multipartThresholdBytes: z.number(),
        minPartBytes: z.number(),
        maxParts: z.number(),
      }),
    },
  },
  uploadParams: {
    method: 'GET',
    path: '/api/uploads/s3/params',
    summary: 'Companion s3/params: one presigned PUT for a whole file',
    audience: 'attorney',
    query: paramsQuery,
    response: {
      200: z.object({
        method: z.literal('PUT'),
        url: z.string(),
        fields: z.object({ key: z.string() }),
        headers: z.object({ 'content-type': z.string() }),
      }),
    },
  },
  createMultipart: {
    method: 'POST',
    path: '/api/uploads/s3/multipart',
    summary: 'Companion: start a multipart upload',
    audience: 'attorney',
    body: multipartBody,
    response: { 200: z.object({ key: z.string(), uploadId: z.string() }) },
  },
  listParts: {
    method: 'GET',
    path: '/api/uploads/s3/multipart/:uploadId',
    summary: 'Companion: the parts uploaded so far',
    audience: 'attorney',
    params: uploadIdParams,
    query: keyQuery,
    response: {
      200: z.array(z.object({ PartNumber: z.number(), Size: z.number(), ETag: z.string() })),
    },
  },
  signPart: {
    method: 'GET',
    path: '/api/uploads/s3/multipart/:uploadId/:partNumber',
    summary: 'Companion: a signed URL for one part',
    audience: 'attorney',
    params: uploadIdParams.extend({ partNumber: z.coerce.number().int() }),
    query: keyQuery,
    response: { 200: z.object({ url: z.string(), expires: z.number() }) },
  },
  completeMultipart: {
    method: 'POST',
    path: '/api/uploads/s3/multipart/:uploadId/complete',
    summary: 'Companion: assemble the parts and confirm the file',
    audience: 'attorney',
    params: uploadIdParams,
    query: keyQuery,
    body: completeBody,
    response: { 200: z.object({ location: z.string(), key: z.string(), file: fileRefResponse }) },
  },
  temporaryCredentials: {
    method: 'GET',
    path: '/api/uploads/s3/sts',
    summary: 'Companion s3/sts: never issued (501), uploads go through signed URLs',
    audience: 'attorney',
    response: { 501: z.object({ message: z.string() }) },
  },
  abortMultipart: {
    method: 'DELETE',
    path: '/api/uploads/s3/multipart/:uploadId',
    summary: 'Companion: abort a multipart upload; its pending file goes too',
    audience: 'attorney',
    params: uploadIdParams,
    query: keyQuery,
    response: { 200: z.object({}) },
  },
  localPut: {
    method: 'PUT',
    path: '/api/uploads/local/*',
    summary: 'Local storage only: PUT a file or one part to the HMAC-signed URL the server issued',
    description: 'S3-compatible: an empty 200 with an ETag header; errors are S3 XML bodies.',
    audience: 'signed-url',
    query: localPutQuery,
    response: {
      200: raw('Stored: an empty body', undefined, {
        ETag: 'The MD5 of the bytes stored, quoted (a part’s ETag goes into the multipart completion)',
      }),
    },
  },
});
