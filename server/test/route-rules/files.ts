import { multipartQuery, type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of files: uploads, downloads and the local signed URLs. */
export const FILE_RULES: Record<string, RouteRule> = {
  // Files
  'POST /api/objects/upload': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/objects/upload', () => ({
      filename: 'sample.pdf',
      contentType: 'application/pdf',
      size: 1024,
    })),
  },
  'POST /api/objects/:id/confirm': {
    access: 'attorney-owned',
    resource: 'file',
    ok: 200,
    call: (w) => ({ url: `/api/objects/${w.file.id}/confirm` }),
  },
  'GET /api/objects/:id': {
    access: 'attorney-owned',
    resource: 'file',
    ok: 200,
    call: (w) => ({ url: `/api/objects/${w.file.id}` }),
  },
  // PRODUCT.md §9: documents reach the firm's admins, recruiters and the reviewers assigned to the request.
  'GET /objects/:id': {
    access: 'file',
    ok: 200,
    members: { firmAdmin: 'allowed', firmRecruiter: 'allowed', firmReviewer: 'allowed' },
    call: (w) => ({ url: w.file.url }),
  },
  'PUT /api/attorney/resume': {
    access: 'attorney-owned',
    resource: 'file',
    othersGet: 400,
    ok: 200,
    call: (w) => ({ url: '/api/attorney/resume', payload: { resumeURL: w.file.url } }),
  },
  'GET /api/uploads/settings': { access: 'attorney', ok: 200, call: url('/api/uploads/settings') },
  'GET /api/uploads/s3/params': {
    access: 'attorney',
    ok: 200,
    call: url('/api/uploads/s3/params?filename=a.pdf&type=application%2Fpdf&metadata%5Bsize%5D=1024'),
  },
  'POST /api/uploads/s3/multipart': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/uploads/s3/multipart', () => ({
      filename: 'big.pdf',
      type: 'application/pdf',
      metadata: { size: 1024 },
    })),
  },
  // Spec §7's temporary credentials: never issued (files.routes.ts says why).
  'GET /api/uploads/s3/sts': { access: 'attorney', ok: 501, call: url('/api/uploads/s3/sts') },
  'GET /api/uploads/s3/multipart/:uploadId': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    ok: 200,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipart.uploadId}?${multipartQuery(w.multipart)}`,
    }),
  },
  'GET /api/uploads/s3/multipart/:uploadId/:partNumber': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    ok: 200,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipart.uploadId}/1?${multipartQuery(w.multipart)}`,
    }),
  },
  'POST /api/uploads/s3/multipart/:uploadId/complete': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    // No part was sent: the owner is told so, everybody else learns nothing.
    ok: 400,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipart.uploadId}/complete?${multipartQuery(w.multipart)}`,
      payload: { parts: [{ PartNumber: 1, ETag: '"0123456789abcdef"' }] },
    }),
  },
  'DELETE /api/uploads/s3/multipart/:uploadId': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    ok: 200,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipartToAbort.uploadId}?${multipartQuery(w.multipartToAbort)}`,
    }),
  },
  'PUT /api/uploads/local/*': {
    access: 'signed-url',
    ok: 200,
    call: (w, actor) => ({
      url: actor === 'attorney' ? w.uploadUrl : w.uploadUrl.replace(/signature=[^&]+/, 'signature=forged'),
      payload: Buffer.from('%PDF-1.7\n'),
      headers: { 'content-type': 'application/pdf' },
    }),
  },
};
