import { FILE_MESSAGES, type FileRef } from '@shared/files';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessEvents, activityEvents, attorneyProfiles, files, lpqRequests } from '../../db/schema';
import { systemJob } from '../../policies/authorize';
import { type Actor, buildAttorney, buildFirmUser } from '../../test/factories';
import { storeVersion } from '../requests/sharing/package-versions';
import { describeOnLocalStorage, MB, pendingCount } from './files.client.test-support';
import { SWEEP_PENDING_JOB, sweepPendingFiles } from './files.service';
import { pdfBytes, putBytes, sha256 } from './files.test-support';

// Multipart rules, the attorney's resume, firm downloads and sweeping pending files (local storage).
await describeOnLocalStorage(
  'files: access, signed URLs, multipart rules, resume and sweeping (local storage)',
  (t, { c, storage }) => {
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
      async function share(firm: Actor & { firmId: string }, attorney: Actor, documents: FileRef[]) {
        const [request] = await t()
          .db.insert(lpqRequests)
          .values({
            firmId: firm.firmId,
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
          firmId: firm.firmId,
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
  },
);
