import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, EXPORT_FILES } from '@shared/account';
import { HTTP_MESSAGES } from '@shared/http';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accessEvents,
  activityEvents,
  files,
  lpqRequests,
  positionLpqs,
  requestNotes,
  sessions,
  sharedPackageFiles,
  sharedPackages,
  users,
} from '../../db/schema';
import { type Actor, actorCalls, buildAttorney, DEFAULT_PASSWORD, signIn } from '../../test/factories';
import { describeEachDb, testConfig } from '../../test/harness';
import { storedState } from '../../test/route-table';
import { pdfBytes, uploadReadyPdf } from '../files/files.test-support';
import { buildFirm } from '../firm/firm.factories';
import { businessPlan, conflictsForm, diversityForm } from '../master-lpq/master-lpq.fixtures';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing/sharing.test-support';
import { readZip } from './zip.test-support';

const FIRM_NOTE = 'Firm-only note: strong Houston book, ask about conflicts.';

/** Data rights: the attorney's data export and account deletion. */
describeEachDb('data rights', (t) => {
  const { inject, as, post, get } = actorCalls(t);
  const deleteAccount = (actor: Pick<Actor, 'cookie'>, payload: unknown) =>
    post(actor, ACCOUNT_PATHS.deleteAccount, payload);

  const uploadReady = (actor: Pick<Actor, 'cookie'>, filename: string) =>
    uploadReadyPdf(t().app, actor.cookie, filename);

  /**
   * Two firms and an attorney with every record: a document, profile, forms, a complete master LPQ.
   * Arden & Vale's request is shared and updated to version 2 (and read by the firm), a second one is
   * shared and revoked, a third is pending; Other Firm's request is shared and under review.
   */
  async function world() {
    const firm = await buildFirm(t().app, { firmName: 'Arden & Vale LLP' });
    const otherFirm = await buildFirm(t().app, { firmName: 'Other Firm LLP' });
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const bystander = await buildAttorney(t().app, { firstName: 'Jordan', lastName: 'Bystander' });
    const doc = await uploadReady(attorney, 'writing-sample.pdf');
    await uploadReady(bystander, 'bystander.pdf');
    await completeMasterLpqFor(t().app, attorney.cookie, { documents: [doc], resumeUrl: undefined });
    await completeMasterLpqFor(t().app, bystander.cookie);
    for (const [url, payload] of [
      ['/api/attorney/profile', { phone: '+1 212 555 0100', currentFirm: 'Hale & Porter LLP' }],
      ['/api/attorney/conflicts-form', conflictsForm()],
      ['/api/attorney/diversity-form', diversityForm()],
      ['/api/attorney/business-plan', businessPlan()],
    ] as const) {
      const res = await as(attorney, { method: 'PUT', url, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    const draft = { executiveSummary: 'Half-typed plan' };
    expect(
      (
        await as(attorney, {
          method: 'PUT',
          url: '/api/attorney/drafts/business-plan',
          payload: { data: draft },
        })
      ).statusCode,
    ).toBe(200);
    const shared = await sendRequest(t().app, firm.cookie, attorney.user.email);
    // Version 1 without the business plan, version 2 with it (an update must change something, issue 67).
    const sharedUrl = `/api/attorney/lpq-requests/${shared}`;
    const first = await post(attorney, `${sharedUrl}/share`, { include: { businessPlan: false } });
    expect(first.statusCode).toBe(200);
    const second = await post(attorney, `${sharedUrl}/update`, { include: { businessPlan: true } });
    expect(second.statusCode).toBe(200);
    expect((await get(firm, `/api/firm/lpq-requests/${shared}`)).json().package.version).toBe(2);
    expect((await get(firm, doc.url)).statusCode).toBe(200);
    const note = await post(firm, `/api/firm/lpq-requests/${shared}/notes`, { body: FIRM_NOTE });
    expect(note.statusCode).toBe(201);

    const revoked = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Tax Partner',
    });
    expect((await post(attorney, `/api/attorney/lpq-requests/${revoked}/share`)).statusCode).toBe(200);
    expect((await post(attorney, `/api/attorney/lpq-requests/${revoked}/revoke`)).statusCode).toBe(200);
    const pending = await sendRequest(t().app, firm.cookie, attorney.user.email, {
      positionTitle: 'Banking Partner',
    });
    const reviewed = await sendRequest(t().app, otherFirm.cookie, attorney.user.email);
    expect((await post(attorney, `/api/attorney/lpq-requests/${reviewed}/share`)).statusCode).toBe(200);
    const review = await post(otherFirm, `/api/firm/lpq-requests/${reviewed}/status`, { status: 'reviewed' });
    expect(review.statusCode).toBe(200);
    return { firm, otherFirm, attorney, bystander, doc, shared, revoked, pending, reviewed };
  }

  describe('GET /api/attorney/data-export', () => {
    it('401 signed out, 403 for a firm user', async () => {
      const firm = await buildFirm(t().app);
      const signedOut = await inject({ method: 'GET', url: ACCOUNT_PATHS.dataExport });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: HTTP_MESSAGES.unauthorized });
      const wrongType = await get(firm, ACCOUNT_PATHS.dataExport);
      expect(wrongType.statusCode).toBe(403);
      expect(wrongType.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
    });

    it('downloads a ZIP of one JSON file with everything held about the attorney and a PDF per shared version', async () => {
      const w = await world();
      const res = await get(w.attorney, ACCOUNT_PATHS.dataExport);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="lateral-passport-export-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const entries = readZip(res.rawPayload);
      const text = entries.get(EXPORT_FILES.json)?.toString('utf8') ?? '';
      const data = JSON.parse(text);

      expect(data.account).toMatchObject({
        id: w.attorney.user.id,
        email: w.attorney.user.email,
        firstName: 'Casey',
        lastName: 'Nguyen',
        userType: 'attorney',
      });
      expect(data.account).not.toHaveProperty('passwordHash');
      expect(text).not.toMatch(/password_?hash|\$argon2/i);
      expect(data.profile).toMatchObject({ phone: '+1 212 555 0100', currentFirm: 'Hale & Porter LLP' });
      expect(data.selfIdentification).toMatchObject({
        gender: 'non-binary',
        submittedAt: expect.any(String),
      });
      expect(data.masterLpq).toMatchObject({ isComplete: true, generalInfo: expect.any(Object) });
      expect(data.conflictsForm).not.toBeNull();
      expect(data.businessPlan).not.toBeNull();
      expect(data.unsavedDrafts).toEqual([
        {
          form: 'business-plan',
          data: { executiveSummary: 'Half-typed plan' },
          updatedAt: expect.any(String),
        },
      ]);
      expect(data.files).toEqual([
        expect.objectContaining({ id: w.doc.id, name: 'writing-sample.pdf', status: 'ready', size: 3000 }),
      ]);
      // Issue 67 item 16: the document itself is in the archive, byte for byte, and the JSON says where.
      const inArchive = `${EXPORT_FILES.documentsFolder}/${w.doc.id.slice(0, 8)}-writing-sample.pdf`;
      expect(data.files[0].inArchive).toBe(inArchive);
      expect(entries.get(inArchive)?.equals(pdfBytes(3000, 'writing-sample.pdf'))).toBe(true);
      expect([...entries.keys()].filter((n) => n.startsWith(`${EXPORT_FILES.documentsFolder}/`))).toEqual([
        inArchive,
      ]);

      const byId = new Map<string, Record<string, unknown>>(
        data.requests.map((r: { id: string }) => [r.id, r]),
      );
      expect([...byId.keys()].sort()).toEqual([w.shared, w.revoked, w.pending, w.reviewed].sort());
      const shared = byId.get(w.shared) as {
        status: string;
        sharedVersions: { version: number; masterLpq: object; pdf: string }[];
        positionLpq: { status: string } | null;
      };
      expect(shared.status).toBe('accepted');
      expect(shared.sharedVersions.map((v) => v.version)).toEqual([1, 2]);
      expect(shared.sharedVersions[0].masterLpq).toMatchObject({ generalInfo: expect.any(Object) });
      expect(shared.positionLpq).toMatchObject({ status: 'draft' });
      expect(byId.get(w.revoked)).toMatchObject({ status: 'revoked', revokedBy: 'attorney' });
      expect(byId.get(w.pending)).toMatchObject({ status: 'pending', sharedVersions: [] });
      expect(byId.get(w.reviewed)).toMatchObject({ status: 'reviewed', firmName: 'Other Firm LLP' });

      // One PDF per version of every package shared, the revoked one included, as the firm saw it.
      const pdfs = [...entries.keys()].filter((name) => name.startsWith(`${EXPORT_FILES.sharedFolder}/`));
      expect(pdfs.sort()).toEqual([
        'shared/Arden-Vale-LLP-Corporate-Partner-v1.pdf',
        'shared/Arden-Vale-LLP-Corporate-Partner-v2.pdf',
        'shared/Arden-Vale-LLP-Tax-Partner-v1.pdf',
        'shared/Other-Firm-LLP-Corporate-Partner-v1.pdf',
      ]);
      for (const name of pdfs) expect(entries.get(name)?.subarray(0, 5).toString()).toBe('%PDF-');
      expect(shared.sharedVersions.map((v) => v.pdf)).toEqual(pdfs.sort().slice(0, 2));

      expect(data.accessLog).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            firmName: 'Arden & Vale LLP',
            requestId: w.shared,
            action: 'downloaded',
          }),
        ]),
      );
      expect(data.activity.map((a: { kind: string }) => a.kind)).toEqual(
        expect.arrayContaining(['request_shared', 'request_updated', 'request_revoked']),
      );
      // Nothing of anybody else's: the firm's notes, the other attorney, the firm users' addresses.
      expect(text).not.toContain(FIRM_NOTE);
      expect(text).not.toContain(w.bystander.user.email);
      expect(text).not.toContain('Bystander');
      expect(text).not.toContain(w.firm.user.email);
      expect(text).not.toContain(w.firm.user.id);

      // The download is in the attorney's Recent Activity.
      const activity = (await get(w.attorney, '/api/attorney/activity')).json();
      expect(activity[0]).toMatchObject({ kind: 'data_exported', title: 'Downloaded a copy of your data' });
    });
  });

  describe('POST /api/attorney/delete-account', () => {
    const valid = { password: DEFAULT_PASSWORD, confirmation: 'DELETE' };

    it('401 signed out, 403 for a firm user, nothing deleted', async () => {
      const firm = await buildFirm(t().app);
      const before = await storedState(t().db);
      const signedOut = await inject({ method: 'POST', url: ACCOUNT_PATHS.deleteAccount, payload: valid });
      expect(signedOut.statusCode).toBe(401);
      const wrongType = await deleteAccount(firm, valid);
      expect(wrongType.statusCode).toBe(403);
      expect(wrongType.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
      expect(await storedState(t().db)).toEqual(before);
    });

    it('400 for a wrong password or a wrong confirmation, with the message under the field; nothing deleted', async () => {
      const w = await world();
      const before = await storedState(t().db);
      const wrongPassword = await deleteAccount(w.attorney, { ...valid, password: 'not my password' });
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json()).toEqual({
        message: ACCOUNT_MESSAGES.passwordIncorrect,
        errors: { password: ACCOUNT_MESSAGES.passwordIncorrect },
      });
      for (const confirmation of ['delete', 'DELETE ME', '', undefined]) {
        const res = await deleteAccount(w.attorney, { ...valid, confirmation });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ confirmation: ACCOUNT_MESSAGES.confirmationMismatch });
      }
      const noPassword = await deleteAccount(w.attorney, { ...valid, password: '' });
      expect(noPassword.json().errors).toEqual({ password: ACCOUNT_MESSAGES.passwordRequired });
      expect(await storedState(t().db)).toEqual(before);
      expect((await get(w.attorney, '/api/user')).statusCode).toBe(200);
    });

    it('revokes every active share (firms mailed), erases the account, its sessions and files, and keeps the firms’ rows with the e-mail only', async () => {
      const w = await world();
      const id = w.attorney.user.id;
      const [fileRow] = await t().db.select().from(files).where(eq(files.id, w.doc.id));
      expect(await t().app.ctx.storage.size(fileRow.storageKey)).toBe(3000);
      const secondSession = await signIn(t().app, w.attorney.user.email);
      const lastMailBefore = (await t().outbox()).at(-1)?.id ?? 0;

      const res = await deleteAccount(w.attorney, valid);
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      const cleared = res.cookies.find((c) => c.name.endsWith('lp_session'));
      expect(cleared?.value).toBe('');

      // The account and everything that hung from it.
      expect(await t().db.select().from(users).where(eq(users.id, id))).toEqual([]);
      expect(await t().db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
      for (const cookie of [w.attorney.cookie, secondSession])
        expect((await get({ cookie }, '/api/user')).statusCode).toBe(401);
      const login = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: w.attorney.user.email, password: DEFAULT_PASSWORD },
      });
      expect(login.statusCode).toBe(401);
      expect(await t().db.select().from(files).where(eq(files.ownerId, id))).toEqual([]);
      expect(await t().app.ctx.storage.size(fileRow.storageKey)).toBeNull();
      const requestIds = [w.shared, w.revoked, w.pending, w.reviewed];
      expect(
        await t().db.select().from(sharedPackages).where(inArray(sharedPackages.requestId, requestIds)),
      ).toEqual([]);
      expect(
        await t().db.select().from(sharedPackageFiles).where(eq(sharedPackageFiles.fileId, w.doc.id)),
      ).toEqual([]);
      expect(await t().db.select().from(positionLpqs).where(eq(positionLpqs.attorneyUserId, id))).toEqual([]);
      expect(await t().db.select().from(accessEvents).where(eq(accessEvents.attorneyUserId, id))).toEqual([]);
      expect(await t().db.select().from(activityEvents).where(eq(activityEvents.userId, id))).toEqual([]);

      // The firms' rows stay, with the address they typed and no attorney; active shares are revoked.
      const rows = await t().db.select().from(lpqRequests).where(inArray(lpqRequests.id, requestIds));
      const status = Object.fromEntries(rows.map((r) => [r.id, [r.status, r.revokedBy]]));
      expect(status).toEqual({
        [w.shared]: ['revoked', 'account_deleted'],
        [w.reviewed]: ['revoked', 'account_deleted'],
        [w.revoked]: ['revoked', 'attorney'],
        [w.pending]: ['pending', null],
      });
      for (const row of rows) {
        expect(row.attorneyUserId).toBeNull();
        expect(row.attorneyEmail).toBe(w.attorney.user.email);
      }
      // The firm's notes are the firm's: they stay.
      expect(
        (await t().db.select().from(requestNotes).where(eq(requestNotes.requestId, w.shared))).map(
          (n) => n.body,
        ),
      ).toEqual([FIRM_NOTE]);

      // The firm reads the row, without a package or a name; its PDF and document links are gone.
      const firmView = await get(w.firm, `/api/firm/lpq-requests/${w.shared}`);
      expect(firmView.statusCode).toBe(200);
      expect(firmView.json()).toMatchObject({
        status: 'revoked',
        package: null,
        attorneyName: null,
        attorneyEmail: w.attorney.user.email,
      });
      expect((await get(w.firm, `/api/firm/lpq-requests/${w.shared}/package.pdf`)).statusCode).toBe(404);
      expect((await get(w.firm, w.doc.url)).statusCode).toBe(404);
      const list = (await get(w.firm, '/api/firm/lpq-requests')).json() as { id: string; status: string }[];
      expect(list.find((r) => r.id === w.shared)?.status).toBe('revoked');

      // Each firm with an active share is mailed, once; the attorney gets a confirmation.
      const mails = (await t().outbox()).filter((m) => m.id > lastMailBefore);
      const revokedMails = mails.filter((m) => m.kind === 'package_revoked');
      expect(revokedMails.map((m) => m.to).sort()).toEqual(
        [w.firm.user.email, w.otherFirm.user.email].sort(),
      );
      for (const mail of revokedMails) expect(mail.text).toContain('Casey Nguyen has closed their account');
      const confirmation = mails.filter((m) => m.kind === 'account_deleted');
      expect(confirmation.map((m) => m.to)).toEqual([w.attorney.user.email]);
      // The copies of earlier mail to the attorney (verification, invitations, confirmations) are gone.
      const toAttorney = await t().outbox(w.attorney.user.email);
      expect(toAttorney.filter((m) => m.status !== 'sending').map((m) => m.kind)).toEqual([
        'account_deleted',
      ]);
      expect(confirmation[0].text).toContain('All 2 of your active shares were revoked');

      // Nobody else lost anything.
      expect((await get(w.bystander, '/api/attorney/master-lpq')).statusCode).toBe(200);
      expect((await get(w.firm, '/api/firm/profile')).statusCode).toBe(200);
    });

    it('deletes the account even when storage refuses to remove the bytes (logged, not undone)', async () => {
      const attorney = await buildAttorney(t().app);
      const doc = await uploadReady(attorney, 'resume.pdf');
      const storage = t().app.ctx.storage;
      const original = storage.delete;
      storage.delete = async () => {
        throw new Error('storage unavailable');
      };
      try {
        const res = await deleteAccount(attorney, valid);
        expect(res.statusCode).toBe(204);
      } finally {
        storage.delete = original;
      }
      expect(await t().db.select().from(users).where(eq(users.id, attorney.user.id))).toEqual([]);
      expect(await t().db.select().from(files).where(eq(files.id, doc.id))).toEqual([]);
    });
  });
});

describeEachDb(
  'data rights: password attempts',
  (t) => {
    it('limits wrong passwords per account like sign-in (429 with Retry-After), even for the right one after', async () => {
      const attorney = await buildAttorney(t().app);
      const attempt = (password: string) =>
        t().app.inject({
          method: 'POST',
          url: ACCOUNT_PATHS.deleteAccount,
          headers: { cookie: attorney.cookie },
          payload: { password, confirmation: 'DELETE' },
        });
      expect((await attempt('wrong one')).statusCode).toBe(400);
      expect((await attempt('wrong two')).statusCode).toBe(400);
      const limited = await attempt(DEFAULT_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(
        (await t().app.inject({ method: 'GET', url: '/api/user', headers: { cookie: attorney.cookie } }))
          .statusCode,
      ).toBe(200);
    });
  },
  { config: { rateLimit: { ...testConfig().rateLimit, accountMax: 2 } } },
);
