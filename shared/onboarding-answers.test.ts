import { describe, expect, it } from 'vitest';
import { missingOnboardingAnswers, onboardingStepStatuses } from './onboarding-answers';

describe('onboarding: one rule for what is missing (spec §5 required markers)', () => {
  it('an empty wizard lists every required answer, the resume last, and no step is ticked but Basic Information', () => {
    const missing = missingOnboardingAnswers({}, false);
    expect(missing.map((m) => m.label)).toEqual([
      'Current Firm',
      'Position',
      'Years of Experience',
      'Law School',
      'Graduation Year',
      'Bar Admissions',
      'Practice Areas',
      'Personal Summary',
      'Current Employment Type',
      'Client Information and Portability',
      'Resume',
    ]);
    expect(onboardingStepStatuses(missing)).toEqual([
      'complete',
      'incomplete',
      'incomplete',
      'incomplete',
      'incomplete',
      'incomplete',
    ]);
  });

  it('the profile filled but the summary, employment type, client information and resume empty: not done', () => {
    const missing = missingOnboardingAnswers(
      {
        currentFirm: 'Hale & Stone LLP',
        position: 'partner',
        yearsExperience: 14,
        lawSchool: 'BU Law',
        graduationYear: 2011,
        barAdmissions: 'Massachusetts',
        practiceAreas: ['Corporate'],
        personalSummary: '  ',
      },
      false,
    );
    expect(missing.map((m) => [m.field, m.step])).toEqual([
      ['personalSummary', 2],
      ['employmentType', 2],
      ['clientPortability', 2],
      ['resume', 3],
    ]);
    expect(onboardingStepStatuses(missing).slice(1, 5)).toEqual([
      'complete',
      'incomplete',
      'incomplete',
      'incomplete',
    ]);
    const none = missingOnboardingAnswers(
      {
        currentFirm: 'Hale & Stone LLP',
        position: 'partner',
        yearsExperience: 0,
        lawSchool: 'BU Law',
        graduationYear: 2011,
        barAdmissions: 'Massachusetts',
        practiceAreas: ['Corporate'],
        personalSummary: 'M&A partner',
        employmentType: 'equity_partner',
        clientPortability: 'Most clients follow',
      },
      true,
    );
    expect(none).toEqual([]);
    expect(onboardingStepStatuses(none).every((s) => s === 'complete')).toBe(true);
  });
});
