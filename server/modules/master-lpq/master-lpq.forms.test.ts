import { ATTORNEY_ACTIVITY } from '@shared/attorney';
import { BUSINESS_PLAN_MESSAGES } from '@shared/business-plan';
import { CONFLICTS_MESSAGES } from '@shared/conflicts';
import { DIVERSITY_MESSAGES } from '@shared/diversity';
import { FIELD_MESSAGES } from '@shared/form-fields';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { businessPlan, conflictsForm, diversityForm } from './master-lpq.fixtures';

// The conflicts form, the diversity form, the business plan and the Recent Activity of saves.
describeEachDb('master LPQ and forms', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Actor) => ({ cookie: actor.cookie });
  const get = (actor: Actor, url: string) => inject({ method: 'GET', url, headers: as(actor) });
  const write = (actor: Actor, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    inject({ method, url, headers: as(actor), payload: payload as object });

  describe('conflicts form', () => {
    it('refuses a blank form with the spec messages and keeps the saved one', async () => {
      const attorney = await buildAttorney(t().app);
      await write(attorney, 'PUT', '/api/attorney/conflicts-form', conflictsForm());
      const res = await write(attorney, 'PUT', '/api/attorney/conflicts-form', {
        attorneyName: ' ',
        currentClients: [{}],
        formerClients: [{}],
        certificationAgreement: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        attorneyName: CONFLICTS_MESSAGES.attorneyName,
        date: CONFLICTS_MESSAGES.date,
        firmName: CONFLICTS_MESSAGES.firmName,
        'currentClients.0.clientName': 'Client name is required',
        'currentClients.0.businessDescription': 'Business description is required',
        'currentClients.0.relationshipStartDate': 'Relationship start date is required',
        'currentClients.0.typesOfWork': 'Types of work is required',
        'formerClients.0.clientName': 'Client name is required',
        'formerClients.0.businessDescription': 'Business description is required',
        'formerClients.0.relationshipDates': 'Relationship dates are required',
        'formerClients.0.typesOfWork': 'Types of work is required',
        certificationAgreement: 'You must agree to the certification',
      });
      const read = (await get(attorney, '/api/attorney/conflicts-form')).json();
      expect(read.attorneyName).toBe('Dana Whitfield');
    });

    it('refuses over-long text', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await write(attorney, 'PUT', '/api/attorney/conflicts-form', {
        ...conflictsForm(),
        potentialConflicts: 'x'.repeat(10001),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.potentialConflicts).toBe(FIELD_MESSAGES.tooLong(10000));
    });
  });

  describe('diversity form', () => {
    it('refuses an empty form with the spec messages', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await write(attorney, 'PUT', '/api/attorney/diversity-form', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        date: DIVERSITY_MESSAGES.dateRequired,
        gender: 'Please select a gender option',
        raceEthnicity: 'Please select a race/ethnicity option',
        lgbtqia: 'Please select a sexual orientation option',
        veteranStatus: 'Please select a veteran status option',
        disability: 'Please select a disability status option',
        authorizationAgreement: 'You must agree to the authorization statement',
      });
      expect((await get(attorney, '/api/attorney/diversity-form')).statusCode).toBe(404);
    });

    it('marks the record submitted, drops veteran details of a non-veteran, and shows in the profile', async () => {
      const attorney = await buildAttorney(t().app);
      const saved = await write(attorney, 'PUT', '/api/attorney/diversity-form', diversityForm());
      expect(saved.json().submittedAt).toBeTypeOf('string');
      // Before any profile exists, the profile already shows the record's part.
      const early = await get(attorney, '/api/attorney/profile');
      expect(early.statusCode).toBe(200);
      expect(early.json()).toMatchObject({ gender: 'non_binary', currentFirm: null, practiceAreas: [] });
      await inject({ method: 'PUT', url: '/api/attorney/profile', headers: as(attorney), payload: {} });
      const profile = (await get(attorney, '/api/attorney/profile')).json();
      expect(profile).toMatchObject({
        gender: 'non_binary',
        ethnicity: 'hispanic',
        isLgbtqia: true,
        isVeteran: true,
        hasDisability: true,
        militaryBranch: 'Navy',
        militaryRank: 'Lieutenant',
        yearsOfService: 6,
        dischargeDate: '2009-06-30T00:00:00.000Z',
      });

      await write(
        attorney,
        'PUT',
        '/api/attorney/diversity-form',
        diversityForm({ veteranStatus: 'no-military', disability: 'no' }),
      );
      const read = (await get(attorney, '/api/attorney/diversity-form')).json();
      expect(read.veteranStatus).toBe('no-military');
      expect(read).not.toHaveProperty('veteranBranch');
      expect(read).not.toHaveProperty('accommodationDetails');
      expect(read.needsAccommodations).toBe(false);
    });

    it('defaults the checkboxes to false and refuses an invalid date', async () => {
      const attorney = await buildAttorney(t().app);
      const { isMENA: _, needsAccommodations: __, ...rest } = diversityForm({ disability: 'no' });
      const ok = await write(attorney, 'PUT', '/api/attorney/diversity-form', rest);
      expect(ok.json()).toMatchObject({ isMENA: false, needsAccommodations: false });
      const bad = await write(
        attorney,
        'PUT',
        '/api/attorney/diversity-form',
        diversityForm({ date: '2024-02-30' }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.date).toBe(FIELD_MESSAGES.invalidDate);
    });
  });

  describe('business plan', () => {
    it('refuses an empty plan with every spec message except funding requirements', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await write(attorney, 'PUT', '/api/attorney/business-plan', {
        legalServices: { practiceAreas: [{}] },
        implementation: { milestones: [{}] },
      });
      expect(res.statusCode).toBe(400);
      const messages = Object.values(res.json().errors);
      for (const message of Object.values(BUSINESS_PLAN_MESSAGES)) expect(messages).toContain(message);
      expect(Object.keys(res.json().errors)).not.toContain('financialProjections.fundingRequirements');
      expect(res.json().errors['legalServices.practiceAreas.0.area']).toBe('Practice area is required');
      expect(res.json().errors['implementation.milestones.0.milestone']).toBe('Milestone name is required');
      expect((await get(attorney, '/api/attorney/business-plan')).statusCode).toBe(404);
    });

    it('accepts empty practice area and milestone lists', async () => {
      const attorney = await buildAttorney(t().app);
      const plan = businessPlan();
      plan.legalServices!.practiceAreas = [];
      plan.implementation!.milestones = [];
      const res = await write(attorney, 'PUT', '/api/attorney/business-plan', plan);
      expect(res.statusCode).toBe(200);
      expect(res.json().implementation.milestones).toEqual([]);
    });
  });

  it('writes Recent Activity for each save, coalescing repeated saves of one form', async () => {
    const attorney = await buildAttorney(t().app);
    await write(attorney, 'POST', '/api/attorney/master-lpq', { isComplete: false });
    await write(attorney, 'POST', '/api/attorney/master-lpq', { isComplete: false });
    await write(attorney, 'PUT', '/api/attorney/conflicts-form', conflictsForm());
    const activity = (await get(attorney, '/api/attorney/activity')).json();
    expect(activity.map((a: { title: string }) => a.title)).toEqual([
      ATTORNEY_ACTIVITY.conflictsFormCompleted.title,
      ATTORNEY_ACTIVITY.masterLpqUpdated.title,
    ]);
  });
});
