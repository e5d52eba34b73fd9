import { AUTH_MESSAGES } from '@shared/auth';
import { FIRM_MESSAGES } from '@shared/firm';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { firmOffices, firmProfiles, users } from '../../db/schema';
import { buildAttorney, buildFirmUser, uniqueEmail } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm, firmRegistration } from './firm.factories';

// Registering a firm and its profile with offices.
const profileBody = (overrides: Record<string, unknown> = {}) => ({
  firmName: 'Avery Partners',
  founded: '1990',
  headquartersAddress: '1 Main St, Chicago, IL',
  website: 'https://avery.example.com',
  totalAttorneys: '85',
  practiceAreas: ['Tax', 'M&A'],
  partnershipTiers: 2,
  bonusStructure: 'hybrid',
  associateSalaryMin: 215000,
  associateSalaryMax: 365000,
  genderDiversityFemale: 48,
  genderDiversityMale: 52,
  ethnicDiversity: 31,
  contactPersonName: 'Jamie Avery',
  contactPersonTitle: 'Recruiting Partner',
  contactPhone: '+1 312 555 0100',
  offices: [{ city: 'Chicago', state: 'IL', numberOfAttorneys: '60' }],
  ...overrides,
});

describeEachDb('firm workspace', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const countOf = async (table: typeof users | typeof firmProfiles | typeof firmOffices) =>
    (await t().db.select({ n: count() }).from(table))[0].n;

  describe('POST /api/register/firm', () => {
    it('creates the account, the profile and the offices, signs in and queues the verification mail', async () => {
      const body = firmRegistration({ email: '  Recruit@Whitfield.Example.COM ' });
      const res = await inject({ method: 'POST', url: '/api/register/firm', payload: body });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email: 'recruit@whitfield.example.com',
        userType: 'firm',
        firstName: 'Morgan',
        lastName: 'Lee Cole',
        emailVerified: false,
      });
      const cookie = res.cookies.find((c) => c.name.endsWith('lp_session'))!;
      const profile = await inject({
        method: 'GET',
        url: '/api/firm/profile',
        headers: { cookie: `${cookie.name}=${cookie.value}` },
      });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({
        firmName: 'Whitfield & Cole LLP',
        founded: 1985,
        headquartersAddress: '200 Park Avenue, New York, NY',
        email: 'recruit@whitfield.example.com',
        contactPhone: '+1 212 555 0199',
        practiceAreas: ['Corporate', 'Litigation'],
        offices: [
          { city: 'New York', state: 'NY', numberOfAttorneys: 90 },
          { city: 'Boston', state: 'MA', numberOfAttorneys: 30 },
        ],
      });
      const [mail] = await t().outbox('recruit@whitfield.example.com');
      expect(mail.kind).toBe('verify_email');
    });

    it('parses numbers as integers: an office count that does not parse is 0, other numbers are unset', async () => {
      const { cookie } = await buildFirm(t().app, {
        totalAttorneys: 'many',
        numberOfOffices: '3 offices',
        founded: '',
        offices: [{ city: 'Austin', state: 'TX', numberOfAttorneys: 'twelve' }],
      });
      const profile = (await inject({ method: 'GET', url: '/api/firm/profile', headers: { cookie } })).json();
      expect(profile).not.toHaveProperty('totalAttorneys');
      expect(profile).not.toHaveProperty('founded');
      expect(profile.numberOfOffices).toBe(3);
      expect(profile.offices).toEqual([expect.objectContaining({ city: 'Austin', numberOfAttorneys: 0 })]);
    });

    it.each([
      [{ firmName: ' ' }, 'firmName', FIRM_MESSAGES.firmNameRequired],
      [{ headquartersAddress: '' }, 'headquartersAddress', FIRM_MESSAGES.headquartersRequired],
      [{ contactPersonName: '' }, 'contactPersonName', FIRM_MESSAGES.contactPersonRequired],
      [{ contactPhone: '' }, 'contactPhone', FIRM_MESSAGES.phoneRequired],
      [{ email: 'nope' }, 'email', AUTH_MESSAGES.invalidEmail],
      [{ password: '123' }, 'password', AUTH_MESSAGES.passwordMin],
      [{ website: 'not a url' }, 'website', FIRM_MESSAGES.websiteInvalid],
      [{ website: 'notaurl' }, 'website', FIRM_MESSAGES.websiteInvalid],
      [{ agreeToTerms: false }, 'agreeToTerms', FIRM_MESSAGES.termsRequired],
      [{ agreeToTerms: undefined }, 'agreeToTerms', FIRM_MESSAGES.termsRequired],
    ])('refuses %j with a message on the field and stores nothing', async (override, field, message) => {
      const before = [await countOf(users), await countOf(firmProfiles), await countOf(firmOffices)];
      const res = await inject({
        method: 'POST',
        url: '/api/register/firm',
        payload: firmRegistration(override),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect([await countOf(users), await countOf(firmProfiles), await countOf(firmOffices)]).toEqual(before);
    });

    it('refuses an address that has an account, leaving no half-made firm behind', async () => {
      const email = uniqueEmail('taken');
      await buildAttorney(t().app, { email });
      const before = [await countOf(users), await countOf(firmProfiles)];
      const res = await inject({
        method: 'POST',
        url: '/api/register/firm',
        payload: firmRegistration({ email: email.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(AUTH_MESSAGES.emailTaken);
      expect([await countOf(users), await countOf(firmProfiles)]).toEqual(before);
    });
  });

  describe('/api/firm/profile', () => {
    it('answers 401 signed out and 403 to attorneys, before looking at the body', async () => {
      const attorney = await buildAttorney(t().app);
      for (const method of ['GET', 'POST', 'PUT'] as const) {
        const signedOut = await inject({
          method,
          url: '/api/firm/profile',
          payload: method === 'GET' ? undefined : {},
        });
        expect(signedOut.statusCode).toBe(401);
        expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
        const asAttorney = await inject({
          method,
          url: '/api/firm/profile',
          headers: { cookie: attorney.cookie },
          payload: method === 'GET' ? undefined : {},
        });
        expect(asAttorney.statusCode).toBe(403);
        expect(asAttorney.json()).toEqual({ message: 'Forbidden' });
      }
    });

    it('adds https:// to a website typed without it, and does not save a blank office', async () => {
      const firm = await buildFirmUser(t().app);
      const headers = { cookie: firm.cookie };
      const res = await inject({
        method: 'PUT',
        url: '/api/firm/profile',
        headers,
        payload: {
          firmName: 'Avery & Lane LLP',
          website: 'avery.example.com',
          offices: [
            { city: '', state: '', numberOfAttorneys: '' },
            { city: 'Chicago', state: 'IL', numberOfAttorneys: 12 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const profile = (await inject({ method: 'GET', url: '/api/firm/profile', headers })).json();
      expect(profile.website).toBe('https://avery.example.com');
      expect(profile.offices).toHaveLength(1);
      expect(profile.offices[0]).toMatchObject({ city: 'Chicago', state: 'IL', numberOfAttorneys: 12 });
      const bad = await inject({
        method: 'PUT',
        url: '/api/firm/profile',
        headers,
        payload: { firmName: 'Avery & Lane LLP', website: 'not a url' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.website).toBe(FIRM_MESSAGES.websiteInvalid);
    });

    it('is 404 until created by POST, then POST is 409 and PUT replaces it with its offices', async () => {
      const firm = await buildFirmUser(t().app);
      const headers = { cookie: firm.cookie };
      expect((await inject({ method: 'GET', url: '/api/firm/profile', headers })).statusCode).toBe(404);

      const created = await inject({
        method: 'POST',
        url: '/api/firm/profile',
        headers,
        payload: profileBody(),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        firmName: 'Avery Partners',
        founded: 1990,
        totalAttorneys: 85,
        partnershipTiers: 2,
        bonusStructure: 'hybrid',
        offices: [{ city: 'Chicago', state: 'IL', numberOfAttorneys: 60 }],
      });
      const again = await inject({
        method: 'POST',
        url: '/api/firm/profile',
        headers,
        payload: profileBody(),
      });
      expect(again.statusCode).toBe(409);

      const updated = await inject({
        method: 'PUT',
        url: '/api/firm/profile',
        headers,
        payload: profileBody({
          firmName: 'Avery Partners LLP',
          bonusStructure: '',
          offices: [
            { city: 'Chicago', state: 'IL', numberOfAttorneys: 61 },
            { city: 'Denver', state: 'CO', numberOfAttorneys: 9 },
          ],
        }),
      });
      expect(updated.statusCode).toBe(200);
      const read = (await inject({ method: 'GET', url: '/api/firm/profile', headers })).json();
      expect(read.firmName).toBe('Avery Partners LLP');
      expect(read).not.toHaveProperty('bonusStructure');
      expect(read.offices.map((o: { city: string }) => o.city)).toEqual(['Chicago', 'Denver']);
      const rows = await t().db.select().from(firmOffices).where(eq(firmOffices.firmId, firm.firmId));
      expect(rows).toHaveLength(2);
    });

    it.each([
      [{ firmName: '' }, 'firmName', FIRM_MESSAGES.firmNameRequired],
      [{ genderDiversityFemale: 101 }, 'genderDiversityFemale', FIRM_MESSAGES.percentMax],
      [{ ethnicDiversity: '150' }, 'ethnicDiversity', FIRM_MESSAGES.percentMax],
      [{ website: 'ftp://files.example.com' }, 'website', FIRM_MESSAGES.websiteInvalid],
      [{ partnershipTiers: 4 }, 'partnershipTiers', FIRM_MESSAGES.partnershipTiers],
      [{ bonusStructure: 'equity' }, 'bonusStructure', FIRM_MESSAGES.bonusStructure],
      [{ associateSalaryMax: 100 }, 'associateSalaryMax', FIRM_MESSAGES.salaryRange],
      [{ practiceAreas: ['Astrology'] }, 'practiceAreas.0', FIRM_MESSAGES.practiceArea],
    ])('PUT refuses %j and keeps the stored profile', async (override, field, message) => {
      const { cookie } = await buildFirm(t().app);
      const headers = { cookie };
      const before = (await inject({ method: 'GET', url: '/api/firm/profile', headers })).json();
      const res = await inject({
        method: 'PUT',
        url: '/api/firm/profile',
        headers,
        payload: profileBody(override),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect((await inject({ method: 'GET', url: '/api/firm/profile', headers })).json()).toEqual(before);
    });
  });
});
