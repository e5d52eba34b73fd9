import { FILE_MESSAGES } from '@shared/files';
import { LIMITS, UPLOADS } from '@shared/limits';
import { expect, it } from 'vitest';
import { buildAttorney } from '../../test/factories';
import { describeEachDriver, MB } from './files.client.test-support';
import { PENDING_FILE_TTL_MS } from './files.service';
import { docxBytes, pdfBytes, putBytes, sha256 } from './files.test-support';

// Multipart and presigned uploads on both storage drivers, signed-link lifetimes and another attorney's files.
await describeEachDriver('files', (t, { c, driver, config }) => {
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
      expect(listed.json().map((p: { PartNumber: number; ETag: string }) => [p.PartNumber, p.ETag])).toEqual(
        parts.map((p) => [p.PartNumber, p.ETag]),
      );
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
        driver === 'local' ? FILE_MESSAGES.temporaryCredentialsLocal : FILE_MESSAGES.temporaryCredentialsS3,
    });
  });

  // Issue 67 item 5: upload links last one hour (overriding the spec's 604800 s signed-link default for
  // uploads); a pending upload is still swept after 24 hours.
  it('signs upload links, single and per part, for one hour', async () => {
    const attorney = await buildAttorney(t().app);
    const before = Math.floor(Date.now() / 1000);
    const { uploadURL } = await c.ticket(attorney, {
      filename: 'a.pdf',
      contentType: 'application/pdf',
      size: 10,
    });
    const created = await c.as(attorney, {
      method: 'POST',
      url: '/api/uploads/s3/multipart',
      payload: { filename: 'big.pdf', type: 'application/pdf', metadata: { size: String(2 * MB) } },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { key, uploadId } = created.json();
    const signed = await c.as(attorney, {
      method: 'GET',
      url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/1?key=${encodeURIComponent(key)}`,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().expires).toBe(3600);
    expect(UPLOADS.uploadUrlExpirySeconds).toBe(3600);
    for (const link of [uploadURL, signed.json().url as string]) {
      const url = new URL(link);
      if (driver === 's3') {
        expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      } else {
        const expires = Number(url.searchParams.get('expires'));
        expect(expires - before).toBeGreaterThanOrEqual(3600);
        expect(expires - before).toBeLessThanOrEqual(3600 + 5);
      }
    }
    expect(PENDING_FILE_TTL_MS).toBe(24 * 60 * 60 * 1000);
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
});
