import { FIELD_MESSAGES } from '@shared/form-fields';
import { MASTER_LPQ_MESSAGES } from '@shared/master-lpq';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAttorney, buildFirmUser } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { uploadReadyPdf } from '../files/files.test-support';
import {
  answeredDisclosures,
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from './master-lpq.fixtures';

// Who may read and write each form, and the master LPQ template.
/** Each form's write method, path and a valid body. */
const FORMS = [
  ['POST', '/api/attorney/master-lpq', () => completeMasterLpq()],
  ['PUT', '/api/attorney/conflicts-form', () => conflictsForm()],
  ['PUT', '/api/attorney/diversity-form', () => diversityForm()],
  ['PUT', '/api/attorney/business-plan', () => businessPlan()],
] as const;

describeEachDb('master LPQ and forms', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Actor) => ({ cookie: actor.cookie });
  const get = (actor: Actor, url: string) => inject({ method: 'GET', url, headers: as(actor) });
  const write = (actor: Actor, method: 'POST' | 'PUT', url: string, payload: unknown) =>
    inject({ method, url, headers: as(actor), payload: payload as object });

  describe.each(FORMS)('%s %s', (method, url, valid) => {
    it('answers 401 signed out and 403 to a firm user, for reads and writes', async () => {
      expect((await inject({ method: 'GET', url })).statusCode).toBe(401);
      const signedOut = await inject({ method, url, payload: valid() as object });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
      const firm = await buildFirmUser(t().app);
      expect((await get(firm, url)).statusCode).toBe(403);
      const forbidden = await write(firm, method, url, valid());
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'Forbidden' });
      // Even an invalid body from a firm user is a 403, not a 400.
      expect((await write(firm, method, url, { nonsense: true })).statusCode).toBe(403);
    });

    it('answers 404 before anything is saved, then reads back what was saved; others never see it', async () => {
      const attorney = await buildAttorney(t().app);
      expect((await get(attorney, url)).statusCode).toBe(404);
      const saved = await write(attorney, method, url, { ...valid(), unknownKey: 'dropped' });
      expect(saved.statusCode).toBe(200);
      const read = await get(attorney, url);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject(valid() as object);
      expect(read.json()).not.toHaveProperty('unknownKey');

      const other = await buildAttorney(t().app);
      expect((await get(other, url)).statusCode).toBe(404);
    });
  });

  describe('master LPQ', () => {
    it('accepts a partial template with isComplete false and keeps the sections it did not carry', async () => {
      const attorney = await buildAttorney(t().app);
      const first = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        generalInfo: { name: 'Dana' },
        isComplete: false,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ isComplete: false, generalInfo: { name: 'Dana' } });
      await write(attorney, 'POST', '/api/attorney/master-lpq', {
        currentEmployment: { employerName: 'Hale' },
        isComplete: false,
      });
      const read = (await get(attorney, '/api/attorney/master-lpq')).json();
      expect(read.generalInfo).toEqual({ name: 'Dana' });
      expect(read.currentEmployment).toEqual({ employerName: 'Hale' });
      expect(read.id).toBe(attorney.user.id);
      expect(read.attorneyId).toBe(attorney.user.id);
      expect(read.createdAt).toBeTypeOf('string');
    });

    it('round-trips every shape of PRODUCT.md §6 (numbers, booleans, lists, dates, documents)', async () => {
      const attorney = await buildAttorney(t().app);
      // A document is the attorney's own confirmed file (files.reference.test.ts: named by any of its URLs).
      const body = completeMasterLpq({
        documents: [await uploadReadyPdf(t().app, attorney.cookie, 'sample.pdf')],
        conflictsFormUrl: '/attorney/conflicts-form',
      });
      const res = await write(attorney, 'POST', '/api/attorney/master-lpq', body);
      expect(res.statusCode).toBe(200);
      const read = (await get(attorney, '/api/attorney/master-lpq')).json();
      expect(read).toMatchObject(body as object);
      expect(read.financialInfo.currentYear.collections).toBe(2100000);
      expect(read.clientsInfo.topClients[0].portabilityLikelihood).toBe(80);
      expect(read.clientsInfo.topClients[0].isOriginator).toBe(true);
      expect(read.isComplete).toBe(true);
    });

    it('refuses an incomplete template with every spec message and stores nothing', async () => {
      const attorney = await buildAttorney(t().app);
      const res = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        priorEmployment: [{}],
        clientsInfo: { topClients: [{}] },
        isComplete: true,
      });
      expect(res.statusCode).toBe(400);
      const { errors } = res.json();
      expect(errors).toMatchObject({
        'generalInfo.name': MASTER_LPQ_MESSAGES.name,
        'generalInfo.address': MASTER_LPQ_MESSAGES.address,
        'generalInfo.email': MASTER_LPQ_MESSAGES.email,
        'generalInfo.phone': MASTER_LPQ_MESSAGES.phone,
        'generalInfo.barAdmissions': MASTER_LPQ_MESSAGES.barAdmissions,
        'currentEmployment.employerName': 'Current employer is required',
        'currentEmployment.startDate': 'Start date is required',
        'currentEmployment.currentPosition': 'Current position is required',
        'currentEmployment.reasonForDeparture': 'Reason for departure is required',
        'priorEmployment.0.employerName': 'Employer name is required',
        'priorEmployment.0.startDate': 'Start date is required',
        'priorEmployment.0.departureDate': 'Departure date is required',
        'priorEmployment.0.reasonForDeparture': 'Reason for departure is required',
        'financialInfo.compensationExpectations': 'Compensation expectations are required',
        'clientsInfo.topClients.0.clientName': 'Client name is required',
        'clientsInfo.isKeyRelationshipManager': 'Please explain relationship management',
        'clientsInfo.shareOriginationCredit': 'Please explain origination credit',
        'clientsInfo.portedClientsHistory': 'Please explain ported clients',
        'clientsInfo.portabilityDependencies': 'Please explain portability dependencies',
        'clientsInfo.specialFeeArrangements': 'Please explain fee arrangements',
        'practiceRequirements.supportNeeded': 'Support requirements are required',
        'practiceRequirements.marketingBudget': 'Marketing budget requirements are required',
        'disclosures.participatedInConflictingMatter': MASTER_LPQ_MESSAGES.disclosureUnanswered,
        'disclosures.unableToPerform': MASTER_LPQ_MESSAGES.disclosureUnanswered,
      });
      expect((await get(attorney, '/api/attorney/master-lpq')).statusCode).toBe(404);
    });

    it.each([
      [{ generalInfo: { name: 42 } }, 'generalInfo.name', FIELD_MESSAGES.invalidText],
      [{ generalInfo: { name: 'x'.repeat(201) } }, 'generalInfo.name', FIELD_MESSAGES.tooLong(200)],
      [{ generalInfo: { email: 'nope' } }, 'generalInfo.email', MASTER_LPQ_MESSAGES.email],
      [
        { currentEmployment: { startDate: '01/02/2020' } },
        'currentEmployment.startDate',
        FIELD_MESSAGES.invalidDate,
      ],
      [
        { financialInfo: { employeeType: 'contractor' } },
        'financialInfo.employeeType',
        MASTER_LPQ_MESSAGES.employeeType,
      ],
      [
        { financialInfo: { currentYear: { rate: 'high' } } },
        'financialInfo.currentYear.rate',
        MASTER_LPQ_MESSAGES.amount,
      ],
      [
        { clientsInfo: { topClients: [{ clientName: 'A', portabilityLikelihood: 101 }] } },
        'clientsInfo.topClients.0.portabilityLikelihood',
        MASTER_LPQ_MESSAGES.portabilityLikelihood,
      ],
      [
        { clientsInfo: { topClients: [{ clientName: 'A', isOriginator: 'yes' }] } },
        'clientsInfo.topClients.0.isOriginator',
        FIELD_MESSAGES.invalidBoolean,
      ],
      [{ disclosures: { taxLien: 'no' } }, 'disclosures.taxLien', FIELD_MESSAGES.invalidBoolean],
      [{ financialInfo: { billingRate: 'high' } }, 'financialInfo.billingRate', MASTER_LPQ_MESSAGES.amount],
      [{ isComplete: 'yes' }, 'isComplete', FIELD_MESSAGES.invalidBoolean],
    ])('refuses %j even as a draft, leaving the stored template unchanged', async (bad, field, message) => {
      const attorney = await buildAttorney(t().app);
      await write(attorney, 'POST', '/api/attorney/master-lpq', {
        generalInfo: { name: 'Kept' },
        isComplete: false,
      });
      const res = await write(attorney, 'POST', '/api/attorney/master-lpq', { isComplete: false, ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      const read = (await get(attorney, '/api/attorney/master-lpq')).json();
      expect(read.generalInfo).toEqual({ name: 'Kept' });
    });

    it('a flag set to true with its explanation is stored; Next through a complete template keeps it complete', async () => {
      const attorney = await buildAttorney(t().app);
      await write(attorney, 'POST', '/api/attorney/master-lpq', completeMasterLpq());
      const disclosures = { ...answeredDisclosures(), taxLien: true, taxLienExplanation: 'Resolved in 2019' };
      const draft = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        disclosures,
        isComplete: false,
      });
      expect(draft.statusCode).toBe(200);
      expect(draft.json().disclosures).toEqual(disclosures);
      // PRODUCT.md §5: completion is a fact about the saved data, not about which button was pressed.
      expect(draft.json().isComplete).toBe(true);
      expect(draft.json().generalInfo.name).toBe('Dana Whitfield');
      const stats = await get(attorney, '/api/attorney/dashboard-stats');
      expect(stats.json().lpqCompletion).toBe(100);
      // Removing a required answer does make it incomplete.
      const removed = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        generalInfo: { ...completeMasterLpq().generalInfo, name: '' },
        isComplete: false,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().isComplete).toBe(false);
    });

    it('is incomplete until every disclosure is answered; an unanswered one is never stored as No', async () => {
      const attorney = await buildAttorney(t().app);
      const { taxLien: _, ...unanswered } = answeredDisclosures() as Record<string, unknown>;
      const refused = await write(
        attorney,
        'POST',
        '/api/attorney/master-lpq',
        completeMasterLpq({ disclosures: unanswered }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        'disclosures.taxLien': MASTER_LPQ_MESSAGES.disclosureUnanswered,
      });

      const draft = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        ...completeMasterLpq({ disclosures: unanswered }),
        isComplete: false,
      });
      expect(draft.statusCode).toBe(200);
      expect(draft.json().isComplete).toBe(false);
      expect(draft.json().disclosures).not.toHaveProperty('taxLien');
      expect((await get(attorney, '/api/attorney/dashboard-stats')).json().lpqCompletion).toBe(97);

      // Answering No completes it: false is an answer.
      const answered = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        disclosures: { ...unanswered, taxLien: false },
        isComplete: false,
      });
      expect(answered.json().isComplete).toBe(true);
    });

    it('saves a Yes not yet explained as a draft, and completes only once it is explained', async () => {
      const attorney = await buildAttorney(t().app);
      const yes = { ...answeredDisclosures(), malpracticeClaim: true };
      const refused = await write(
        attorney,
        'POST',
        '/api/attorney/master-lpq',
        completeMasterLpq({ disclosures: yes }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        'disclosures.malpracticeClaimExplanation': 'Please explain the malpractice claim',
      });
      const draft = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        ...completeMasterLpq({ disclosures: yes }),
        isComplete: false,
      });
      expect(draft.statusCode).toBe(200);
      expect(draft.json()).toMatchObject({ isComplete: false, disclosures: { malpracticeClaim: true } });
      const explained = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        disclosures: { ...yes, malpracticeClaimExplanation: 'Dismissed in 2018' },
        isComplete: true,
      });
      expect(explained.statusCode).toBe(200);
      expect(explained.json().isComplete).toBe(true);
    });

    it('checks completeness on the stored template merged with the body, so one section can be saved complete', async () => {
      const attorney = await buildAttorney(t().app);
      const disclosures = { ...answeredDisclosures(), references: 'Three partners' };
      const partialComplete = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        disclosures,
        isComplete: true,
      });
      expect(partialComplete.statusCode).toBe(400);
      expect(partialComplete.json().errors['generalInfo.name']).toBe('Name is required');
      expect((await get(attorney, '/api/attorney/master-lpq')).statusCode).toBe(404);

      await write(attorney, 'POST', '/api/attorney/master-lpq', completeMasterLpq());
      const oneSection = await write(attorney, 'POST', '/api/attorney/master-lpq', {
        disclosures,
        isComplete: true,
      });
      expect(oneSection.statusCode).toBe(200);
      expect(oneSection.json()).toMatchObject({
        isComplete: true,
        disclosures: { references: 'Three partners' },
      });
      expect(oneSection.json().generalInfo.name).toBe('Dana Whitfield');
    });
  });
});
