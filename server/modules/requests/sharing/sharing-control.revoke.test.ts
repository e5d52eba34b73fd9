import { REQUEST_MESSAGES } from '@shared/requests';
import { SHARING_MESSAGES } from '@shared/sharing';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lpqRequests, sharedPackageFiles, sharedPackages } from '../../../db/schema';
import { systemJob } from '../../../policies/authorize';
import { buildAttorney, buildFirmUser } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { expireAccess } from '../lifecycle/request-jobs.service';
import { sendRequest } from './sharing.test-support';
import { sharingControlClient } from './sharing-control.test-support';

// Revoking, the access end date, the firm's side and the races.
/** PRODUCT.md §4–§6: the attorney's control over what was shared. */
describeEachDb('sharing control', (t, kind) => {
  const { inject, as, post, get, world, mails, eventsOf, updateWithChange } = sharingControlClient(t);

  describe('POST …/revoke', () => {
    it('401, 403, 404, and 409 before sharing', async () => {
      const w = await world();
      expect((await inject({ method: 'POST', url: `${w.base}/revoke` })).statusCode).toBe(401);
      expect((await post(w.firm, `${w.base}/revoke`)).statusCode).toBe(403);
      expect((await post(await buildAttorney(t().app), `${w.base}/revoke`)).statusCode).toBe(404);
      const res = await post(w.attorney, `${w.base}/revoke`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SHARING_MESSAGES.notShared });
    });

    it("ends the firm's access to the package, the PDF and every document link already handed out", async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const before = (await get(w.firm, w.firmUrl)).json();
      const link = before.package.documents[0].url as string;
      expect((await get(w.firm, link)).statusCode).toBe(200);

      const res = await post(w.attorney, `${w.base}/revoke`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
      expect(await mails('package_revoked')).toHaveLength(1);

      const after = await get(w.firm, w.firmUrl);
      expect(after.statusCode).toBe(200);
      expect(after.json()).toMatchObject({ status: 'revoked', package: null });
      expect(after.body).not.toContain('writing-sample');
      expect((await get(w.firm, `${w.firmUrl}/package.pdf`)).statusCode).toBe(404);
      expect((await get(w.firm, `${w.firmUrl}?version=1`)).statusCode).toBe(404);
      expect((await get(w.firm, `${w.firmUrl}/changes?from=1&to=1`)).statusCode).toBe(404);
      expect((await get(w.firm, link)).statusCode).toBe(404);
      expect((await get(w.firm, `${link}?inline=1`)).statusCode).toBe(404);
      // The row stays in the firm's list, marked revoked.
      const list = (await get(w.firm, '/api/firm/lpq-requests')).json();
      expect(list.find((r: { id: string }) => r.id === w.requestId).status).toBe('revoked');
      // Nothing after the revocation is recorded as a read.
      const reads = await eventsOf(w.requestId);
      expect(reads.every((e) => e.createdAt.getTime() <= Date.parse(res.json().revokedAt))).toBe(true);
      // Again, or an update: 409, nothing changes.
      expect((await post(w.attorney, `${w.base}/revoke`)).json()).toEqual({
        message: SHARING_MESSAGES.alreadyRevoked,
      });
      expect((await post(w.attorney, `${w.base}/update`)).statusCode).toBe(409);
      expect((await post(w.firm, `${w.firmUrl}/status`, { status: 'completed' })).statusCode).toBe(409);
      const versions = await t()
        .db.select()
        .from(sharedPackages)
        .where(eq(sharedPackages.requestId, w.requestId));
      expect(versions).toHaveLength(1);
    });

    it("keeps the package's history on the firm's timeline after revocation, without its content", async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      expect((await updateWithChange(w.attorney, `${w.base}/update`)).statusCode).toBe(200);
      expect((await post(w.attorney, `${w.base}/revoke`)).statusCode).toBe(200);
      const detail = (await get(w.firm, w.firmUrl)).json();
      expect(detail).toMatchObject({ status: 'revoked', version: 2, package: null });
      expect(detail.timeline.map((e: { event: string }) => e.event)).toEqual([
        'sent',
        'shared',
        'updated',
        'revoked',
      ]);
    });
  });

  describe('access end date', () => {
    it('ends access at read time once the date has passed, and the job marks it revoked and mails once', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`, { accessUntil: '2099-12-31' });
      const link = (await get(w.firm, w.firmUrl)).json().package.documents[0].url as string;
      // The date passes (set in the past, as time would).
      await t()
        .db.update(lpqRequests)
        .set({ accessUntil: sql`(now() at time zone 'utc')::date - 1` })
        .where(eq(lpqRequests.id, w.requestId));
      // Before any job runs: nothing slips through.
      const read = (await get(w.firm, w.firmUrl)).json();
      expect(read).toMatchObject({ status: 'revoked', package: null });
      expect((await get(w.firm, `${w.firmUrl}/package.pdf`)).statusCode).toBe(404);
      expect((await get(w.firm, link)).statusCode).toBe(404);
      // Revoked is final (PRODUCT.md §5): nor can it be marked Under Review, and the attorney is not told
      // the firm is reviewing.
      const marked = await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' });
      expect(marked.statusCode).toBe(409);
      const activity = (await get(w.attorney, '/api/attorney/activity')).json();
      expect(JSON.stringify(activity)).not.toContain('is reviewing');

      expect(await expireAccess(t().app.ctx, systemJob('test'))).toBeGreaterThanOrEqual(1);
      expect(await expireAccess(t().app.ctx, systemJob('test'))).toBe(0);
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, w.requestId));
      expect(row).toMatchObject({ status: 'revoked', revokedBy: 'expired' });
      const sent = (await mails('package_revoked')).filter((m) => m.subject.includes('Corporate Partner'));
      expect(sent.filter((m) => m.text.includes('access period'))).toHaveLength(1);
    });

    it('keeps access through the end date itself', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      await t()
        .db.update(lpqRequests)
        .set({ accessUntil: sql`(now() at time zone 'utc')::date` })
        .where(eq(lpqRequests.id, w.requestId));
      expect((await get(w.firm, w.firmUrl)).json().package).not.toBeNull();
    });
  });

  describe('the firm side', () => {
    it('records nothing for the CSV: the names in the firm’s list are what it received when the attorney shared', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const csv = await get(w.firm, '/api/firm/lpq-requests.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Casey Nguyen');
      const list = await get(w.firm, '/api/firm/lpq-requests');
      expect(list.json()[0]).toMatchObject({ id: w.requestId, attorneyName: 'Casey Nguyen' });
      expect(await eventsOf(w.requestId)).toEqual([]);
      expect((await get(w.attorney, '/api/attorney/access-log')).json()).toEqual([]);
    });

    it('records the package PDF when it is downloaded, not when a HEAD asks about it (nothing leaves)', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const pdfUrl = `${w.firmUrl}/package.pdf`;
      const head = await as(w.firm, { method: 'HEAD', url: pdfUrl });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('application/pdf');
      expect(head.headers['content-disposition']).toMatch(/^attachment; filename="LPQ Casey Nguyen /);
      expect(head.body).toBe('');
      // Its length is unknown without rendering it: not claimed (0 would be wrong).
      expect(head.headers['content-length']).toBeUndefined();
      expect(await eventsOf(w.requestId)).toEqual([]);
      // Signed out, another firm, and after revoking: the same answers as the GET.
      expect((await inject({ method: 'HEAD', url: pdfUrl })).statusCode).toBe(401);
      expect((await as(await buildFirm(t().app), { method: 'HEAD', url: pdfUrl })).statusCode).toBe(404);

      const got = await get(w.firm, pdfUrl);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await eventsOf(w.requestId)).map((e) => e.kind)).toEqual(['pdf_download']);
    });

    it('records no view for a HEAD of the package (nothing of it leaves)', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const head = await as(w.firm, { method: 'HEAD', url: w.firmUrl });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(await eventsOf(w.requestId)).toEqual([]);
      expect((await get(w.firm, w.firmUrl)).statusCode).toBe(200);
      expect((await eventsOf(w.requestId)).map((e) => e.kind)).toEqual(['package_view']);
    });

    it('answers 404 to another firm for changes and versions', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const other = await buildFirmUser(t().app);
      expect((await get(other, `${w.firmUrl}?version=1`)).statusCode).toBe(404);
      expect((await get(other, `${w.firmUrl}/changes?from=1&to=1`)).statusCode).toBe(404);
    });
  });

  describe.runIf(kind === 'postgres')('races (real PostgreSQL)', () => {
    it("revoke racing the firm's reads: every read before it is whole and recorded, none after it serves data", async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const link = (await get(w.firm, w.firmUrl)).json().package.documents[0].url as string;
      const reads = Array.from({ length: 8 }, (_, i) => get(w.firm, i % 2 ? link : w.firmUrl));
      const [revoke, ...results] = await Promise.all([post(w.attorney, `${w.base}/revoke`), ...reads]);
      expect(revoke.statusCode).toBe(200);
      for (const r of results) {
        expect([200, 404]).toContain(r.statusCode);
        if (r.statusCode === 200 && r.headers['content-type']?.includes('json')) {
          const body = r.json();
          // Either the whole package, or none of it with the status revoked.
          if (body.package === null) expect(body.status).toBe('revoked');
          else expect(body.package.masterLpq).toBeTruthy();
        }
      }
      const served = results.filter(
        (r) =>
          r.statusCode === 200 && !(r.headers['content-type']?.includes('json') && r.json().package === null),
      ).length;
      // One read before the race, plus every read that served data: each recorded exactly once.
      expect(await eventsOf(w.requestId)).toHaveLength(1 + served);
      expect((await get(w.firm, w.firmUrl)).json().package).toBeNull();
      expect((await get(w.firm, link)).statusCode).toBe(404);
    });

    it('update racing revoke: exactly one order wins, nothing half-done', async () => {
      for (let round = 0; round < 6; round++) {
        const w = await world({ firmName: `Race ${round}` });
        await post(w.attorney, `${w.base}/share`);
        const [update, revoke] = await Promise.all([
          post(w.attorney, `${w.base}/update`),
          post(w.attorney, `${w.base}/revoke`),
        ]);
        expect(revoke.statusCode).toBe(200);
        const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, w.requestId));
        const versions = await t()
          .db.select()
          .from(sharedPackages)
          .where(eq(sharedPackages.requestId, w.requestId));
        const files = await t()
          .db.select()
          .from(sharedPackageFiles)
          .where(and(eq(sharedPackageFiles.requestId, w.requestId)));
        expect(row.status).toBe('revoked');
        if (update.statusCode === 200) {
          // Update first, then revoke.
          expect(row.currentVersion).toBe(2);
          expect(versions).toHaveLength(2);
          expect(files).toHaveLength(2);
          expect(await mails('package_updated')).not.toHaveLength(0);
        } else {
          // Revoke first: the update changed nothing.
          expect(update.statusCode).toBe(409);
          expect(row.currentVersion).toBe(1);
          expect(versions).toHaveLength(1);
          expect(files).toHaveLength(1);
        }
      }
    });
  });

  it('still refuses to share an incomplete master LPQ', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const res = await post(attorney, `/api/attorney/lpq-requests/${requestId}/share`, {
      include: { diversityForm: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: REQUEST_MESSAGES.masterLpqIncomplete });
  });
});
