import { PROFILE_MESSAGES } from '@shared/attorney';
import { AUTH_MESSAGES } from '@shared/auth';
import { FIELD_MESSAGES } from '@shared/form-fields';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema';
import {
  buildAttorney,
  buildFirmUser,
  DEFAULT_PASSWORD,
  sessionCookie,
  uniqueEmail,
} from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { createEmailToken } from '../auth/tokens';
import { attorneyCalls, fullProfile } from './attorney.test-support';

// Registering an attorney and the attorney's profile.
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

describeEachDb('attorney', (t) => {
  const { inject, as, get, putProfile } = attorneyCalls(t);
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
});
