import { describe, expect, it } from 'vitest';
import type { BusinessPlanInput } from './business-plan';
import type { ConflictsFormInput } from './conflicts';
import type { MasterLpqInput } from './master-lpq';
import {
  type AttorneyFacts,
  isEmptyValue,
  POSITION_LPQ_PREFILL_FIELDS,
  positionLpqPrefillMarks,
  prefillBusinessPlan,
  prefillConflictsForm,
  prefillMasterLpq,
  prefillOnboarding,
  prefillPositionLpq,
  prefillProfile,
  sameValue,
  valueAt,
} from './prefill';

const user = { firstName: 'Casey', lastName: 'Nguyen', email: 'casey@example.com' };
const profile = {
  phone: '+1 617 555 0111',
  currentFirm: 'Hale & Stone LLP',
  position: 'partner',
  yearsExperience: 14,
  barAdmissions: 'New York 2010',
  practiceAreas: ['Corporate', 'Tax'],
};
const masterLpq = {
  generalInfo: {
    name: 'Dana Whitfield',
    address: '1 Main Street, Boston, MA',
    email: 'dana@example.com',
    phone: '+1 617 555 0100',
    barAdmissions: 'Massachusetts',
    personalSummary: 'Corporate partner for mid-market buyers.',
  },
  currentEmployment: { employerName: 'Brook Partners', currentPosition: 'Equity Partner' },
  financialInfo: { businessDevelopment: 'Originated $2M a year through referrals.' },
  clientsInfo: {
    topClients: [
      { clientName: 'Acme Corp', ytdCollections: 500000 },
      { clientName: 'Beta Inc', lastYearCollections: 200000 },
    ],
    clientPortability: 'Acme follows me.',
    clientRelationships: 'Board-level contacts.',
  },
  practiceRequirements: { supportNeeded: 'Two associates', technology: 'Document automation' },
  disclosures: { references: 'Judge Ada Park' },
} as AttorneyFacts['masterLpq'];

describe('values', () => {
  it('isEmptyValue: absent, null, blank text and empty lists are empty; 0 and false are answers', () => {
    for (const v of [undefined, null, '', '  ', []]) expect(isEmptyValue(v)).toBe(true);
    for (const v of [0, false, 'x', ['a']]) expect(isEmptyValue(v)).toBe(false);
  });
  it('sameValue compares texts, numbers and lists; two empties are the same', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(14, 14)).toBe(true);
    expect(sameValue('x', 'y')).toBe(false);
  });
  it('valueAt reads dotted paths and list indexes, never inherited properties', () => {
    expect(valueAt({ a: { b: [{ c: 1 }] } }, 'a.b.0.c')).toBe(1);
    expect(valueAt({ a: {} }, 'a.toString')).toBeUndefined();
    expect(valueAt(null, 'a')).toBeUndefined();
  });
});

describe('prefillMasterLpq: registration and profile into an empty template', () => {
  const empty = (): MasterLpqInput => ({
    generalInfo: { name: '', email: '', phone: '', address: '', barAdmissions: '' },
    currentEmployment: { employerName: '', currentPosition: '' },
  });

  it('fills name, e-mail, phone, bar admissions, employer and position, and says from where', () => {
    const { values, prefilled } = prefillMasterLpq(empty(), { user, profile });
    expect(values.generalInfo).toMatchObject({
      name: 'Casey Nguyen',
      email: 'casey@example.com',
      phone: '+1 617 555 0111',
      barAdmissions: 'New York 2010',
      address: '',
    });
    expect(values.currentEmployment).toMatchObject({
      employerName: 'Hale & Stone LLP',
      currentPosition: 'Partner',
    });
    expect(prefilled).toEqual({
      'generalInfo.name': 'registration',
      'generalInfo.email': 'registration',
      'generalInfo.phone': 'profile',
      'generalInfo.barAdmissions': 'profile',
      'currentEmployment.employerName': 'profile',
      'currentEmployment.currentPosition': 'profile',
    });
  });

  it('never replaces a saved answer, and leaves the input untouched', () => {
    const saved = empty();
    saved.generalInfo = { ...saved.generalInfo, name: 'Dana Whitfield', phone: '555' };
    const { values, prefilled } = prefillMasterLpq(saved, { user, profile });
    expect(values.generalInfo?.name).toBe('Dana Whitfield');
    expect(values.generalInfo?.phone).toBe('555');
    expect(prefilled).not.toHaveProperty('generalInfo.name');
    expect(prefilled).not.toHaveProperty('generalInfo.phone');
    expect(saved.generalInfo?.email).toBe('');
  });

  it('without a profile only registration fills; an unknown position is left out', () => {
    const { prefilled } = prefillMasterLpq(empty(), { user, profile: { position: 'wizard' } });
    expect(Object.keys(prefilled)).toEqual(['generalInfo.name', 'generalInfo.email']);
  });
});

describe('prefillPositionLpq: what a new position LPQ starts from', () => {
  it('takes name, e-mail, firm, title and bar admissions from the master LPQ, contact and practice from the profile', () => {
    const { values, prefilled } = prefillPositionLpq({ user, profile, masterLpq });
    expect(values).toMatchObject({
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      phone: '+1 617 555 0111',
      address: '1 Main Street, Boston, MA',
      // Issue 67: the master LPQ is the certified record; the profile never competes with it.
      barAdmissions: 'Massachusetts',
      currentFirm: 'Brook Partners',
      position: 'Equity Partner',
      yearsExperience: 14,
      practiceAreas: ['Corporate', 'Tax'],
      clientOriginationExperience: 'Originated $2M a year through referrals.',
      portableBusiness: 'Acme follows me.',
      clientRelationships: 'Board-level contacts.',
      references: 'Judge Ada Park',
      documents: [],
    });
    expect(prefilled).toMatchObject({
      name: 'master LPQ',
      phone: 'profile',
      position: 'master LPQ',
      barAdmissions: 'master LPQ',
      currentFirm: 'master LPQ',
      yearsExperience: 'profile',
      practiceAreas: 'profile',
    });
    expect(prefilled).not.toHaveProperty('significantMatters');
  });

  it('falls back to registration without a master LPQ', () => {
    const { values, prefilled } = prefillPositionLpq({ user });
    expect(values).toMatchObject({ name: 'Casey Nguyen', email: 'casey@example.com', documents: [] });
    expect(prefilled).toEqual({ name: 'registration', email: 'registration' });
  });

  it('takes what no other source holds from the previous LPQ, never over the master LPQ', () => {
    const previousLpq = {
      name: 'Old Name',
      significantMatters: 'Led the Acme merger.',
      publications: 'Two articles on earn-outs.',
      clientOriginationExperience: 'Written for the first firm.',
      documents: [{ id: 'x' }],
    };
    const { values, prefilled } = prefillPositionLpq({
      user,
      profile,
      masterLpq,
      previousLpq,
      documents: [],
    });
    expect(values.name).toBe('Dana Whitfield');
    expect(values.significantMatters).toBe('Led the Acme merger.');
    expect(values.publications).toBe('Two articles on earn-outs.');
    expect(values.clientOriginationExperience).toBe('Originated $2M a year through referrals.');
    // Documents are the package's: what the attorney chose for this firm, never another firm's list.
    expect(values.documents).toEqual([]);
    expect(prefilled.significantMatters).toBe('your previous LPQ');
    expect(prefilled.publications).toBe('your previous LPQ');
    expect(prefilled.name).toBe('master LPQ');
  });

  it('with a master LPQ, profile and previous LPQ, every field is filled', () => {
    const previousLpq = Object.fromEntries(POSITION_LPQ_PREFILL_FIELDS.map((f) => [f, `previous ${f}`]));
    const { values } = prefillPositionLpq({ user, profile, masterLpq, previousLpq });
    for (const field of POSITION_LPQ_PREFILL_FIELDS) expect(isEmptyValue(values[field])).toBe(false);
  });
});

describe('positionLpqPrefillMarks: a field stays marked while it holds its source value', () => {
  it('marks unchanged fields with their source and drops edited ones', () => {
    const facts = { user, profile, masterLpq, previousLpq: { publications: 'Two articles.' } };
    const { values } = prefillPositionLpq(facts);
    const edited = { ...values, phone: '+1 000', publications: 'Two articles.' };
    const marks = positionLpqPrefillMarks(edited, facts);
    expect(marks).toMatchObject({
      name: 'master LPQ',
      practiceAreas: 'profile',
      publications: 'your previous LPQ',
    });
    expect(marks).not.toHaveProperty('phone');
    expect(marks).not.toHaveProperty('documents');
  });

  it('a value typed to equal a lower source names that source', () => {
    const marks = positionLpqPrefillMarks({ phone: '+1 617 555 0100' }, { user, profile, masterLpq });
    expect(marks).toEqual({ phone: 'master LPQ' });
  });
});

describe('prefillConflictsForm: spec §4 auto-populate, never over what is typed', () => {
  const empty = (): ConflictsFormInput => ({
    attorneyName: '',
    date: '2025-01-01',
    firmName: '',
    currentClients: [],
    formerClients: [],
    potentialConflicts: '',
    certificationAgreement: false as unknown as true,
  });

  it('fills name, firm, top clients with billings and the employer note', () => {
    const { values, prefilled } = prefillConflictsForm(empty(), { user, profile, masterLpq });
    expect(values.attorneyName).toBe('Dana Whitfield');
    expect(values.firmName).toBe('Hale & Stone LLP');
    expect(values.currentClients?.map((c) => [c.clientName, c.annualBillings])).toEqual([
      ['Acme Corp', '$500,000'],
      ['Beta Inc', '$200,000'],
    ]);
    expect(values.potentialConflicts).toContain('Current employer: Brook Partners.');
    expect(prefilled).toEqual({
      attorneyName: 'master LPQ',
      firmName: 'profile',
      'currentClients.0.clientName': 'master LPQ',
      'currentClients.0.annualBillings': 'master LPQ',
      'currentClients.1.clientName': 'master LPQ',
      'currentClients.1.annualBillings': 'master LPQ',
      'matters.0.clientName': 'master LPQ',
      'matters.1.clientName': 'master LPQ',
      potentialConflicts: 'master LPQ',
    });
    // PRODUCT.md §13: a matter per current client, without parties.
    expect(values.matters?.map((m) => [m.clientName, m.adverseParties, m.relatedParties])).toEqual([
      ['Acme Corp', [], []],
      ['Beta Inc', [], []],
    ]);
  });

  it('re-running adds no client twice and keeps a typed name and note', () => {
    const first = prefillConflictsForm(empty(), { user, profile, masterLpq }).values;
    const typed = { ...first, attorneyName: 'D. Whitfield', potentialConflicts: 'My note' };
    const { values, prefilled } = prefillConflictsForm(typed, { user, profile, masterLpq });
    expect(values.currentClients).toHaveLength(2);
    expect(values.matters).toHaveLength(2);
    expect(values.attorneyName).toBe('D. Whitfield');
    expect(values.potentialConflicts).toBe(`My note\n${first.potentialConflicts}`);
    expect(prefilled).toEqual({});
  });

  it('without a master LPQ, the name from registration and the firm from the profile', () => {
    const { values, prefilled } = prefillConflictsForm(empty(), { user, profile });
    expect(values).toMatchObject({ attorneyName: 'Casey Nguyen', firmName: 'Hale & Stone LLP' });
    expect(values.currentClients).toEqual([]);
    expect(prefilled).toEqual({ attorneyName: 'registration', firmName: 'profile' });
  });
});

describe('prefillBusinessPlan', () => {
  const empty = () =>
    ({
      executiveSummary: { businessName: '', businessDescription: '' },
      marketAnalysis: { targetMarket: '' },
      legalServices: { practiceAreas: [] },
      businessDevelopment: { clientAcquisition: '' },
      operationsPlan: { staffingPlan: '', technologyNeeds: '', officeRequirements: '' },
    }) as unknown as BusinessPlanInput;

  it('takes the summary, clients, business development, support and practice areas', () => {
    const { values, prefilled } = prefillBusinessPlan(empty(), { profile, masterLpq });
    expect(values.executiveSummary?.businessDescription).toBe('Corporate partner for mid-market buyers.');
    expect(values.marketAnalysis?.targetMarket).toBe('Current clients: Acme Corp, Beta Inc');
    expect(values.businessDevelopment?.clientAcquisition).toBe('Originated $2M a year through referrals.');
    expect(values.operationsPlan).toMatchObject({
      staffingPlan: 'Two associates',
      technologyNeeds: 'Document automation',
      officeRequirements: '',
    });
    expect(values.legalServices?.practiceAreas?.map((p) => p.area)).toEqual(['Corporate', 'Tax']);
    expect(prefilled).toMatchObject({
      'legalServices.practiceAreas.0.area': 'profile',
      'legalServices.practiceAreas.1.area': 'profile',
      'operationsPlan.staffingPlan': 'master LPQ',
    });
    expect(prefilled).not.toHaveProperty('executiveSummary.businessName');
  });

  it('keeps practice areas already listed', () => {
    const plan = empty();
    plan.legalServices = {
      practiceAreas: [{ area: 'Litigation', description: 'd', targetClients: 't', pricingStrategy: 'p' }],
    } as BusinessPlanInput['legalServices'];
    const { values, prefilled } = prefillBusinessPlan(plan, { profile, masterLpq });
    expect(values.legalServices?.practiceAreas?.map((p) => p.area)).toEqual(['Litigation']);
    expect(prefilled).not.toHaveProperty('legalServices.practiceAreas.0.area');
  });
});

describe('prefillProfile and prefillOnboarding: the master LPQ back into the profile', () => {
  it('fills phone, firm, position and bar admissions the profile lacks', () => {
    const lpq = {
      ...masterLpq,
      currentEmployment: { employerName: 'Brook Partners', currentPosition: 'Counsel' },
    };
    const { values, prefilled } = prefillProfile(
      { phone: '', currentFirm: 'Kept LLP', position: null, barAdmissions: '' },
      { masterLpq: lpq },
    );
    expect(values).toEqual({
      phone: '+1 617 555 0100',
      currentFirm: 'Kept LLP',
      position: 'counsel',
      barAdmissions: 'Massachusetts',
    });
    expect(prefilled).toEqual({ phone: 'master LPQ', position: 'master LPQ', barAdmissions: 'master LPQ' });
  });

  it('onboarding takes the employment type from a profile position that names one', () => {
    const values = { employmentType: null, phone: 'x', currentFirm: 'x', barAdmissions: 'x', position: null };
    expect(prefillOnboarding(values, { profile: { position: 'counsel' } }).values.employmentType).toBe(
      'counsel',
    );
    expect(prefillOnboarding(values, { profile: { position: 'partner' } }).values.employmentType).toBeNull();
    // The employment type is saved as the master LPQ's position: one already there is never replaced.
    const withPosition = { profile: { position: 'counsel' }, masterLpq };
    expect(prefillOnboarding(values, withPosition).values.employmentType).toBeNull();
  });
});
