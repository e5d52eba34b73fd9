import { REQUEST_MESSAGES } from '@shared/requests';
import { TEAM_MESSAGES } from '@shared/team';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { firms, lpqRequests, outbox, positionLpqs, sharedPackages, users } from '../../../db/schema';
import { buildAttorney } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { diversityForm } from '../../master-lpq/master-lpq.fixtures';
import { addFirmMember } from '../../team/team.factories';
import { completeMasterLpqFor, sendRequest } from '../sharing/sharing.test-support';

describeEachDb('attorney requests: list, share, decline', (t, kind) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const share = (cookie: string, id: string) =>
    inject({ method: 'POST', url: `/api/attorney/lpq-requests/${id}/share`, headers: { cookie } });
  const decline = (cookie: string, id: string, payload?: unknown) =>
    inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${id}/decline`,
      headers: { cookie },
      payload: payload as never,
    });
  const requestRow = async (id: string) =>
    (await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, id)))[0];
  const packageCount = async (id: string) =>
    (await t().db.select({ n: count() }).from(sharedPackages).where(eq(sharedPackages.requestId, id)))[0].n;

  async function setup(opts: { complete?: boolean; verified?: boolean } = {}) {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app, {
      firstName: 'Casey',
      lastName: 'Nguyen',
      verified: opts.verified,
    });
    if (opts.complete !== false) await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email.toUpperCase());
    return { firm, attorney, requestId };
  }

  describe('GET /api/attorney/lpq-requests', () => {
    it('lists requests to the verified address with the item fields of PRODUCT.md §6', async () => {
      const { attorney, requestId } = await setup();
      const res = await inject({
        method: 'GET',
        url: '/api/attorney/lpq-requests',
        headers: { cookie: attorney.cookie },
      });
      expect(res.statusCode).toBe(200);
      const [item] = res.json();
      expect(item).toEqual({
        id: requestId,
        firmName: 'Whitfield & Cole LLP',
        positionTitle: 'Corporate Partner',
        practiceArea: 'Corporate',
        status: 'pending',
        sentAt: expect.any(String),
        dueDate: null,
        contactPersonName: 'Morgan Lee Cole',
        contactPersonTitle: 'Director of Legal Recruiting',
        contactPhone: '+1 212 555 0199',
        additionalMessage: 'We would love to hear from you.',
        firmSpecificQuestions: expect.objectContaining({ sections: expect.any(Array) }),
        lpqId: null,
        lpqStatus: null,
        lpqSubmittedAt: null,
        sharedAt: null,
        version: null,
        include: null,
        accessUntil: null,
        revokedAt: null,
        masterLpqChangedSinceShare: false,
      });
    });

    it('shows nothing until the address is verified, and nothing of other attorneys', async () => {
      const { attorney } = await setup({ verified: false });
      const list = () =>
        inject({ method: 'GET', url: '/api/attorney/lpq-requests', headers: { cookie: attorney.cookie } });
      expect((await list()).json()).toEqual([]);
      await t().db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, attorney.user.id));
      expect((await list()).json()).toHaveLength(1);
      const other = await buildAttorney(t().app);
      const otherList = await inject({
        method: 'GET',
        url: '/api/attorney/lpq-requests',
        headers: { cookie: other.cookie },
      });
      expect(otherList.json()).toEqual([]);
    });

    it('401 signed out, 403 for a firm user', async () => {
      const { firm } = await setup();
      expect((await inject({ method: 'GET', url: '/api/attorney/lpq-requests' })).statusCode).toBe(401);
      expect(
        (await inject({ method: 'GET', url: '/api/attorney/lpq-requests', headers: { cookie: firm.cookie } }))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('POST …/share', () => {
    it('shares once: frozen package, position LPQ prefilled, one mail to the firm and one to the attorney', async () => {
      const { firm, attorney, requestId } = await setup();
      await inject({
        method: 'PUT',
        url: '/api/attorney/profile',
        headers: { cookie: attorney.cookie },
        payload: {
          phone: '+1 617 555 0111',
          currentFirm: 'Hale & Stone LLP',
          gender: 'female',
          ethnicity: 'asian',
        },
      });
      const res = await share(attorney.cookie, requestId);
      expect(res.statusCode).toBe(200);
      const item = res.json();
      expect(item).toMatchObject({ id: requestId, status: 'accepted', lpqId: expect.any(String) });

      const [pkg] = await t().db.select().from(sharedPackages).where(eq(sharedPackages.requestId, requestId));
      expect(pkg.attorney).toMatchObject({
        firstName: 'Casey',
        lastName: 'Nguyen',
        email: attorney.user.email,
      });
      expect(pkg.masterLpq).toMatchObject({ isComplete: true, generalInfo: { name: 'Dana Whitfield' } });
      expect(pkg.profile).toMatchObject({ phone: '+1 617 555 0111' });
      // Self-identification never travels in the profile, and no diversity form was submitted.
      expect(pkg.profile).not.toHaveProperty('gender');
      expect(pkg.profile).not.toHaveProperty('ethnicity');
      expect(pkg.diversityForm).toBeNull();

      const [lpq] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.requestId, requestId));
      expect(lpq.id).toBe(item.lpqId);
      expect(lpq.formData).toMatchObject({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        phone: '+1 617 555 0111',
        currentFirm: 'Hale & Stone LLP',
      });

      const mails = await t().db.select().from(outbox);
      const firmMails = mails.filter((m) => m.to === firm.user.email && m.kind === 'package_shared');
      const attorneyMails = mails.filter(
        (m) => m.to === attorney.user.email && m.kind === 'package_shared_confirmation',
      );
      expect(firmMails).toHaveLength(1);
      expect(attorneyMails).toHaveLength(1);
      expect(firmMails[0].text).toContain(`http://localhost:3000/firm/requests/${requestId}`);
      expect(firmMails[0].html).toContain(`/firm/requests/${requestId}`);
      expect(attorneyMails[0].text).toContain('http://localhost:3000/attorney/lpq-requests');

      // Once answered, neither share nor decline moves it again.
      expect((await share(attorney.cookie, requestId)).statusCode).toBe(409);
      const again = await decline(attorney.cookie, requestId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(REQUEST_MESSAGES.notPending);
    });

    it('includes the diversity form only when the attorney submitted it and ticked it', async () => {
      const { firm, attorney } = await setup();
      await inject({
        method: 'PUT',
        url: '/api/attorney/diversity-form',
        headers: { cookie: attorney.cookie },
        payload: diversityForm(),
      });
      // A second position: setup() already left one invitation open for 'Corporate Partner'.
      const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email, {
        positionTitle: 'Tax Partner',
      });
      // Never by default (PRODUCT.md §5): the spec's client sends no body.
      expect((await share(attorney.cookie, requestId)).statusCode).toBe(200);
      const [byDefault] = await t()
        .db.select()
        .from(sharedPackages)
        .where(eq(sharedPackages.requestId, requestId));
      expect(byDefault.diversityForm).toBeNull();
      expect(byDefault.include.diversityForm).toBe(false);

      const ticked = await sendRequest(t().app, firm.cookie, attorney.user.email, {
        positionTitle: 'Tax Counsel',
      });
      const shareTicked = () =>
        inject({
          method: 'POST',
          url: `/api/attorney/lpq-requests/${ticked}/share`,
          headers: { cookie: attorney.cookie },
          payload: { include: { diversityForm: true } },
        });
      // PRODUCT.md §9: a firm without a diversity officer, or one that refuses the data, cannot receive it (409,
      // nothing shared); the share dialog says why before the attorney ticks.
      const refused = await shareTicked();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(TEAM_MESSAGES.noDiversityOfficer);
      expect((await requestRow(ticked)).status).toBe('pending');
      await addFirmMember(t().app, firm.firmId, ['diversity']);
      await t().db.update(firms).set({ acceptSelfIdentification: false }).where(eq(firms.id, firm.firmId));
      expect((await shareTicked()).json().message).toBe(TEAM_MESSAGES.selfIdentificationOff);
      await t().db.update(firms).set({ acceptSelfIdentification: true }).where(eq(firms.id, firm.firmId));
      const res = await shareTicked();
      expect(res.statusCode).toBe(200);
      expect(res.json().include).toMatchObject({ diversityForm: true });
      const [pkg] = await t().db.select().from(sharedPackages).where(eq(sharedPackages.requestId, ticked));
      expect(pkg.diversityForm).toMatchObject({ gender: 'non-binary', raceEthnicity: 'hispanic-latino' });
    });

    it('refuses with 409 while the master LPQ is incomplete, and changes nothing', async () => {
      const { attorney, requestId } = await setup({ complete: false });
      const mailsBefore = (await t().db.select({ n: count() }).from(outbox))[0].n;
      const res = await share(attorney.cookie, requestId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Complete your Master LPQ before sharing.' });
      expect((await requestRow(requestId)).status).toBe('pending');
      expect(await packageCount(requestId)).toBe(0);
      expect((await t().db.select({ n: count() }).from(outbox))[0].n).toBe(mailsBefore);
    });

    it("answers 404 for another attorney's request and for an unknown or malformed id", async () => {
      const { requestId } = await setup();
      const other = await buildAttorney(t().app);
      await completeMasterLpqFor(t().app, other.cookie);
      for (const res of [
        await share(other.cookie, requestId),
        await decline(other.cookie, requestId),
        await share(other.cookie, '00000000-0000-4000-8000-000000000000'),
        await share(other.cookie, 'not-a-uuid'),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not Found' });
      }
      expect((await requestRow(requestId)).status).toBe('pending');
    });

    it('401 signed out, 403 for a firm user', async () => {
      const { firm, requestId } = await setup();
      expect(
        (await inject({ method: 'POST', url: `/api/attorney/lpq-requests/${requestId}/share` })).statusCode,
      ).toBe(401);
      expect((await share(firm.cookie, requestId)).statusCode).toBe(403);
      expect((await decline(firm.cookie, requestId)).statusCode).toBe(403);
    });

    it('keeps the firm on the snapshot when the attorney edits the master LPQ afterwards', async () => {
      const { firm, attorney, requestId } = await setup();
      await share(attorney.cookie, requestId);
      await completeMasterLpqFor(t().app, attorney.cookie, {
        generalInfo: {
          name: 'Renamed Later',
          address: 'x',
          email: 'later@example.com',
          phone: '1',
          barAdmissions: 'NY',
        },
      });
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${requestId}`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().package.masterLpq.generalInfo.name).toBe('Dana Whitfield');
    });
  });

  describe('POST …/decline', () => {
    it('declines with a reason that reaches the firm by mail', async () => {
      const { firm, attorney, requestId } = await setup();
      const res = await decline(attorney.cookie, requestId, { reason: 'Not looking to move this year.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: requestId, status: 'declined', lpqId: null });
      const row = await requestRow(requestId);
      expect(row.declineReason).toBe('Not looking to move this year.');
      const mails = (await t().db.select().from(outbox)).filter(
        (m) => m.to === firm.user.email && m.kind === 'request_declined',
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('Not looking to move this year.');
      expect(mails[0].text).toContain(`/firm/requests/${requestId}`);
      expect((await share(attorney.cookie, requestId)).statusCode).toBe(409);
    });

    it('declines without a body (the spec sends none)', async () => {
      const { attorney, requestId } = await setup();
      const res = await decline(attorney.cookie, requestId);
      expect(res.statusCode, res.body).toBe(200);
      expect((await requestRow(requestId)).declineReason).toBeNull();
    });

    it('refuses an over-long or non-text reason with 400 and changes nothing', async () => {
      const { attorney, requestId } = await setup();
      for (const reason of ['x'.repeat(2001), 42]) {
        const res = await decline(attorney.cookie, requestId, { reason });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.reason).toBeTypeOf('string');
      }
      expect((await requestRow(requestId)).status).toBe('pending');
    });
  });

  if (kind === 'postgres') {
    it('20 concurrent shares and declines on one request: exactly one wins, the rest get 409', async () => {
      const { firm, attorney, requestId } = await setup();
      const calls = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? share(attorney.cookie, requestId)
          : decline(attorney.cookie, requestId, { reason: `r${i}` }),
      );
      const results = await Promise.all(calls);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      const row = await requestRow(requestId);
      expect(row.status).toBe(winner.status);
      const mails = (await t().db.select().from(outbox)).filter(
        (m) => m.text.includes(requestId) || m.to === attorney.user.email,
      );
      if (winner.status === 'accepted') {
        expect(await packageCount(requestId)).toBe(1);
        expect(mails.filter((m) => m.kind === 'package_shared' && m.to === firm.user.email)).toHaveLength(1);
        expect(mails.filter((m) => m.kind === 'package_shared_confirmation')).toHaveLength(1);
        expect(mails.filter((m) => m.kind === 'request_declined')).toHaveLength(0);
      } else {
        expect(await packageCount(requestId)).toBe(0);
        expect(mails.filter((m) => m.kind === 'request_declined')).toHaveLength(1);
        expect(mails.filter((m) => m.kind.startsWith('package_shared'))).toHaveLength(0);
      }
    });

    it('20 concurrent shares: one package, one position LPQ, one mail each', async () => {
      const { firm, attorney, requestId } = await setup();
      const results = await Promise.all(Array.from({ length: 20 }, () => share(attorney.cookie, requestId)));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
      expect(await packageCount(requestId)).toBe(1);
      expect(
        (await t().db.select().from(positionLpqs).where(eq(positionLpqs.requestId, requestId))).length,
      ).toBe(1);
      const mails = await t().db.select().from(outbox);
      expect(
        mails.filter(
          (m) => m.kind === 'package_shared' && m.to === firm.user.email && m.text.includes(requestId),
        ),
      ).toHaveLength(1);
    });
  }
});
