import { FILE_MESSAGES } from '@shared/files';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attorneyProfiles, files, positionLpqFiles } from '../../db/schema';
import { type Actor, buildAttorney } from '../../test/factories';
import { positionLpqClient } from '../position-lpq/position-lpq.test-support';
import { describeEachDriver, MB } from './files.client.test-support';
import { pdfBytes, putBytes, sha256 } from './files.test-support';

// PRODUCT.md §6: a file is named by the URL it was uploaded to, exactly as the upload call
// answered it, wherever a file is referenced: the resume, the master LPQ's documents, a position LPQ's documents.
await describeEachDriver('files named by their upload URL', (t, { c, driver, config }) => {
  const { sharedLpq } = positionLpqClient(t);
  const putResume = (actor: Actor, resumeURL: string) =>
    c.as(actor, { method: 'PUT', url: '/api/attorney/resume', payload: { resumeURL } });
  const statusOf = async (id: string) =>
    (await t().db.select().from(files).where(eq(files.id, id)))[0]?.status;

  /** POST /api/objects/upload, then the bytes PUT to uploadURL: the spec's first two steps. */
  async function uploadedNotConfirmed(actor: Actor, bytes = pdfBytes(5000, 'cv'), filename = 'cv.pdf') {
    const { uploadURL, objectPath } = await c.ticket(actor, {
      filename,
      contentType: 'application/pdf',
      size: bytes.length,
    });
    const sent = await putBytes(t().app, uploadURL, bytes, 'application/pdf');
    expect(sent.status, sent.body).toBe(200);
    return { uploadURL, id: objectPath.split('/').pop() as string, bytes };
  }

  it('POST /api/objects/upload → PUT the bytes → PUT /api/attorney/resume { resumeURL: uploadURL } saves the resume', async () => {
    const attorney = await buildAttorney(t().app);
    const { uploadURL, id, bytes } = await uploadedNotConfirmed(attorney);
    // Exactly as returned: absolute, with its signature.
    expect(uploadURL).toMatch(driver === 'local' ? /[?&]signature=/ : /[?&]X-Amz-Signature=/);
    const res = await putResume(attorney, uploadURL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      resumeUrl: `/objects/${id}`,
      file: {
        id,
        name: 'cv.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
        url: `/objects/${id}`,
      },
    });
    expect(await statusOf(id)).toBe('ready');
    const [profile] = await t()
      .db.select()
      .from(attorneyProfiles)
      .where(eq(attorneyProfiles.userId, attorney.user.id));
    expect(profile.resumeUrl).toBe(`/objects/${id}`);
    const got = await c.download(attorney, id);
    expect(got.status).toBe(200);
    expect(sha256(got.bytes)).toBe(sha256(bytes));
    // Saving it again (a retry) answers the same.
    expect((await putResume(attorney, uploadURL)).json().file.id).toBe(id);
  });

  it('takes the URL Uppy keeps (the upload URL without its query) and the companion s3/params URL', async () => {
    const attorney = await buildAttorney(t().app);
    const first = await uploadedNotConfirmed(attorney);
    const bare = await putResume(attorney, first.uploadURL.split('?')[0]);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().file.id).toBe(first.id);

    const bytes = pdfBytes(3000, 'params');
    const params = await c.as(attorney, {
      method: 'GET',
      url: `/api/uploads/s3/params?${new URLSearchParams({ filename: 'p.pdf', type: 'application/pdf', 'metadata[size]': String(bytes.length) })}`,
    });
    expect((await putBytes(t().app, params.json().url, bytes, 'application/pdf')).status).toBe(200);
    const res = await putResume(attorney, params.json().url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({ name: 'p.pdf', size: bytes.length });
  });

  it('takes a multipart upload by the location its completion answered, and refuses its part URL before that', async () => {
    const attorney = await buildAttorney(t().app);
    const partSize = config.uploads?.minPartBytes ?? MB;
    const bytes = pdfBytes(partSize + 1000, 'multi');
    const created = await c.as(attorney, {
      method: 'POST',
      url: '/api/uploads/s3/multipart',
      payload: { filename: 'm.pdf', type: 'application/pdf', metadata: { size: bytes.length } },
    });
    const { key, uploadId } = created.json() as { key: string; uploadId: string };
    const q = `key=${encodeURIComponent(key)}`;
    const parts = [];
    let firstPartUrl = '';
    for (let i = 0; i * partSize < bytes.length; i++) {
      const signed = await c.as(attorney, {
        method: 'GET',
        url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/${i + 1}?${q}`,
      });
      firstPartUrl ||= signed.json().url;
      const chunk = bytes.subarray(i * partSize, (i + 1) * partSize);
      const sent = await putBytes(t().app, signed.json().url, chunk, 'application/pdf');
      expect(sent.status, sent.body).toBe(200);
      parts.push({ PartNumber: i + 1, ETag: sent.etag as string });
    }
    // The parts are there but not yet one file: nothing to save yet.
    const early = await putResume(attorney, firstPartUrl);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.resumeURL).toBe(FILE_MESSAGES.notUploaded);

    const done = await c.as(attorney, {
      method: 'POST',
      url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/complete?${q}`,
      payload: { parts },
    });
    expect(done.statusCode, done.body).toBe(200);
    const res = await putResume(attorney, done.json().location);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({ name: 'm.pdf', size: bytes.length });
  });

  it("refuses another attorney's upload URL, whatever host it is written with, and leaves their file alone", async () => {
    const owner = await buildAttorney(t().app);
    const other = await buildAttorney(t().app);
    const { uploadURL, id } = await uploadedNotConfirmed(owner);
    for (const url of [uploadURL, `https://evil.example/incoming/${id}`, `incoming/${id}`]) {
      const res = await putResume(other, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        message: FILE_MESSAGES.fileNotFound,
        errors: { resumeURL: FILE_MESSAGES.fileNotFound },
      });
    }
    expect(await statusOf(id)).toBe('pending');
    for (const url of ['https://evil.example/upload/cv.pdf', `${uploadURL.split('?')[0]}x`]) {
      expect((await putResume(owner, url)).json().errors.resumeURL).toBe(FILE_MESSAGES.fileNotFound);
    }
    // Refused bytes are refused there as at POST …/confirm, and go.
    const fake = await uploadedNotConfirmed(owner, Buffer.from('MZ not a document'.padEnd(900, '.')));
    const wrong = await putResume(owner, fake.uploadURL);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.resumeURL).toBe(FILE_MESSAGES.onlyTypes);
    expect(await statusOf(fake.id)).toBeUndefined();
  });

  describe('document lists', () => {
    it('the master LPQ keeps each document named by its upload URL as the confirmed file', async () => {
      const attorney = await buildAttorney(t().app);
      const a = await uploadedNotConfirmed(attorney, pdfBytes(4000, 'a'), 'Writing sample.pdf');
      const b = await c.uploadReady(attorney, pdfBytes(3000, 'b'), 'Article.pdf');
      const save = (documents: unknown[]) =>
        c.as(attorney, {
          method: 'POST',
          url: '/api/attorney/master-lpq',
          payload: { documents, isComplete: false },
        });
      const res = await save([a.uploadURL, b]);
      expect(res.statusCode, res.body).toBe(200);
      const expected = [
        {
          id: a.id,
          name: 'Writing sample.pdf',
          contentType: 'application/pdf',
          size: 4000,
          url: `/objects/${a.id}`,
        },
        b,
      ];
      expect(res.json().documents).toEqual(expected);
      expect(
        (await c.as(attorney, { method: 'GET', url: '/api/attorney/master-lpq' })).json().documents,
      ).toEqual(expected);
      expect(await statusOf(a.id)).toBe('ready');

      // Someone else's file, or one never uploaded: 400 on that entry, nothing saved.
      const other = await buildAttorney(t().app);
      const theirs = await uploadedNotConfirmed(other);
      const refused = await save([b, theirs.uploadURL]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ 'documents.1': FILE_MESSAGES.fileNotFound });
      const forged = await save([{ ...b, id: theirs.id, url: `/objects/${theirs.id}` }]);
      expect(forged.json().errors).toEqual({ 'documents.0': FILE_MESSAGES.fileNotFound });
      expect(await statusOf(theirs.id)).toBe('pending');
      expect(
        (await c.as(attorney, { method: 'GET', url: '/api/attorney/master-lpq' })).json().documents,
      ).toEqual(expected);
    });

    it("a position LPQ's documents take the upload URL too, and the firm may then download that file", async () => {
      const { firm, attorney, lpqId } = await sharedLpq();
      const doc = await uploadedNotConfirmed(attorney, pdfBytes(6000, 'pos'), 'Deal list.pdf');
      const res = await c.as(attorney, {
        method: 'PUT',
        url: `/api/lpqs/${lpqId}`,
        payload: { formData: { name: 'Casey Nguyen', documents: [doc.uploadURL] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().formData.documents).toEqual([
        {
          id: doc.id,
          name: 'Deal list.pdf',
          contentType: 'application/pdf',
          size: 6000,
          url: `/objects/${doc.id}`,
        },
      ]);
      const linked = await t()
        .db.select()
        .from(positionLpqFiles)
        .where(and(eq(positionLpqFiles.fileId, doc.id)));
      expect(linked).toHaveLength(1);
      const got = await c.download(firm, doc.id);
      expect(got.status).toBe(200);
      expect(sha256(got.bytes)).toBe(sha256(doc.bytes));

      const other = await buildAttorney(t().app);
      const theirs = await uploadedNotConfirmed(other);
      const refused = await c.as(attorney, {
        method: 'PUT',
        url: `/api/lpqs/${lpqId}/complete`,
        payload: {
          formData: { name: 'Casey Nguyen', email: 'c@example.com', documents: [theirs.uploadURL] },
          firmAnswers: { 'fit-1': 'Yes' },
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ 'formData.documents.0': FILE_MESSAGES.fileNotFound });
      expect(await statusOf(theirs.id)).toBe('pending');
    });
  });
});
