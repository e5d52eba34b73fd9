import type { FileRef } from '@shared/files';
import { SHARING_MESSAGES } from '@shared/sharing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lpqRequests } from '../../../db/schema';
import { buildAttorney } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { completeMasterLpqFor } from './sharing.test-support';
import { sharingControlClient } from './sharing-control.test-support';

// Sharing with a choice of parts, the preview and new versions.
/** PRODUCT.md §4–§6: the attorney's control over what was shared. */
describeEachDb('sharing control', (t) => {
  const { inject, post, get, world, mails, eventsOf, updateWithChange } = sharingControlClient(t);

  describe('POST …/share with a choice of parts', () => {
    it('shares the defaults when no body is sent: everything that exists except the diversity form', async () => {
      const w = await world();
      const res = await post(w.attorney, `${w.base}/share`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'accepted',
        version: 1,
        accessUntil: null,
        include: { conflictsForm: true, businessPlan: false, documents: true, diversityForm: false },
      });
      const pkg = (await get(w.firm, w.firmUrl)).json().package;
      expect(pkg.version).toBe(1);
      expect(pkg.versions).toEqual([{ version: 1, sharedAt: expect.any(String), changes: null }]);
      expect(pkg.conflictsForm).not.toBeNull();
      // The registrant is no diversity officer: the part is absent from what they get (PRODUCT.md §9).
      expect(pkg).not.toHaveProperty('diversityForm');
      expect(pkg.documents.map((d: FileRef) => d.id)).toEqual([w.doc.id]);
      expect((await get(w.diversity, '/api/firm/self-identification')).json().forms).toEqual([]);
    });

    it('leaves out what the attorney unticks, documents and their links included; adds the diversity form when ticked', async () => {
      const w = await world();
      const res = await post(w.attorney, `${w.base}/share`, {
        include: { conflictsForm: false, documents: false, diversityForm: true },
      });
      expect(res.statusCode).toBe(200);
      const pkg = (await get(w.firm, w.firmUrl)).json().package;
      expect(pkg.conflictsForm).toBeNull();
      expect(pkg.documents).toEqual([]);
      expect(pkg.masterLpq.documents).toEqual([]);
      expect(pkg).not.toHaveProperty('diversityForm');
      // The diversity form reaches the diversity officer only, on the self-identification page.
      const [form] = (await get(w.diversity, '/api/firm/self-identification')).json().forms;
      expect(form).toMatchObject({ requestId: w.requestId, form: { gender: 'non-binary' } });
      // The document is not the firm's to download.
      expect((await get(w.firm, `/objects/${w.doc.id}`)).statusCode).toBe(404);
    });

    it('takes an access end date; refuses a past or impossible one with the message, and changes nothing', async () => {
      const w = await world();
      for (const [accessUntil, message] of [
        ['2020-01-01', SHARING_MESSAGES.accessUntilInPast],
        ['2099-02-31', SHARING_MESSAGES.accessUntilFormat],
        ['next week', SHARING_MESSAGES.accessUntilFormat],
      ]) {
        const bad = await post(w.attorney, `${w.base}/share`, { accessUntil });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().errors.accessUntil).toBe(message);
      }
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, w.requestId));
      expect(row.status).toBe('pending');
      const ok = await post(w.attorney, `${w.base}/share`, { accessUntil: '2099-12-31' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().accessUntil).toBe('2099-12-31');
      expect((await get(w.firm, w.firmUrl)).json().accessUntil).toBe('2099-12-31');
    });
  });

  describe('GET …/preview', () => {
    it('401 signed out, 403 for a firm, 404 for another attorney or a malformed id', async () => {
      const w = await world();
      expect((await inject({ method: 'GET', url: `${w.base}/preview` })).statusCode).toBe(401);
      expect((await get(w.firm, `${w.base}/preview`)).statusCode).toBe(403);
      const other = await buildAttorney(t().app);
      expect((await get(other, `${w.base}/preview`)).statusCode).toBe(404);
      expect((await get(w.attorney, '/api/attorney/lpq-requests/nope/preview')).statusCode).toBe(404);
      expect((await get(w.attorney, `${w.base}/preview?documents=maybe`)).statusCode).toBe(400);
    });

    it("answers the package in the firm's shape for the ticked parts, and records nothing", async () => {
      const w = await world();
      const preview = (await get(w.attorney, `${w.base}/preview`)).json();
      expect(preview).toMatchObject({
        version: 1,
        attorney: { firstName: 'Casey', lastName: 'Nguyen' },
        available: { conflictsForm: true, businessPlan: false, documents: true, diversityForm: true },
        include: { conflictsForm: true, businessPlan: false, documents: true, diversityForm: false },
        diversityForm: null,
      });
      expect(preview.documents.map((d: FileRef) => d.id)).toEqual([w.doc.id]);
      const chosen = (
        await get(w.attorney, `${w.base}/preview?diversityForm=true&conflictsForm=false&documents=0`)
      ).json();
      expect(chosen.diversityForm).toMatchObject({ gender: 'non-binary' });
      expect(chosen.conflictsForm).toBeNull();
      expect(chosen.documents).toEqual([]);
      // What the preview showed is what the firm receives.
      await post(w.attorney, `${w.base}/share`, {
        include: { diversityForm: true, conflictsForm: false, documents: false },
      });
      const pkg = (await get(w.firm, w.firmUrl)).json().package;
      for (const key of ['profile', 'masterLpq', 'conflictsForm', 'businessPlan', 'documents'])
        expect(pkg[key]).toEqual(chosen[key]);
      // Only the firm's reads are access events; the previews are not.
      expect(await eventsOf(w.requestId)).toHaveLength(1);
      const [form] = (await get(w.diversity, '/api/firm/self-identification')).json().forms;
      expect(form.form).toEqual(chosen.diversityForm);
      expect(await eventsOf(w.requestId)).toHaveLength(2);
    });

    it('answers 409 for a declined request', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/decline`);
      expect((await get(w.attorney, `${w.base}/preview`)).statusCode).toBe(409);
    });
  });

  describe('POST …/update (versions)', () => {
    it('401, 403, 404, and 409 before sharing', async () => {
      const w = await world();
      expect((await inject({ method: 'POST', url: `${w.base}/update` })).statusCode).toBe(401);
      expect((await post(w.firm, `${w.base}/update`)).statusCode).toBe(403);
      expect((await post(await buildAttorney(t().app), `${w.base}/update`)).statusCode).toBe(404);
      const res = await post(w.attorney, `${w.base}/update`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SHARING_MESSAGES.notShared });
    });

    it('freezes version N+1, mails the firm, keeps review status and notes, and shows what changed', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' });
      await post(w.firm, `${w.firmUrl}/notes`, { body: 'Strong book.' });
      // The attorney edits the master LPQ after sharing.
      await completeMasterLpqFor(t().app, w.attorney.cookie, {
        documents: [w.doc],
        resumeUrl: undefined,
        generalInfo: {
          name: 'Casey Nguyen',
          email: w.attorney.user.email,
          phone: '+1 212 555 0142',
          address: '1 Liberty Plaza',
          barAdmissions: 'New York',
        },
      });
      expect((await get(w.firm, w.firmUrl)).json().package.masterLpq.generalInfo.phone).not.toBe(
        '+1 212 555 0142',
      );
      const res = await post(w.attorney, `${w.base}/update`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ version: 2, status: 'reviewed' });
      expect(await mails('package_updated')).toHaveLength(1);

      const detail = (await get(w.firm, w.firmUrl)).json();
      expect(detail.status).toBe('reviewed');
      expect(detail.version).toBe(2);
      expect(detail.package.version).toBe(2);
      expect(detail.package.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
      expect(detail.package.masterLpq.generalInfo.phone).toBe('+1 212 555 0142');
      expect(detail.timeline.map((e: { event: string }) => e.event)).toContain('updated');
      expect((await get(w.firm, `${w.firmUrl}/notes`)).json()).toHaveLength(1);
      // Version 1 stays as it was.
      const v1 = (await get(w.firm, `${w.firmUrl}?version=1`)).json().package;
      expect(v1.version).toBe(1);
      expect(v1.masterLpq.generalInfo.phone).not.toBe('+1 212 555 0142');
      expect((await get(w.firm, `${w.firmUrl}?version=3`)).statusCode).toBe(404);

      const changes = await get(w.firm, `${w.firmUrl}/changes?from=1&to=2`);
      expect(changes.statusCode).toBe(200);
      expect(changes.json()).toContainEqual({
        section: 'Master LPQ',
        field: 'General Information',
        label: 'Phone',
        before: expect.any(String),
        after: '+1 212 555 0142',
      });
      expect(JSON.stringify(changes.json())).not.toMatch(/generalInfo|"phone"/);
      expect((await get(w.firm, `${w.firmUrl}/changes?from=1&to=9`)).statusCode).toBe(404);
      expect((await get(w.firm, `${w.firmUrl}/changes?from=x&to=2`)).statusCode).toBe(400);
      expect((await get(await buildFirm(t().app), `${w.firmUrl}/changes?from=1&to=2`)).statusCode).toBe(404);

      const pdf = await get(w.firm, `${w.firmUrl}/package.pdf?version=1`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toContain('v1.pdf');
    });

    it('keeps the parts of the last version unless the attorney chooses again', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`, { include: { conflictsForm: false } });
      expect((await updateWithChange(w.attorney, `${w.base}/update`)).json().include.conflictsForm).toBe(
        false,
      );
      const again = await post(w.attorney, `${w.base}/update`, { include: { conflictsForm: true } });
      expect(again.json()).toMatchObject({ version: 3, include: { conflictsForm: true } });
    });
  });
});
