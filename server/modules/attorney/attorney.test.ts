import { PROFILE_MESSAGES } from '@shared/attorney';
import { AUTH_MESSAGES } from '@shared/auth';
import { FIELD_MESSAGES } from '@shared/form-fields';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { attorneyProfiles, emailTokens, lpqRequests, users } from '../../db/schema';
import {
  type Actor,
  buildAttorney,
  buildFirmUser,
  DEFAULT_PASSWORD,
  sessionCookie,
  uniqueEmail,
} from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { createEmailToken } from '../auth/tokens';
import { completeMasterLpq } from '../master-lpq/master-lpq.fixtures';

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Whitfield',
  email: uniqueEmail('reg-attorney'),
  phone: '+1 617 555 0100',
  password: DEFAULT_PASSWORD,
  currentFirm: 'Hale & Stone LLP',
  position: 'partner',
  yearsExperience: 12,
  lawSchool: 'Harvard Law School',
  graduationYear: 2010,
  barAdmissions: 'Massachusetts',
  practiceAreas: ['Corporate', 'Tax'],
  ...overrides,
});

const fullProfile = {
  phone: '+1 212 555 0199',
  currentFirm: 'Brook Partners',
  position: 'senior_associate',
  yearsExperience: 7,
  lawSchool: 'Columbia Law School',
  graduationYear: 2016,
  barAdmissions: 'New York\nNew Jersey',
  practiceAreas: ['Litigation', 'M&A'],
  resumeUrl: '/objects/00000000-0000-4000-8000-000000000009',
  gender: 'female',
  ethnicity: 'two_or_more',
  isLgbtqia: false,
  isVeteran: true,
  hasDisability: false,
  militaryBranch: 'Army',
  militaryRank: 'Captain',
  yearsOfService: 4,
  dischargeDate: '2012-03-15T00:00:00.000Z',
};

describeEachDb('attorney', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Actor) => ({ cookie: actor.cookie });
  const get = (actor: Actor, url: string) => inject({ method: 'GET', url, headers: as(actor) });
  const putProfile = (actor: Actor, payload: object) =>
    inject({ method: 'PUT', url: '/api/attorney/profile', headers: as(actor), payload });
  const userCount = async () => (await t().db.select({ n: count() }).from(users))[0].n;

  describe('POST /api/register/attorney', () => {
    it('creates the account and the profile, signs in, and queues the verification mail', async () => {
      const body = registration();
      const res = await inject({ method: 'POST', url: '/api/register/attorney', payload: body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: body.email, userType: 'attorney', emailVerified: false });
      const cookie = sessionCookie(res);
      const profile = await inject({ method: 'GET', url: '/api/attorney/profile', headers: { cookie } });
      expect(profile.json()).toMatchObject({
        phone: body.phone,
        currentFirm: 'Hale & Stone LLP',
        position: 'partner',
        yearsExperience: 12,
        graduationYear: 2010,
        practiceAreas: ['Corporate', 'Tax'],
      });
      const [mail] = await t().outbox(body.email);
      expect(mail.kind).toBe('verify_email');
      const activity = await inject({ method: 'GET', url: '/api/attorney/activity', headers: { cookie } });
      expect(activity.json().map((a: { kind: string }) => a.kind)).toEqual(['account_created']);
    });

    it('registers through an invitation token as a verified user', async () => {
      const email = uniqueEmail('invited');
      const token = await createEmailToken(t().db, {
        purpose: 'invitation',
        email,
        ttlMs: 60_000,
      });
      const res = await inject({
        method: 'POST',
        url: '/api/register/attorney',
        payload: registration({ email, invitationToken: token }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().emailVerified).toBe(true);
      const used = await t().db.select().from(emailTokens).where(eq(emailTokens.email, email));
      expect(used[0].usedAt).not.toBeNull();
    });

    it.each([
      [{ firstName: '' }, 'firstName', AUTH_MESSAGES.firstNameRequired],
      [{ lastName: undefined }, 'lastName', AUTH_MESSAGES.lastNameRequired],
      [{ email: 'nope' }, 'email', AUTH_MESSAGES.invalidEmail],
      [{ phone: '' }, 'phone', PROFILE_MESSAGES.phoneRequired],
      [{ password: '123' }, 'password', AUTH_MESSAGES.passwordMin],
      [{ yearsExperience: 51 }, 'yearsExperience', PROFILE_MESSAGES.yearsExperienceRange],
      [{ graduationYear: 1949 }, 'graduationYear', PROFILE_MESSAGES.graduationYearRange()],
      [{ position: 'boss' }, 'position', PROFILE_MESSAGES.invalidPosition],
    ])('refuses %j with its message and creates nothing', async (bad, field, message) => {
      const before = await userCount();
      const res = await inject({ method: 'POST', url: '/api/register/attorney', payload: registration(bad) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(await userCount()).toBe(before);
    });

    it('refuses an existing address with 409 and leaves no half-made account', async () => {
      const existing = await buildAttorney(t().app);
      const before = await userCount();
      const res = await inject({
        method: 'POST',
        url: '/api/register/attorney',
        payload: registration({ email: existing.user.email.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(AUTH_MESSAGES.emailTaken);
      expect(await userCount()).toBe(before);
    });
  });

  describe('/api/attorney/profile', () => {
    it('answers 401 signed out and 403 to a firm user', async () => {
      expect((await inject({ method: 'GET', url: '/api/attorney/profile' })).statusCode).toBe(401);
      expect(
        (await inject({ method: 'PUT', url: '/api/attorney/profile', payload: fullProfile })).statusCode,
      ).toBe(401);
      const firm = await buildFirmUser(t().app);
      expect((await get(firm, '/api/attorney/profile')).statusCode).toBe(403);
      expect((await putProfile(firm, fullProfile)).statusCode).toBe(403);
      expect(
        (await inject({ method: 'POST', url: '/api/attorney/profile', headers: as(firm), payload: {} }))
          .statusCode,
      ).toBe(403);
    });

    it('POST creates once (409 after), PUT updates, GET reads every field back', async () => {
      const attorney = await buildAttorney(t().app);
      expect((await get(attorney, '/api/attorney/profile')).statusCode).toBe(404);
      const created = await inject({
        method: 'POST',
        url: '/api/attorney/profile',
        headers: as(attorney),
        payload: { phone: '1', userId: 'someone-else' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().userId).toBe(attorney.user.id);
      const again = await inject({
        method: 'POST',
        url: '/api/attorney/profile',
        headers: as(attorney),
        payload: { phone: '2' },
      });
      expect(again.statusCode).toBe(409);
      const updated = await putProfile(attorney, fullProfile);
      expect(updated.statusCode).toBe(200);
      const read = (await get(attorney, '/api/attorney/profile')).json();
      expect(read).toMatchObject(fullProfile);

      const other = await buildAttorney(t().app);
      expect((await get(other, '/api/attorney/profile')).statusCode).toBe(404);
    });

    it('PUT creates when there is none; absent fields keep their value, null clears', async () => {
      const attorney = await buildAttorney(t().app);
      expect((await putProfile(attorney, { currentFirm: 'A', lawSchool: 'B' })).statusCode).toBe(200);
      await putProfile(attorney, { currentFirm: null });
      const read = (await get(attorney, '/api/attorney/profile')).json();
      expect(read.currentFirm).toBeNull();
      expect(read.lawSchool).toBe('B');
    });

    it.each([
      [{ yearsExperience: -1 }, 'yearsExperience', PROFILE_MESSAGES.yearsExperienceRange],
      [{ yearsExperience: 51 }, 'yearsExperience', PROFILE_MESSAGES.yearsExperienceRange],
      [{ yearsExperience: 'ten' }, 'yearsExperience', PROFILE_MESSAGES.yearsExperienceRange],
      [{ graduationYear: 1949 }, 'graduationYear', PROFILE_MESSAGES.graduationYearRange()],
      [
        { graduationYear: new Date().getFullYear() + 5 },
        'graduationYear',
        PROFILE_MESSAGES.graduationYearRange(),
      ],
      [{ lawSchool: 'x'.repeat(201) }, 'lawSchool', FIELD_MESSAGES.tooLong(200)],
      [{ gender: 'non-binary' }, 'gender', PROFILE_MESSAGES.invalidGender],
      [{ ethnicity: 'martian' }, 'ethnicity', PROFILE_MESSAGES.invalidEthnicity],
      [{ isVeteran: 'yes' }, 'isVeteran', FIELD_MESSAGES.invalidBoolean],
      [{ dischargeDate: 'last year' }, 'dischargeDate', PROFILE_MESSAGES.invalidDischargeDate],
    ])('refuses %j and leaves the profile unchanged', async (bad, field, message) => {
      const attorney = await buildAttorney(t().app);
      await putProfile(attorney, fullProfile);
      const res = await putProfile(attorney, { ...fullProfile, currentFirm: 'Changed', ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect((await get(attorney, '/api/attorney/profile')).json()).toMatchObject(fullProfile);
    });

    it('accepts the bounds 0 and 50 years and graduation years 1950 to this year + 4', async () => {
      const attorney = await buildAttorney(t().app);
      for (const body of [
        { yearsExperience: 0, graduationYear: 1950 },
        { yearsExperience: 50, graduationYear: new Date().getFullYear() + 4 },
      ]) {
        expect((await putProfile(attorney, body)).statusCode).toBe(200);
      }
    });

    it('writes the self-identification record in the diversity form spellings (PRODUCT.md §3)', async () => {
      const attorney = await buildAttorney(t().app);
      await putProfile(attorney, {
        gender: 'non_binary',
        ethnicity: 'pacific_islander',
        isLgbtqia: null,
        isVeteran: true,
        hasDisability: false,
        militaryBranch: 'Marines',
        dischargeDate: '2011-07-04T12:00:00.000Z',
      });
      const record = (await get(attorney, '/api/attorney/diversity-form')).json();
      expect(record).toMatchObject({
        gender: 'non-binary',
        raceEthnicity: 'native-hawaiian-pacific',
        veteranStatus: 'veteran-active',
        disability: 'no',
        veteranBranch: 'Marines',
        veteranDischargeDate: '2011-07-04',
        submittedAt: null,
      });
      // Unset isLgbtqia was never set, so nothing was written for it.
      expect(record).not.toHaveProperty('lgbtqia');
      await putProfile(attorney, { isLgbtqia: true });
      expect((await get(attorney, '/api/attorney/diversity-form')).json().lgbtqia).toBe('yes');
      await putProfile(attorney, { isLgbtqia: null });
      expect((await get(attorney, '/api/attorney/diversity-form')).json().lgbtqia).toBe('decline');
      expect((await get(attorney, '/api/attorney/profile')).json().isLgbtqia).toBeNull();
    });
  });

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
        firmUserId: firm.user.id,
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
    });

    it('counts no request before the address is verified', async () => {
      const attorney = await buildAttorney(t().app, { verified: false });
      const firm = await buildFirmUser(t().app);
      await t().db.insert(lpqRequests).values({
        firmUserId: firm.user.id,
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
