import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileRef } from '@shared/files';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import type { AppConfig } from '../../config';

/** Bytes that start like a PDF, padded to `size`. */
export function pdfBytes(size = 2048, seed = 'x'): Buffer {
  const head = Buffer.from('%PDF-1.7\n% test document\n');
  const body = Buffer.alloc(Math.max(0, size - head.length), seed);
  return Buffer.concat([head, body]).subarray(0, size);
}

/** A zip whose entry names are a Word document's, as the DOCX check reads them. */
export function docxBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(26, 0),
    Buffer.from('[Content_Types].xml<Types/>word/document.xml<w:document/>'),
  ]);
}

export function docBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(1024, 1),
  ]);
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** s3rver (an S3 stand-in) on a random local port, with one bucket. */
export async function startS3rver() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lp-s3rver-'));
  const bucket = 'lp-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const s3: NonNullable<AppConfig['s3']> = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    s3,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type Sent = { status: number; etag?: string; body: string };

/** PUTs bytes to an upload URL: the app's own (local driver) or storage's presigned one. */
export async function putBytes(
  app: FastifyInstance,
  url: string,
  bytes: Buffer,
  contentType: string,
): Promise<Sent> {
  if (url.startsWith(app.ctx.publicUrl)) {
    const res = await app.inject({
      method: 'PUT',
      url: url.slice(app.ctx.publicUrl.length),
      payload: bytes,
      headers: { 'content-type': contentType },
    });
    return { status: res.statusCode, etag: res.headers.etag as string | undefined, body: res.body };
  }
  const res = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': contentType },
  });
  return { status: res.status, etag: res.headers.get('etag') ?? undefined, body: await res.text() };
}

/** The whole upload of a small PDF through the API (ticket, PUT, confirm) as `cookie`; the confirmed file. */
export async function uploadReadyPdf(
  app: FastifyInstance,
  cookie: string,
  filename: string,
): Promise<FileRef> {
  const bytes = pdfBytes(3000, filename);
  const ticket = await app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    payload: { filename, contentType: 'application/pdf', size: bytes.length },
  });
  if (ticket.statusCode !== 200) throw new Error(`upload ticket: ${ticket.statusCode} ${ticket.body}`);
  const { uploadURL, objectPath } = ticket.json();
  const sent = await putBytes(app, uploadURL, bytes, 'application/pdf');
  if (sent.status !== 200) throw new Error(`upload PUT: ${sent.status} ${sent.body}`);
  const confirm = await app.inject({
    method: 'POST',
    url: `/api/objects/${objectPath.split('/').pop()}/confirm`,
    headers: { cookie },
  });
  if (confirm.statusCode !== 200) throw new Error(`upload confirm: ${confirm.statusCode} ${confirm.body}`);
  return confirm.json();
}

/** The text of a PDF as poppler's pdftotext reads it (layout kept), for checks on what a reader gets. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const dir = mkdtempSync(path.join(tmpdir(), 'lp-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-']).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
