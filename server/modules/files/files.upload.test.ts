import { FILE_MESSAGES } from '@shared/files';
import { LIMITS } from '@shared/limits';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { files } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDriver, MB, pendingCount } from './files.client.test-support';
import { SWEEP_PENDING_JOB } from './files.service';
import { docBytes, docxBytes, pdfBytes, putBytes, sha256 } from './files.test-support';

// Single uploads on both storage drivers: the bytes, their type and size limits, and the cleanup of what is refused.
await describeEachDriver('files', (t, { c, driver }) => {
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
    expect((await c.download(attorney, pdf.id)).disposition).toMatch(/^attachment; filename="Resume.pdf"/);
    expect((await c.download(attorney, pdf.id, '?inline=yes')).disposition).toMatch(/^attachment;/);
    const word = await c.download(attorney, docx.id, '?inline=1');
    expect(word.status).toBe(200);
    expect(word.disposition).toMatch(/^attachment; filename="letter.docx"/);
  });

  it('detects DOC and DOCX by their first bytes', async () => {
    const attorney = await buildAttorney(t().app);
    const docx = await c.uploadReady(attorney, docxBytes(), 'letter.docx');
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
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
      const sent = await putBytes(t().app, signed.json().url, pdfBytes(size, String(i)), 'application/pdf');
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
});
