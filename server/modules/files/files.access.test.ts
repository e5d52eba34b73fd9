import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { LIMITS } from '@shared/limits';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildAttorney, buildFirmUser } from '../../test/factories';
import { describeOnLocalStorage, MB, uploads } from './files.client.test-support';
import { docxBytes, pdfBytes, putBytes } from './files.test-support';

// Who may reach the files routes, local signed URLs and the upload settings (local storage).
await describeOnLocalStorage(
  'files: access, signed URLs, multipart rules, resume and sweeping (local storage)',
  (t, { c, storage, dataDir }) => {
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
);
