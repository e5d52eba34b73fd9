import { FILE_MESSAGES } from '@shared/files';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { files } from '../../db/schema';
import { type Actor, buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { client, localDataDir, pendingCount, uploads } from './files.client.test-support';
import { SWEEP_PENDING_JOB } from './files.service';
import { pdfBytes, putBytes } from './files.test-support';

const dataDir = await localDataDir();

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
