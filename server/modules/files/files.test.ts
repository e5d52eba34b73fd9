import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FILE_MESSAGES, type FileRef } from '@shared/files';
import { LIMITS, UPLOADS } from '@shared/limits';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { accessEvents, activityEvents, attorneyProfiles, files, lpqRequests } from '../../db/schema';
import { systemJob } from '../../policies/authorize';
import type { LocalStorage } from '../../storage/local-storage';
import { type Actor, buildAttorney, buildFirmUser } from '../../test/factories';
import { describeEachDb, type TestApp } from '../../test/harness';
import { storeVersion } from '../requests/package-versions';
import { SWEEP_PENDING_JOB, sweepPendingFiles } from './files.service';
import { docBytes, docxBytes, pdfBytes, putBytes, sha256, startS3rver } from './files.test-support';

const s3rver = await startS3rver();
// Local storage writes under DATA_DIR: a folder of this test file's own.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lp-files-test-'));
afterAll(async () => {
  await s3rver.close();
  await rm(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
// Lowered so a multipart upload fits in a test: parts of 1 MB, multipart above 1 MB.
const uploads = { multipartThresholdBytes: MB, minPartBytes: MB, maxParts: 10000 };

type Driver = 'local' | 's3';
const drivers: [Driver, Partial<AppConfig>][] = [
  ['local', { uploads, dataDir }],
  ['s3', { uploads: { ...uploads, minPartBytes: 5 * MB }, s3: s3rver.s3 }],
];

/** Signs in helpers around one test app. */
function client(t: () => TestApp) {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Actor | null, opts: InjectOptions) =>
    inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(actor ? { cookie: actor.cookie } : {}) } });

  async function ticket(actor: Actor, body: Record<string, unknown>) {
    const res = await as(actor, { method: 'POST', url: '/api/objects/upload', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { uploadURL: string; objectPath: string };
  }

  /** The whole single-request flow: ticket, PUT, confirm. */
  async function upload(
    actor: Actor,
    bytes: Buffer,
    filename = 'resume.pdf',
    contentType = 'application/pdf',
  ) {
    const { uploadURL, objectPath } = await ticket(actor, { filename, contentType, size: bytes.length });
    const sent = await putBytes(t().app, uploadURL, bytes, contentType);
    expect(sent.status, sent.body).toBe(200);
    const id = objectPath.split('/').pop() as string;
    const confirm = await as(actor, { method: 'POST', url: `/api/objects/${id}/confirm` });
    return { id, objectPath, uploadURL, confirm };
  }

  async function uploadReady(actor: Actor, bytes = pdfBytes(), filename = 'resume.pdf') {
    const { confirm } = await upload(actor, bytes, filename);
    expect(confirm.statusCode, confirm.body).toBe(200);
    return confirm.json() as FileRef;
  }

  /** The downloaded bytes, following the signed-URL redirect of the S3 driver. */
  async function download(actor: Actor, id: string, query = '') {
    const res = await as(actor, { method: 'GET', url: `/objects/${id}${query}` });
    if (res.statusCode === 302) {
      const followed = await fetch(res.headers.location as string);
      return {
        res,
        status: followed.status,
        bytes: Buffer.from(await followed.arrayBuffer()),
        disposition: followed.headers.get('content-disposition'),
      };
    }
    return {
      res,
      status: res.statusCode,
      bytes: res.rawPayload,
      disposition: res.headers['content-disposition'] as string | undefined,
    };
  }

  return { inject, as, ticket, upload, uploadReady, download };
}

const pendingCount = async (t: () => TestApp, ownerId: string) =>
  (await t().db.select().from(files).where(eq(files.ownerId, ownerId))).length;

for (const [driver, config] of drivers) {
  describeEachDb(
    `files on ${driver} storage`,
    (t) => {
      const c = client(t);

      it('uploads a PDF, confirms it and gives the owner the same bytes as an attachment', async () => {
        const attorney = await buildAttorney(t().app);
        const bytes = pdfBytes(50_000);
        const { id, objectPath, uploadURL, confirm } = await c.upload(attorney, bytes, 'Résumé 2024.pdf');
        expect(objectPath).toBe(`/objects/${id}`);
        if (driver === 'local')
          expect(uploadURL).toMatch(
            /^http:\/\/localhost:3000\/api\/uploads\/local\/incoming\/.+\?expires=\d+.*&signature=/,
          );
        else expect(uploadURL).toContain('X-Amz-Signature=');
        expect(confirm.statusCode).toBe(200);
        expect(confirm.json()).toEqual({
          id,
          name: 'Résumé 2024.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
          url: `/objects/${id}`,
        });
        const [row] = await t().db.select().from(files).where(eq(files.id, id));
        expect(row.status).toBe('ready');

        const got = await c.download(attorney, id);
        expect(got.status).toBe(200);
        expect(sha256(got.bytes)).toBe(sha256(bytes));
        expect(got.disposition).toMatch(
          /^attachment; filename="R_sum_ 2024.pdf"; filename\*=UTF-8''R%C3%A9sum%C3%A9%202024.pdf$/,
        );
        expect(got.res.headers['x-content-type-options']).toBe('nosniff');
        if (driver === 'local') expect(got.res.headers['content-type']).toBe('application/pdf');
      });

      it('serves a PDF inline only when asked (?inline=1); anything else stays an attachment', async () => {
        const attorney = await buildAttorney(t().app);
        const pdf = await c.uploadReady(attorney, pdfBytes(), 'Resume.pdf');
        const docx = await c.uploadReady(attorney, docxBytes(), 'letter.docx');
        const inline = await c.download(attorney, pdf.id, '?inline=1');
        expect(inline.status).toBe(200);
        expect(inline.disposition).toMatch(/^inline; filename="Resume.pdf"/);
        expect((await c.download(attorney, pdf.id)).disposition).toMatch(
          /^attachment; filename="Resume.pdf"/,
        );
        expect((await c.download(attorney, pdf.id, '?inline=yes')).disposition).toMatch(/^attachment;/);
        const word = await c.download(attorney, docx.id, '?inline=1');
        expect(word.status).toBe(200);
        expect(word.disposition).toMatch(/^attachment; filename="letter.docx"/);
      });

      it('detects DOC and DOCX by their first bytes', async () => {
        const attorney = await buildAttorney(t().app);
        const docx = await c.uploadReady(attorney, docxBytes(), 'letter.docx');
        expect(docx.contentType).toBe(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        );
        const doc = await c.uploadReady(attorney, docBytes(), 'old.doc');
        expect(doc.contentType).toBe('application/msword');
      });

      it('refuses bytes that are not a PDF, DOC or DOCX even with a .pdf name, and deletes them', async () => {
        const attorney = await buildAttorney(t().app);
        const fake = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(4000, ' '));
        const { id, confirm } = await c.upload(attorney, fake, 'cv.pdf');
        expect(confirm.statusCode).toBe(400);
        expect(confirm.json()).toEqual({
          message: FILE_MESSAGES.onlyTypes,
          errors: { file: 'You can only upload: .pdf, .doc, .docx' },
        });
        expect(await t().db.select().from(files).where(eq(files.id, id))).toEqual([]);
        expect((await c.download(attorney, id)).status).toBe(404);
        // A zip that is not a Word document is refused too.
        const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
        expect(
          (
            await c.upload(
              attorney,
              zip,
              'x.docx',
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            )
          ).confirm.statusCode,
        ).toBe(400);
      });

      it('refuses a declared size over 10 MB with 413 and the spec message, storing nothing', async () => {
        const attorney = await buildAttorney(t().app);
        const declared = await c.as(attorney, {
          method: 'POST',
          url: '/api/objects/upload',
          payload: { filename: 'big.pdf', contentType: 'application/pdf', size: LIMITS.maxFileBytes + 1 },
        });
        expect(declared.statusCode).toBe(413);
        expect(declared.json()).toEqual({
          message: 'big.pdf exceeds maximum allowed size of 10 MB',
          errors: { size: 'big.pdf exceeds maximum allowed size of 10 MB' },
        });
        expect(await pendingCount(t, attorney.user.id)).toBe(0);
      });

      it('counts the bytes that arrive: more than declared is 413 and nothing of it is kept', async () => {
        const attorney = await buildAttorney(t().app);
        // 11 MB announced as 1000 bytes: storage refuses it (local) or confirmation does (S3).
        const liar = await c.ticket(attorney, {
          filename: 'liar.pdf',
          contentType: 'application/pdf',
          size: 1000,
        });
        const liarId = liar.objectPath.split('/').pop() as string;
        const big = pdfBytes(LIMITS.maxFileBytes + MB);
        const sent = await putBytes(t().app, liar.uploadURL, big, 'application/pdf');
        if (driver === 'local') expect(sent.status).toBe(413);
        else expect(sent.status).toBe(200);
        const confirm = await c.as(attorney, { method: 'POST', url: `/api/objects/${liarId}/confirm` });
        if (driver === 'local') {
          expect(confirm.statusCode).toBe(400);
          expect(confirm.json().message).toBe(FILE_MESSAGES.notUploaded);
        } else {
          expect(confirm.statusCode).toBe(413);
          expect(confirm.json().message).toBe('liar.pdf exceeds maximum allowed size of 10 MB');
          expect(await t().app.ctx.storage.size(`incoming/${liarId}`)).toBeNull();
          expect(await pendingCount(t, attorney.user.id)).toBe(0);
        }

        // Within 10 MB but more than announced: the quota counted the announced size, so it is refused too.
        const small = await c.ticket(attorney, {
          filename: 'cv.pdf',
          contentType: 'application/pdf',
          size: 1000,
        });
        const smallId = small.objectPath.split('/').pop() as string;
        const sentSmall = await putBytes(t().app, small.uploadURL, pdfBytes(5000), 'application/pdf');
        expect(sentSmall.status).toBe(driver === 'local' ? 413 : 200);
        const confirmSmall = await c.as(attorney, { method: 'POST', url: `/api/objects/${smallId}/confirm` });
        if (driver === 's3') {
          expect(confirmSmall.statusCode).toBe(413);
          expect(confirmSmall.json()).toEqual({
            message: FILE_MESSAGES.largerThanDeclared('cv.pdf'),
            errors: { file: FILE_MESSAGES.largerThanDeclared('cv.pdf') },
          });
          expect(await t().app.ctx.storage.size(`incoming/${smallId}`)).toBeNull();
        } else expect(confirmSmall.statusCode).toBe(400);
        expect(await t().db.select().from(files).where(eq(files.id, smallId))).toEqual(
          driver === 's3' ? [] : [expect.objectContaining({ status: 'pending' })],
        );
      });

      it('refuses a multipart upload whose parts pass 10 MB, deleting what arrived', async () => {
        const attorney = await buildAttorney(t().app);
        const created = await c.as(attorney, {
          method: 'POST',
          url: '/api/uploads/s3/multipart',
          payload: {
            filename: 'huge.pdf',
            type: 'application/pdf',
            metadata: { size: String(LIMITS.maxFileBytes) },
          },
        });
        expect(created.statusCode, created.body).toBe(200);
        const { key, uploadId } = created.json() as { key: string; uploadId: string };
        const q = `key=${encodeURIComponent(key)}`;
        // 6 MB + 5 MB: each part is fine, together they are 11 MB.
        const sizes = [6 * MB, 5 * MB];
        const parts = [];
        for (const [i, size] of sizes.entries()) {
          const signed = await c.as(attorney, {
            method: 'GET',
            url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/${i + 1}?${q}`,
          });
          const sent = await putBytes(
            t().app,
            signed.json().url,
            pdfBytes(size, String(i)),
            'application/pdf',
          );
          if (driver === 'local' && i === 1) {
            // The local driver counts across the parts: the second one would pass the limit.
            expect(sent.status).toBe(413);
            expect(sent.body).toContain('<Code>EntityTooLarge</Code>');
            return;
          }
          expect(sent.status, sent.body).toBe(200);
          parts.push({ PartNumber: i + 1, ETag: sent.etag as string });
        }
        const done = await c.as(attorney, {
          method: 'POST',
          url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/complete?${q}`,
          payload: { parts },
        });
        expect(done.statusCode, done.body).toBe(413);
        expect(done.json().message).toBe('huge.pdf exceeds maximum allowed size of 10 MB');
        expect(await t().app.ctx.storage.size(key)).toBeNull();
        expect(await pendingCount(t, attorney.user.id)).toBe(0);
      });

      it('the cleanup job deletes a 25-hour-old unconfirmed upload and keeps confirmed and fresh ones', async () => {
        const attorney = await buildAttorney(t().app);
        const ready = await c.uploadReady(attorney);
        const pendingWithBytes = async () => {
          const { objectPath, uploadURL } = await c.ticket(attorney, {
            filename: 'a.pdf',
            contentType: 'application/pdf',
            size: 100,
          });
          expect((await putBytes(t().app, uploadURL, pdfBytes(100), 'application/pdf')).status).toBe(200);
          return objectPath.split('/').pop() as string;
        };
        const fresh = await pendingWithBytes();
        const stale = await pendingWithBytes();
        const staleOpen = await c.as(attorney, {
          method: 'POST',
          url: '/api/uploads/s3/multipart',
          payload: { filename: 'm.pdf', type: 'application/pdf', metadata: { size: '100' } },
        });
        const staleMultipart = (staleOpen.json() as { key: string }).key.split('/').pop() as string;
        const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
        await t()
          .db.update(files)
          .set({ createdAt: dayAgo })
          .where(inArray(files.id, [stale, staleMultipart]));
        const storage = t().app.ctx.storage;

        await t().app.ctx.scheduler.runJob(SWEEP_PENDING_JOB);
        const left = await t().db.select().from(files).where(eq(files.ownerId, attorney.user.id));
        expect(left.map((r) => r.id).sort()).toEqual([ready.id, fresh].sort());
        expect(await storage.size(`incoming/${stale}`)).toBeNull();
        expect(await storage.size(`incoming/${fresh}`)).toBe(100);
        expect((await c.download(attorney, ready.id)).status).toBe(200);
      });

      it('refuses the wrong content type and a missing name with the spec messages, storing nothing', async () => {
        const attorney = await buildAttorney(t().app);
        for (const [payload, field, message] of [
          [{ filename: 'a.png', contentType: 'image/png', size: 10 }, 'contentType', FILE_MESSAGES.onlyTypes],
          [
            { filename: '', contentType: 'application/pdf', size: 10 },
            'filename',
            FILE_MESSAGES.filenameRequired,
          ],
        ] as const) {
          const res = await c.as(attorney, { method: 'POST', url: '/api/objects/upload', payload });
          expect(res.statusCode).toBe(400);
          expect(res.json().errors[field]).toBe(message);
        }
        expect(await pendingCount(t, attorney.user.id)).toBe(0);
      });

      it('completes a multipart upload above the lowered threshold with the same SHA-256', async () => {
        const attorney = await buildAttorney(t().app);
        const partSize = config.uploads?.minPartBytes ?? MB;
        const bytes = pdfBytes(Math.min(partSize * 2 + 12345, LIMITS.maxFileBytes), 'm');
        const created = await c.as(attorney, {
          method: 'POST',
          url: '/api/uploads/s3/multipart',
          payload: { filename: 'big.pdf', type: 'application/pdf', metadata: { size: String(bytes.length) } },
        });
        expect(created.statusCode, created.body).toBe(200);
        const { key, uploadId } = created.json();
        const q = `key=${encodeURIComponent(key)}`;
        const parts = [];
        for (let i = 0; i * partSize < bytes.length; i++) {
          const signed = await c.as(attorney, {
            method: 'GET',
            url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/${i + 1}?${q}`,
          });
          expect(signed.statusCode, signed.body).toBe(200);
          const sent = await putBytes(
            t().app,
            signed.json().url,
            bytes.subarray(i * partSize, (i + 1) * partSize),
            'application/pdf',
          );
          expect(sent.status, sent.body).toBe(200);
          expect(sent.etag).toBeTruthy();
          parts.push({ PartNumber: i + 1, ETag: sent.etag as string });
        }
        expect(parts.length).toBeGreaterThanOrEqual(2);
        if (driver === 'local') {
          // s3rver does not implement ListParts; S3 and the local driver do.
          const listed = await c.as(attorney, {
            method: 'GET',
            url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}?${q}`,
          });
          expect(
            listed.json().map((p: { PartNumber: number; ETag: string }) => [p.PartNumber, p.ETag]),
          ).toEqual(parts.map((p) => [p.PartNumber, p.ETag]));
        }
        const done = await c.as(attorney, {
          method: 'POST',
          url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/complete?${q}`,
          payload: { parts },
        });
        expect(done.statusCode, done.body).toBe(200);
        const { file, location } = done.json();
        expect(location).toBe(file.url);
        expect(file.size).toBe(bytes.length);
        const got = await c.download(attorney, file.id);
        expect(sha256(got.bytes)).toBe(sha256(bytes));
      });

      it('hands Uppy one presigned PUT through s3/params', async () => {
        const attorney = await buildAttorney(t().app);
        const bytes = docxBytes();
        const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
        const res = await c.as(attorney, {
          method: 'GET',
          url: `/api/uploads/s3/params?${new URLSearchParams({ filename: 'plan.docx', type, 'metadata[size]': String(bytes.length) })}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const params = res.json();
        expect(params).toMatchObject({
          method: 'PUT',
          fields: { key: expect.stringMatching(/^incoming\//) },
        });
        expect((await putBytes(t().app, params.url, bytes, type)).status).toBe(200);
        const id = params.fields.key.split('/').pop();
        const confirm = await c.as(attorney, { method: 'POST', url: `/api/objects/${id}/confirm` });
        expect(confirm.json()).toMatchObject({ id, name: 'plan.docx', size: bytes.length });
      });

      it('GET /api/uploads/s3/sts answers 501 with why: the server signs every upload itself', async () => {
        const attorney = await buildAttorney(t().app);
        const res = await c.as(attorney, { method: 'GET', url: '/api/uploads/s3/sts' });
        expect(res.statusCode).toBe(501);
        expect(res.json()).toEqual({
          message:
            driver === 'local'
              ? FILE_MESSAGES.temporaryCredentialsLocal
              : FILE_MESSAGES.temporaryCredentialsS3,
        });
      });

      it("signs upload links for the spec's 604800 s", async () => {
        const attorney = await buildAttorney(t().app);
        const before = Math.floor(Date.now() / 1000);
        const { uploadURL } = await c.ticket(attorney, {
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 10,
        });
        const url = new URL(uploadURL);
        expect(UPLOADS.signedUrlExpirySeconds).toBe(604800);
        if (driver === 's3') {
          expect(url.searchParams.get('X-Amz-Expires')).toBe('604800');
        } else {
          const expires = Number(url.searchParams.get('expires'));
          expect(expires - before).toBeGreaterThanOrEqual(604800);
          expect(expires - before).toBeLessThanOrEqual(604800 + 5);
        }
      });

      it("gives another attorney's file as 404 everywhere", async () => {
        const owner = await buildAttorney(t().app);
        const other = await buildAttorney(t().app);
        const file = await c.uploadReady(owner);
        for (const opts of [
          { method: 'GET', url: `/objects/${file.id}` },
          { method: 'GET', url: `/api/objects/${file.id}` },
          { method: 'POST', url: `/api/objects/${file.id}/confirm` },
        ] as const) {
          const res = await c.as(other, opts);
          expect(res.statusCode, `${opts.method} ${opts.url}`).toBe(404);
          expect(res.json()).toEqual({ message: 'Not Found' });
        }
        const resume = await c.as(other, {
          method: 'PUT',
          url: '/api/attorney/resume',
          payload: { resumeURL: file.url },
        });
        expect(resume.statusCode).toBe(400);
        expect(resume.json().errors.resumeURL).toBe(FILE_MESSAGES.fileNotFound);
      });
    },
    { config },
  );
}

describeEachDb(
  'files: access, signed URLs, multipart rules, resume and sweeping (local storage)',
  (t) => {
    const c = client(t);
    const storage = () => t().app.ctx.storage as LocalStorage;

    describe('every files route refuses the signed-out (401) and the wrong user type (403)', () => {
      const id = '00000000-0000-4000-8000-000000000000';
      const attorneyRoutes: InjectOptions[] = [
        {
          method: 'POST',
          url: '/api/objects/upload',
          payload: { filename: 'a.pdf', contentType: 'application/pdf', size: 1 },
        },
        { method: 'POST', url: `/api/objects/${id}/confirm` },
        { method: 'GET', url: `/api/objects/${id}` },
        { method: 'PUT', url: '/api/attorney/resume', payload: { resumeURL: `/objects/${id}` } },
        { method: 'GET', url: '/api/uploads/settings' },
        { method: 'GET', url: '/api/uploads/s3/params?filename=a.pdf&type=application%2Fpdf' },
        {
          method: 'POST',
          url: '/api/uploads/s3/multipart',
          payload: { filename: 'a.pdf', type: 'application/pdf' },
        },
        { method: 'GET', url: '/api/uploads/s3/multipart/u1?key=incoming%2Fx' },
        { method: 'GET', url: '/api/uploads/s3/multipart/u1/1?key=incoming%2Fx' },
        {
          method: 'POST',
          url: '/api/uploads/s3/multipart/u1/complete?key=incoming%2Fx',
          payload: { parts: [{ PartNumber: 1, ETag: 'x' }] },
        },
        { method: 'DELETE', url: '/api/uploads/s3/multipart/u1?key=incoming%2Fx' },
        { method: 'GET', url: '/api/uploads/s3/sts' },
      ];
      it.each(attorneyRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
        const signedOut = await c.as(null, route);
        expect(signedOut.statusCode).toBe(401);
        expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
        const firm = await buildFirmUser(t().app);
        const wrongType = await c.as(firm, route);
        expect(wrongType.statusCode).toBe(403);
        expect(wrongType.json()).toEqual({ message: 'Forbidden' });
      });

      it('GET /objects/{id} is 401 signed out and 404 for a missing or malformed id', async () => {
        expect((await c.as(null, { method: 'GET', url: `/objects/${id}` })).statusCode).toBe(401);
        const attorney = await buildAttorney(t().app);
        expect((await c.as(attorney, { method: 'GET', url: `/objects/${id}` })).statusCode).toBe(404);
        expect((await c.as(attorney, { method: 'GET', url: '/objects/not-a-uuid' })).statusCode).toBe(404);
      });
    });

    describe('local signed URLs', () => {
      it('refuses an expired URL with 403 and the text Uppy recognises', async () => {
        const attorney = await buildAttorney(t().app);
        const { objectPath } = await c.ticket(attorney, {
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 10,
        });
        const key = `incoming/${objectPath.split('/').pop()}`;
        const expired = storage().signedUploadUrl({ key }, Date.now() - 1000);
        const res = await putBytes(t().app, expired, pdfBytes(100), 'application/pdf');
        expect(res.status).toBe(403);
        expect(res.body).toContain('<Message>Request has expired</Message>');
        expect(await storage().size(key)).toBeNull();
      });

      it('stops a body past 10 MB as it streams (no Content-Length), with 413 and no file left', async () => {
        const attorney = await buildAttorney(t().app);
        const { uploadURL, objectPath } = await c.ticket(attorney, {
          filename: 'stream.pdf',
          contentType: 'application/pdf',
          size: LIMITS.maxFileBytes,
        });
        const key = `incoming/${objectPath.split('/').pop()}`;
        // 64 KB chunks up to 10 MB + 64 KB, sent chunked: only counting the bytes can stop it.
        const chunk = pdfBytes(64 * 1024);
        let sent = 0;
        const body = new Readable({
          read() {
            if (sent > LIMITS.maxFileBytes) return this.push(null);
            sent += chunk.length;
            this.push(chunk);
          },
        });
        const res = await t().app.inject({
          method: 'PUT',
          url: uploadURL.slice(t().app.ctx.publicUrl.length),
          payload: body,
          headers: { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
        });
        expect(res.statusCode, res.body).toBe(413);
        expect(res.body).toContain('<Code>EntityTooLarge</Code>');
        expect(await storage().size(key)).toBeNull();
        const incoming = path.join(dataDir, 'storage', 'objects', 'incoming');
        expect((await readdir(incoming)).filter((n) => n.includes('.tmp'))).toEqual([]);

        // Exactly 10 MB on the same URL is kept.
        const exact = await putBytes(t().app, uploadURL, pdfBytes(LIMITS.maxFileBytes), 'application/pdf');
        expect(exact.status).toBe(200);
        expect(await storage().size(key)).toBe(LIMITS.maxFileBytes);
      });

      it('answers 413 on a real socket while the client is still sending, and keeps nothing', async () => {
        const attorney = await buildAttorney(t().app);
        const { uploadURL, objectPath } = await c.ticket(attorney, {
          filename: 'socket.pdf',
          contentType: 'application/pdf',
          size: LIMITS.maxFileBytes,
        });
        const key = `incoming/${objectPath.split('/').pop()}`;
        const address = await t().app.listen({ host: '127.0.0.1', port: 0 });
        const url = new URL(uploadURL.slice(t().app.ctx.publicUrl.length), address);
        const chunk = pdfBytes(64 * 1024);
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' } });
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          let sent = 0;
          const pump = () => {
            // Up to 20 MB, chunked: the server has to stop it by counting.
            while (sent < 20 * MB) {
              sent += chunk.length;
              if (!req.write(chunk)) return req.once('drain', pump);
            }
            req.end();
          };
          pump();
        });
        expect(status).toBe(413);
        expect(await storage().size(key)).toBeNull();
        const incoming = path.join(dataDir, 'storage', 'objects', 'incoming');
        expect((await readdir(incoming)).filter((n) => n.includes('.tmp'))).toEqual([]);
      });

      it('refuses a tampered signature, expiry or key with 403', async () => {
        const attorney = await buildAttorney(t().app);
        const first = await c.ticket(attorney, {
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 10,
        });
        const second = await c.ticket(attorney, {
          filename: 'b.pdf',
          contentType: 'application/pdf',
          size: 10,
        });
        const url = new URL(first.uploadURL);
        const variants = [
          first.uploadURL.replace(/signature=(.)/, (_m, ch) => `signature=${ch === 'a' ? 'b' : 'a'}`),
          first.uploadURL.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 3600}`),
          first.uploadURL.replace(
            first.objectPath.split('/').pop() as string,
            second.objectPath.split('/').pop() as string,
          ),
          first.uploadURL.replace(/&signature=[^&]+/, ''),
        ];
        for (const tampered of variants) {
          const res = await putBytes(t().app, tampered, pdfBytes(100), 'application/pdf');
          expect(res.status, tampered).toBe(403);
        }
      });

      it('cannot overwrite a file once it is confirmed', async () => {
        const attorney = await buildAttorney(t().app);
        const { uploadURL, id, confirm } = await c.upload(attorney, pdfBytes(300));
        expect(confirm.statusCode).toBe(200);
        const again = await putBytes(t().app, uploadURL, Buffer.from('not a pdf'), 'application/pdf');
        expect(again.status).toBe(404);
        expect((await c.download(attorney, id)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
      });
    });

    describe('multipart rules', () => {
      async function open(attorney: Actor) {
        const res = await c.as(attorney, {
          method: 'POST',
          url: '/api/uploads/s3/multipart',
          payload: { filename: 'm.pdf', type: 'application/pdf', metadata: { size: String(3 * MB) } },
        });
        return res.json() as { key: string; uploadId: string };
      }
      const partUrl = async (attorney: Actor, up: { key: string; uploadId: string }, n: number) =>
        c.as(attorney, {
          method: 'GET',
          url: `/api/uploads/s3/multipart/${up.uploadId}/${n}?key=${encodeURIComponent(up.key)}`,
        });

      it("signs parts only for the owner's open upload, numbered 1 to 10000", async () => {
        const owner = await buildAttorney(t().app);
        const other = await buildAttorney(t().app);
        const up = await open(owner);
        expect((await partUrl(other, up, 1)).statusCode).toBe(404);
        expect((await partUrl(owner, { ...up, uploadId: 'f'.repeat(32) }, 1)).statusCode).toBe(404);
        expect((await partUrl(owner, up, 0)).statusCode).toBe(400);
        expect((await partUrl(owner, up, 10001)).statusCode).toBe(400);
        expect((await partUrl(owner, up, 10000)).statusCode).toBe(200);
      });

      it('refuses parts smaller than the minimum, and part bytes past the announced size (413)', async () => {
        const attorney = await buildAttorney(t().app);
        const sendParts = async (up: { key: string; uploadId: string }, sizes: number[]) => {
          const parts = [];
          for (const [i, size] of sizes.entries()) {
            const url = (await partUrl(attorney, up, i + 1)).json().url;
            const sent = await putBytes(t().app, url, pdfBytes(size), 'application/pdf');
            parts.push({ PartNumber: i + 1, ETag: sent.etag as string, status: sent.status });
          }
          return parts;
        };
        const complete = (
          up: { key: string; uploadId: string },
          parts: { PartNumber: number; ETag: string }[],
        ) =>
          c.as(attorney, {
            method: 'POST',
            url: `/api/uploads/s3/multipart/${up.uploadId}/complete?key=${encodeURIComponent(up.key)}`,
            payload: { parts: parts.map(({ PartNumber, ETag }) => ({ PartNumber, ETag })) },
          });
        const smallUp = await open(attorney);
        const small = await complete(smallUp, await sendParts(smallUp, [1000, MB]));
        expect(small.statusCode).toBe(400);
        expect(small.json().message).toBe(FILE_MESSAGES.partsInvalid);

        // 3 MB announced: 2 MB + 1 MB fit; a part sent again replaces itself; one byte more does not fit.
        const up = await open(attorney);
        expect((await sendParts(up, [2 * MB, MB])).map((p) => p.status)).toEqual([200, 200]);
        const again = await putBytes(
          t().app,
          (await partUrl(attorney, up, 2)).json().url,
          pdfBytes(MB),
          'application/pdf',
        );
        expect(again.status).toBe(200);
        const over = await putBytes(
          t().app,
          (await partUrl(attorney, up, 3)).json().url,
          pdfBytes(1),
          'application/pdf',
        );
        expect(over.status).toBe(413);
        expect(
          (
            await c.as(attorney, {
              method: 'GET',
              url: `/api/uploads/s3/multipart/${up.uploadId}?key=${encodeURIComponent(up.key)}`,
            })
          ).json(),
        ).toHaveLength(2);
      });

      it('aborts an upload: its parts and pending file go', async () => {
        const attorney = await buildAttorney(t().app);
        const up = await open(attorney);
        const res = await c.as(attorney, {
          method: 'DELETE',
          url: `/api/uploads/s3/multipart/${up.uploadId}?key=${encodeURIComponent(up.key)}`,
        });
        expect(res.statusCode).toBe(200);
        expect(await pendingCount(t, attorney.user.id)).toBe(0);
        expect((await partUrl(attorney, up, 1)).statusCode).toBe(404);
      });
    });

    describe('PUT /api/attorney/resume', () => {
      it("sets the profile's resume to the caller's confirmed file, creating the profile if needed", async () => {
        const attorney = await buildAttorney(t().app);
        const file = await c.uploadReady(attorney);
        const res = await c.as(attorney, {
          method: 'PUT',
          url: '/api/attorney/resume',
          payload: { resumeURL: `http://localhost:3000${file.url}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ resumeUrl: file.url, file });
        const [profile] = await t()
          .db.select()
          .from(attorneyProfiles)
          .where(eq(attorneyProfiles.userId, attorney.user.id));
        expect(profile.resumeUrl).toBe(file.url);
        const activity = await t()
          .db.select()
          .from(activityEvents)
          .where(eq(activityEvents.userId, attorney.user.id));
        expect(activity.map((a) => a.kind)).toContain('resume_uploaded');
      });

      it('accepts the URL of a finished upload and confirms it there (size and first bytes)', async () => {
        const attorney = await buildAttorney(t().app);
        const bytes = pdfBytes(4096, 'unconfirmed');
        const { uploadURL, objectPath } = await c.ticket(attorney, {
          filename: 'cv.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
        });
        expect((await putBytes(t().app, uploadURL, bytes, 'application/pdf')).status).toBe(200);
        const res = await c.as(attorney, {
          method: 'PUT',
          url: '/api/attorney/resume',
          payload: { resumeURL: objectPath },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().file).toMatchObject({
          name: 'cv.pdf',
          contentType: 'application/pdf',
          size: bytes.length,
        });
        const download = await c.as(attorney, { method: 'GET', url: res.json().resumeUrl });
        expect([200, 302]).toContain(download.statusCode);
      });

      it('refuses an upload with no bytes, bytes that are not a document, and a URL that is not a file', async () => {
        const attorney = await buildAttorney(t().app);
        const put = (resumeURL: string) =>
          c.as(attorney, { method: 'PUT', url: '/api/attorney/resume', payload: { resumeURL } });
        const empty = await c.ticket(attorney, {
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 10,
        });
        const noBytes = await put(empty.objectPath);
        expect(noBytes.statusCode).toBe(400);
        expect(noBytes.json().errors.resumeURL).toBe(FILE_MESSAGES.notUploaded);

        const fake = Buffer.from('MZ this is not a document at all');
        const exe = await c.ticket(attorney, {
          filename: 'cv.pdf',
          contentType: 'application/pdf',
          size: fake.length,
        });
        expect((await putBytes(t().app, exe.uploadURL, fake, 'application/pdf')).status).toBe(200);
        const wrongType = await put(exe.objectPath);
        expect(wrongType.statusCode).toBe(400);
        expect(wrongType.json().errors.resumeURL).toBe(FILE_MESSAGES.onlyTypes);

        const foreign = await put('https://evil.example/cv.pdf');
        expect(foreign.statusCode).toBe(400);
        expect(foreign.json().errors.resumeURL).toBe(FILE_MESSAGES.fileNotFound);
        const other = await buildAttorney(t().app);
        const theirs = await c.uploadReady(other);
        const notMine = await put(theirs.url);
        expect(notMine.statusCode).toBe(400);
        expect(notMine.json().errors.resumeURL).toBe(FILE_MESSAGES.fileNotFound);
        expect(
          await t().db.select().from(attorneyProfiles).where(eq(attorneyProfiles.userId, attorney.user.id)),
        ).toEqual([]);
      });
    });

    describe('firm downloads', () => {
      async function share(firm: Actor, attorney: Actor, documents: FileRef[]) {
        const [request] = await t()
          .db.insert(lpqRequests)
          .values({
            firmUserId: firm.user.id,
            firmName: 'Baker & Lowe LLP',
            attorneyEmail: attorney.user.email,
            attorneyUserId: attorney.user.id,
            positionTitle: 'Partner',
            practiceArea: 'Litigation',
            status: 'accepted',
            sharedAt: new Date(),
            currentVersion: 1,
          })
          .returning();
        await storeVersion(
          t().db,
          {
            requestId: request.id,
            version: 1,
            attorneyUserId: attorney.user.id,
            sharedAt: new Date(),
            parts: { conflictsForm: false, businessPlan: false, documents: true, diversityForm: false },
          },
          {
            attorney: { id: attorney.user.id, firstName: '', lastName: '', email: '' },
            profile: null,
            masterLpq: {},
            conflictsForm: null,
            diversityForm: null,
            businessPlan: null,
            documents,
          },
        );
        return request;
      }

      it('lets a firm download a file its shared package lists, and records the read', async () => {
        const attorney = await buildAttorney(t().app);
        const firm = await buildFirmUser(t().app);
        const bytes = pdfBytes(777);
        const file = await c.uploadReady(attorney, bytes, 'writing-sample.pdf');
        const request = await share(firm, attorney, [file]);
        const got = await c.download(firm, file.id);
        expect(got.status).toBe(200);
        expect(sha256(got.bytes)).toBe(sha256(bytes));
        expect(got.disposition).toContain('attachment; filename="writing-sample.pdf"');
        const events = await t()
          .db.select()
          .from(accessEvents)
          .where(and(eq(accessEvents.attorneyUserId, attorney.user.id), eq(accessEvents.fileId, file.id)));
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({
          requestId: request.id,
          firmUserId: firm.user.id,
          firmName: 'Baker & Lowe LLP',
          kind: 'document_download',
          fileName: 'writing-sample.pdf',
        });
      });

      it('gives 404 to a firm whose packages do not list the file, with nothing recorded', async () => {
        const attorney = await buildAttorney(t().app);
        const firm = await buildFirmUser(t().app);
        const otherFirm = await buildFirmUser(t().app);
        const listed = await c.uploadReady(attorney);
        const unlisted = await c.uploadReady(attorney);
        await share(firm, attorney, [listed]);
        expect((await c.download(firm, unlisted.id)).status).toBe(404);
        expect((await c.download(otherFirm, listed.id)).status).toBe(404);
        const events = await t()
          .db.select()
          .from(accessEvents)
          .where(eq(accessEvents.attorneyUserId, attorney.user.id));
        expect(events).toEqual([]);
      });
    });

    describe('sweeping pending files', () => {
      it('removes pending files older than a day with their bytes, and keeps the rest', async () => {
        const attorney = await buildAttorney(t().app);
        const ready = await c.uploadReady(attorney);
        const { objectPath, uploadURL } = await c.ticket(attorney, {
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 100,
        });
        await putBytes(t().app, uploadURL, pdfBytes(100), 'application/pdf');
        const pendingId = objectPath.split('/').pop() as string;
        const key = `incoming/${pendingId}`;
        expect(await storage().size(key)).toBe(100);

        await sweepPendingFiles(t().app.ctx, systemJob(SWEEP_PENDING_JOB), {
          now: new Date(Date.now() + 60 * 60 * 1000),
        });
        expect(await storage().size(key)).toBe(100);

        const swept = await sweepPendingFiles(t().app.ctx, systemJob(SWEEP_PENDING_JOB), {
          now: new Date(Date.now() + 25 * 60 * 60 * 1000),
        });
        expect(swept).toBeGreaterThanOrEqual(1);
        expect(await t().db.select().from(files).where(eq(files.id, pendingId))).toEqual([]);
        expect(await storage().size(key)).toBeNull();
        expect((await c.download(attorney, ready.id)).status).toBe(200);
      });
    });

    it('tells the uploader the configured limits', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await c.as(attorney, { method: 'GET', url: '/api/uploads/settings' });
      expect(res.json()).toEqual({ maxFileBytes: LIMITS.maxFileBytes, ...uploads });
    });

    it('accepts the prototype call without a body and learns the type from the bytes', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await c.as(attorney, { method: 'POST', url: '/api/objects/upload' });
      expect(res.statusCode, res.body).toBe(200);
      const { uploadURL, objectPath } = res.json();
      await putBytes(t().app, uploadURL, docxBytes(), 'application/octet-stream');
      const confirm = await c.as(attorney, {
        method: 'POST',
        url: `/api/objects/${objectPath.split('/').pop()}/confirm`,
      });
      expect(confirm.json().contentType).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
    });
  },
  { config: { uploads, dataDir } },
);

describeEachDb(
  'files: the storage quota per user (UPLOAD_QUOTA_MB=1)',
  (t) => {
    const c = client(t);
    const KB = 1024;
    const quotaMessage =
      'You have used your 1 MB of storage. Delete documents you no longer need to upload more.';
    const start = (actor: Actor, size: number) =>
      c.as(actor, {
        method: 'POST',
        url: '/api/objects/upload',
        payload: { filename: 'a.pdf', contentType: 'application/pdf', size },
      });

    it('counts confirmed and pending files and answers 413 with the message on every way in', async () => {
      const attorney = await buildAttorney(t().app);
      await c.uploadReady(attorney, pdfBytes(600 * KB));
      expect((await start(attorney, 300 * KB)).statusCode).toBe(200); // pending: 900 KB used
      const over = await start(attorney, 200 * KB);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ message: quotaMessage, errors: { file: quotaMessage } });
      expect(FILE_MESSAGES.quotaExceeded(1)).toBe(quotaMessage);
      // What is left still fits, exactly.
      expect((await start(attorney, 124 * KB)).statusCode).toBe(200);
      expect((await start(attorney, 1)).statusCode).toBe(413);

      const params = await c.as(attorney, {
        method: 'GET',
        url: '/api/uploads/s3/params?filename=b.pdf&type=application%2Fpdf&metadata%5Bsize%5D=1000',
      });
      expect(params.statusCode).toBe(413);
      expect(params.json().message).toBe(quotaMessage);
      const multipart = await c.as(attorney, {
        method: 'POST',
        url: '/api/uploads/s3/multipart',
        payload: { filename: 'c.pdf', type: 'application/pdf', metadata: { size: '1000' } },
      });
      expect(multipart.statusCode).toBe(413);
      expect(multipart.json().message).toBe(quotaMessage);
      expect(await pendingCount(t, attorney.user.id)).toBe(3);

      // Another user's storage is their own.
      const other = await buildAttorney(t().app);
      expect((await start(other, 1000 * KB)).statusCode).toBe(200);
    });

    it('reserves the whole per-file limit for an upload of unknown size', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await c.as(attorney, { method: 'POST', url: '/api/objects/upload' });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(quotaMessage);
    });

    it('frees the room of a pending upload once the cleanup job removes it', async () => {
      const attorney = await buildAttorney(t().app);
      const first = await start(attorney, 1000 * KB);
      expect(first.statusCode).toBe(200);
      expect((await start(attorney, 100 * KB)).statusCode).toBe(413);
      await t()
        .db.update(files)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(files.ownerId, attorney.user.id));
      await t().app.ctx.scheduler.runJob(SWEEP_PENDING_JOB);
      expect((await start(attorney, 100 * KB)).statusCode).toBe(200);
    });

    it('stores the real size on confirmation, so a smaller file than announced frees the rest', async () => {
      const attorney = await buildAttorney(t().app);
      const { objectPath, uploadURL } = await c.ticket(attorney, {
        filename: 'cv.pdf',
        contentType: 'application/pdf',
        size: 900 * KB,
      });
      expect((await putBytes(t().app, uploadURL, pdfBytes(100 * KB), 'application/pdf')).status).toBe(200);
      const confirm = await c.as(attorney, {
        method: 'POST',
        url: `/api/objects/${objectPath.split('/').pop()}/confirm`,
      });
      expect(confirm.json().size).toBe(100 * KB);
      expect((await start(attorney, 900 * KB)).statusCode).toBe(200);
    });
  },
  { config: { uploads, dataDir, uploadQuotaMb: 1 } },
);
