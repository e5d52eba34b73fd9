import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attorneyProfiles, lpqRequests } from '../../db/schema';
import { buildAttorney, buildFirmUser, uniqueEmail } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../master-lpq/master-lpq.fixtures';
import { attorneyCalls, fullProfile } from './attorney.test-support';

// The attorney's dashboard counts, Recent Activity and onboarding.
describeEachDb('attorney', (t) => {
  const { inject, as, get, putProfile } = attorneyCalls(t);

  describe('GET /api/attorney/dashboard-stats', () => {
    it('answers 401 signed out and 403 to a firm user', async () => {
      expect((await inject({ method: 'GET', url: '/api/attorney/dashboard-stats' })).statusCode).toBe(401);
      const firm = await buildFirmUser(t().app);
      expect((await get(firm, '/api/attorney/dashboard-stats')).statusCode).toBe(403);
      expect((await get(firm, '/api/attorney/activity')).statusCode).toBe(403);
      expect((await inject({ method: 'GET', url: '/api/attorney/activity' })).statusCode).toBe(401);
    });

    it('starts at zero and follows the master LPQ, the profile and the requests', async () => {
      const attorney = await buildAttorney(t().app);
      const stats = async () => (await get(attorney, '/api/attorney/dashboard-stats')).json();
      expect(await stats()).toEqual({
        lpqCompletion: 0,
        pendingRequests: 0,
        sharedDocuments: 0,
        profileCompletion: 0,
        savedForms: { conflictsForm: false, businessPlan: false, diversityForm: false },
      });

      await inject({
        method: 'POST',
        url: '/api/attorney/master-lpq',
        headers: as(attorney),
        payload: { generalInfo: completeMasterLpq().generalInfo, isComplete: false },
      });
      // 5 of the 33 required answers (18 fields and 15 disclosure questions).
      expect((await stats()).lpqCompletion).toBe(15);
      await inject({
        method: 'POST',
        url: '/api/attorney/master-lpq',
        headers: as(attorney),
        payload: completeMasterLpq(),
      });
      expect((await stats()).lpqCompletion).toBe(100);

      await putProfile(attorney, { phone: '1', currentFirm: 'A', position: 'partner' });
      expect((await stats()).profileCompletion).toBe(33);
      await putProfile(attorney, fullProfile);
      expect((await stats()).profileCompletion).toBe(100);

      const firm = await buildFirmUser(t().app);
      const request = (
        status: 'pending' | 'accepted' | 'completed' | 'declined' | 'reviewed',
        email: string,
        positionTitle = 'Partner',
      ) => ({
        firmId: firm.firmId,
        firmName: 'Firm',
        attorneyEmail: email,
        positionTitle,
        practiceArea: 'Tax',
        status,
      });
      const mine = attorney.user.email.toUpperCase();
      await t()
        .db.insert(lpqRequests)
        .values([
          request('pending', mine),
          // One open invitation per position: the second pending request is for another one.
          request('pending', mine, 'Counsel'),
          request('accepted', mine),
          request('completed', mine),
          request('declined', mine),
          request('reviewed', mine),
          request('pending', uniqueEmail('someone-else')),
        ]);
      // Shared and not revoked: accepted, completed and under review (PRODUCT.md §5); not declined.
      expect(await stats()).toMatchObject({ pendingRequests: 2, sharedDocuments: 3 });

      // The quick actions' marks: a saved form, a submitted diversity form.
      for (const [url, payload] of [
        ['/api/attorney/conflicts-form', conflictsForm()],
        ['/api/attorney/business-plan', businessPlan()],
        ['/api/attorney/diversity-form', diversityForm()],
      ] as const) {
        const res = await inject({ method: 'PUT', url, headers: as(attorney), payload });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await stats()).savedForms).toEqual({
        conflictsForm: true,
        businessPlan: true,
        diversityForm: true,
      });
    });

    it('counts no request before the address is verified', async () => {
      const attorney = await buildAttorney(t().app, { verified: false });
      const firm = await buildFirmUser(t().app);
      await t().db.insert(lpqRequests).values({
        firmId: firm.firmId,
        firmName: 'Firm',
        attorneyEmail: attorney.user.email,
        positionTitle: 'Partner',
        practiceArea: 'Tax',
      });
      expect((await get(attorney, '/api/attorney/dashboard-stats')).json().pendingRequests).toBe(0);
    });
  });

  it('Recent Activity lists only the signed-in attorney’s events, newest first', async () => {
    const first = await buildAttorney(t().app);
    const second = await buildAttorney(t().app);
    await putProfile(first, { phone: '1' });
    await inject({
      method: 'POST',
      url: '/api/attorney/master-lpq',
      headers: as(first),
      payload: completeMasterLpq(),
    });
    const items = (await get(first, '/api/attorney/activity')).json();
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Master LPQ completed', 'Profile updated']);
    expect(items[0]).toEqual({
      id: expect.stringMatching(/^activity-\d+$/),
      kind: 'master_lpq_completed',
      title: 'Master LPQ completed',
      createdAt: expect.any(String),
    });
    expect((await get(second, '/api/attorney/activity')).json()).toEqual([]);
    expect(
      (await t().db.select().from(attorneyProfiles).where(eq(attorneyProfiles.userId, second.user.id)))
        .length,
    ).toBe(0);
  });

  describe('/api/attorney/onboarding (PRODUCT.md §2: sign-in lands on the dashboard once onboarding is done)', () => {
    it('answers 401 signed out and 403 to a firm user', async () => {
      const firm = await buildFirmUser(t().app);
      for (const [method, url] of [
        ['GET', '/api/attorney/onboarding'],
        ['POST', '/api/attorney/onboarding/complete'],
      ] as const) {
        const signedOut = await inject({ method, url });
        expect(signedOut.statusCode).toBe(401);
        expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
        const wrongType = await inject({ method, url, headers: as(firm) });
        expect(wrongType.statusCode).toBe(403);
        expect(wrongType.json()).toEqual({ message: 'Forbidden' });
      }
    });

    it('is not complete until the attorney reaches the end; then it stays complete, recorded once', async () => {
      const attorney = await buildAttorney(t().app);
      const other = await buildAttorney(t().app);
      expect((await get(attorney, '/api/attorney/onboarding')).json()).toEqual({ completedAt: null });

      const done = await inject({
        method: 'POST',
        url: '/api/attorney/onboarding/complete',
        headers: as(attorney),
      });
      expect(done.statusCode).toBe(200);
      const { completedAt } = done.json();
      expect(Date.parse(completedAt)).not.toBeNaN();
      const again = await inject({
        method: 'POST',
        url: '/api/attorney/onboarding/complete',
        headers: as(attorney),
      });
      expect(again.json()).toEqual({ completedAt });
      expect((await get(attorney, '/api/attorney/onboarding')).json()).toEqual({ completedAt });

      const titles = (await get(attorney, '/api/attorney/activity'))
        .json()
        .map((i: { title: string }) => i.title);
      expect(titles.filter((title: string) => title === 'Onboarding completed')).toHaveLength(1);
      // Another attorney's onboarding is their own.
      expect((await get(other, '/api/attorney/onboarding')).json()).toEqual({ completedAt: null });
    });
  });
});
