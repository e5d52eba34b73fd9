import type { FileRef } from '@shared/files';
import { REQUEST_MESSAGES } from '@shared/requests';
import { SHARING_MESSAGES } from '@shared/sharing';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessEvents, lpqRequests, sharedPackageFiles, sharedPackages } from '../../db/schema';
import { systemJob } from '../../policies/authorize';
import { type Actor, buildAttorney, buildFirmUser } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { uploadReadyPdf } from '../files/files.test-support';
import { buildFirm } from '../firm/firm.factories';
import { conflictsForm, diversityForm } from '../master-lpq/master-lpq.fixtures';
import { expireAccess } from './request-jobs.service';
import { completeMasterLpqFor, sendRequest } from './sharing.test-support';

/** PRODUCT.md §4–§6: the attorney's control over what was shared (issue 15). */
describeEachDb('sharing control', (t, kind) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Pick<Actor, 'cookie'>, opts: InjectOptions) =>
    inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie: actor.cookie } });
  const post = (actor: Pick<Actor, 'cookie'>, url: string, payload?: unknown) =>
    as(actor, { method: 'POST', url, payload: payload as never });
  const get = (actor: Pick<Actor, 'cookie'>, url: string) => as(actor, { method: 'GET', url });

  const uploadReady = (actor: Pick<Actor, 'cookie'>, filename: string) =>
    uploadReadyPdf(t().app, actor.cookie, filename);

  /** A firm, an attorney with a complete master LPQ, a conflicts form, a submitted diversity form and a document. */
  async function world(opts: { firmName?: string } = {}) {
    const firm = await buildFirm(t().app, { firmName: opts.firmName ?? 'Arden & Vale' });
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const doc = await uploadReady(attorney, 'writing-sample.pdf');
    await completeMasterLpqFor(t().app, attorney.cookie, { documents: [doc], resumeUrl: undefined });
    await as(attorney, { method: 'PUT', url: '/api/attorney/conflicts-form', payload: conflictsForm() });
    await as(attorney, { method: 'PUT', url: '/api/attorney/diversity-form', payload: diversityForm() });
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const base = `/api/attorney/lpq-requests/${requestId}`;
    return { firm, attorney, requestId, doc, base, firmUrl: `/api/firm/lpq-requests/${requestId}` };
  }

  const mails = async (kindName: string) => (await t().outbox()).filter((m) => m.kind === kindName);
  const eventsOf = async (requestId: string) =>
    t().db.select().from(accessEvents).where(eq(accessEvents.requestId, requestId));

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
      expect(pkg.versions).toEqual([{ version: 1, sharedAt: expect.any(String) }]);
      expect(pkg.conflictsForm).not.toBeNull();
      expect(pkg.diversityForm).toBeNull();
      expect(pkg.documents.map((d: FileRef) => d.id)).toEqual([w.doc.id]);
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
      expect(pkg.diversityForm).toMatchObject({ gender: 'non-binary' });
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
      for (const key of [
        'profile',
        'masterLpq',
        'conflictsForm',
        'diversityForm',
        'businessPlan',
        'documents',
      ])
        expect(pkg[key]).toEqual(chosen[key]);
      // Only the firm's read is an access event; the previews are not.
      expect(await eventsOf(w.requestId)).toHaveLength(1);
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
        field: expect.stringContaining('Phone'),
        label: expect.stringContaining('Phone'),
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
      expect((await post(w.attorney, `${w.base}/update`)).json().include.conflictsForm).toBe(false);
      const again = await post(w.attorney, `${w.base}/update`, { include: { conflictsForm: true } });
      expect(again.json()).toMatchObject({ version: 3, include: { conflictsForm: true } });
    });
  });

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
      expect((await post(w.attorney, `${w.base}/update`)).statusCode).toBe(200);
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
    it('records CSV rows that name an attorney as reads', async () => {
      const w = await world();
      await post(w.attorney, `${w.base}/share`);
      const csv = await get(w.firm, '/api/firm/lpq-requests.csv');
      expect(csv.statusCode).toBe(200);
      const events = await eventsOf(w.requestId);
      expect(events.map((e) => e.kind)).toEqual(['csv_export']);
      const log = (await get(w.attorney, '/api/attorney/access-log')).json();
      expect(log[0]).toMatchObject({
        action: 'exported',
        what: 'Request list (CSV)',
        requestId: w.requestId,
      });
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
