import { describe, expect, it } from 'vitest';
import { answeredDisclosures, completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  DISCLOSURE_FLAGS,
  MASTER_LPQ_MESSAGES,
  masterLpqBodySchema,
  masterLpqCompletion,
  masterLpqSchema,
  missingRequiredFields,
} from './master-lpq';
import { masterLpqFieldLabel, masterLpqStepStatuses, missingAnswers } from './master-lpq-answers';

const fieldsOf = (lpq: unknown) => missingAnswers(lpq).map((a) => a.field);

describe('missingAnswers: the one completion rule', () => {
  it('finds nothing missing in a complete template', () => {
    expect(missingAnswers(completeMasterLpq())).toEqual([]);
    expect(missingRequiredFields(completeMasterLpq() as Record<string, unknown>)).toEqual([]);
  });

  it('lists every required answer of an empty template with its step, form label and spec message', () => {
    const answers = missingAnswers({});
    expect(answers[0]).toEqual({
      step: 0,
      stepTitle: 'General Information',
      field: 'generalInfo.name',
      label: 'Full Name',
      message: MASTER_LPQ_MESSAGES.name,
      kind: 'missing',
    });
    expect(answers).toContainEqual(
      expect.objectContaining({
        field: 'clientsInfo.specialFeeArrangements',
        label: 'Special fee arrangements',
        message: 'Please explain fee arrangements',
        step: 3,
      }),
    );
    // 18 required fields and the 15 disclosure questions.
    expect(answers).toHaveLength(18 + DISCLOSURE_FLAGS.length);
    expect(answers.every((a) => a.kind === 'missing')).toBe(true);
    // In the order of the steps.
    const steps = answers.map((a) => a.step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  it('counts an unanswered disclosure as missing, and a No (false) as answered', () => {
    const lpq = completeMasterLpq();
    const { taxLien: _, ...withoutTaxLien } = answeredDisclosures() as Record<string, unknown>;
    expect(missingAnswers({ ...lpq, disclosures: withoutTaxLien })).toEqual([
      {
        step: 5,
        stepTitle: 'Disclosures',
        field: 'disclosures.taxLien',
        label: 'Has a tax lien ever been filed against you?',
        message: MASTER_LPQ_MESSAGES.disclosureUnanswered,
        kind: 'missing',
      },
    ]);
    expect((lpq.disclosures as Record<string, unknown>).taxLien).toBe(false);
    expect(missingAnswers(lpq)).toEqual([]);
  });

  it('asks each Yes for its explanation, in the spec\'s "Please explain …" style', () => {
    const lpq = completeMasterLpq({
      disclosures: {
        ...answeredDisclosures(),
        taxLien: true,
        malpracticeClaim: true,
        malpracticeClaimExplanation: ' ',
      },
    });
    expect(missingAnswers(lpq).map((a) => [a.field, a.message])).toEqual([
      ['disclosures.malpracticeClaimExplanation', 'Please explain the malpractice claim'],
      ['disclosures.taxLienExplanation', 'Please explain the tax lien'],
    ]);
    // A draft may hold a Yes not yet explained (autosave stores what was typed); completion may not.
    expect(masterLpqBodySchema.safeParse({ ...lpq, isComplete: false }).success).toBe(true);
    expect(masterLpqSchema.safeParse({ ...lpq, isComplete: true }).success).toBe(false);
  });

  it('lists invalid answers (the ones a save refuses) as invalid, once', () => {
    const lpq = completeMasterLpq({
      generalInfo: { ...completeMasterLpq().generalInfo, email: 'nope' },
      clientsInfo: {
        ...completeMasterLpq().clientsInfo,
        topClients: [{ clientName: '', portabilityLikelihood: 120 }],
      },
    });
    const answers = missingAnswers(lpq);
    expect(answers.map((a) => [a.field, a.kind, a.label])).toEqual([
      ['generalInfo.email', 'invalid', 'Email'],
      ['clientsInfo.topClients.0.portabilityLikelihood', 'invalid', 'Client 1: Portability Likelihood'],
      ['clientsInfo.topClients.0.clientName', 'missing', 'Client 1: Client Name'],
    ]);
    expect(masterLpqStepStatuses(answers)).toEqual([
      'error',
      'complete',
      'complete',
      'error',
      'complete',
      'complete',
      'complete',
    ]);
  });

  it('marks a step incomplete when it misses answers and has none invalid', () => {
    const lpq = completeMasterLpq({ practiceRequirements: {}, priorEmployment: [{ employerName: 'X' }] });
    expect(masterLpqStepStatuses(missingAnswers(lpq))).toEqual([
      'complete',
      'incomplete',
      'complete',
      'complete',
      'incomplete',
      'complete',
      'complete',
    ]);
    expect(fieldsOf(lpq)).toEqual([
      'priorEmployment.0.startDate',
      'priorEmployment.0.departureDate',
      'priorEmployment.0.reasonForDeparture',
      'practiceRequirements.supportNeeded',
      'practiceRequirements.marketingBudget',
    ]);
  });

  it('reads the form values as well as saved data (empty strings, nulls, unanswered flags)', () => {
    const values = {
      generalInfo: { name: 'Dana', address: '', email: '', phone: '', barAdmissions: '' },
      financialInfo: { employeeType: null, currentYear: { rate: null }, billingRate: null },
      disclosures: { taxLien: undefined, nonCompete: false, nonCompeteExplanation: '' },
      isComplete: false,
    };
    const answers = missingAnswers(values);
    expect(answers.every((a) => a.kind === 'missing')).toBe(true);
    expect(fieldsOf(values)).not.toContain('generalInfo.name');
    expect(fieldsOf(values)).toContain('disclosures.taxLien');
    expect(fieldsOf(values)).not.toContain('disclosures.nonCompete');
  });
});

describe('master LPQ labels', () => {
  it.each([
    ['financialInfo.lastYear.collections', 'Last Year Collections'],
    ['priorEmployment.1.departureDate', 'Prior Employer 2: Departure Date'],
    ['financialInfo.compensationExpectations', 'Compensation Expectations'],
    ['disclosures.nonCompeteExplanation', 'Are you subject to a non-compete or non-solicitation agreement?'],
    ['documents', 'Supporting documents'],
  ])('%s reads %s', (field, label) => {
    expect(masterLpqFieldLabel(field)).toBe(label);
  });
});

describe('money fields', () => {
  it('store numbers, and still take the numeric text an older client sent', () => {
    const parsed = masterLpqBodySchema.parse({
      financialInfo: { billingRate: '$1,250', currentCompensation: 900000, annualBillableHours: '' },
      clientsInfo: { averageEngagementValue: '250,000' },
    });
    expect(parsed.financialInfo).toEqual({
      billingRate: 1250,
      currentCompensation: 900000,
      annualBillableHours: null,
    });
    expect(parsed.clientsInfo?.averageEngagementValue).toBe(250000);
    const bad = masterLpqBodySchema.safeParse({ financialInfo: { expectedCompensation: 'a lot' } });
    expect(bad.success).toBe(false);
  });
});

describe('lpqCompletion (PRODUCT.md §5)', () => {
  it('counts the required fields and the disclosure questions', () => {
    expect(masterLpqCompletion({}, false)).toBe(0);
    const lpq = completeMasterLpq();
    expect(masterLpqCompletion({ disclosures: lpq.disclosures }, false)).toBe(45); // 15 of 33
    expect(masterLpqCompletion({ ...lpq, disclosures: {} }, false)).toBe(55); // 18 of 33
    expect(masterLpqCompletion(lpq as Record<string, unknown>, true)).toBe(100);
  });
});
