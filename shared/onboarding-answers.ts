import type { OnboardingValues } from './attorney';
import { isFilled } from './form-fields';

/** Spec 2.5: the onboarding wizard's steps, in order. */
export const ONBOARDING_STEP_TITLES = [
  'Basic Information',
  'Professional Profile',
  'Master LPQ Creation',
  'Document Upload',
  'Review & Submit',
  'Welcome Complete',
] as const;

/** One answer onboarding still needs, in the shape of the 'What is missing' panel. */
export type OnboardingMissing = {
  field: string;
  label: string;
  message: string;
  step: number;
  stepTitle: string;
};

/**
 * Spec §5: the onboarding wizard's required markers — current firm, position, years of experience, law
 * school, graduation year, bar admissions, practice areas, personal summary, employment type, client
 * information and the resume — in the form's order, each with the label its field shows. Nothing is
 * enforced (a step still saves and moves on), but the steps' marks, the review and the last step say
 * what is missing by this one rule, so they never disagree.
 */
const REQUIRED: [field: keyof OnboardingValues | 'resume', label: string, step: number][] = [
  ['currentFirm', 'Current Firm', 1],
  ['position', 'Position', 1],
  ['yearsExperience', 'Years of Experience', 1],
  ['lawSchool', 'Law School', 1],
  ['graduationYear', 'Graduation Year', 1],
  ['barAdmissions', 'Bar Admissions', 1],
  ['practiceAreas', 'Practice Areas', 1],
  ['personalSummary', 'Personal Summary', 2],
  ['employmentType', 'Current Employment Type', 2],
  ['clientPortability', 'Client Information and Portability', 2],
  ['resume', 'Resume', 3],
];

export function missingOnboardingAnswers(
  values: Partial<OnboardingValues>,
  resumeUploaded: boolean,
): OnboardingMissing[] {
  return REQUIRED.filter(([field]) =>
    field === 'resume' ? !resumeUploaded : !isFilled((values as Record<string, unknown>)[field]),
  ).map(([field, label, step]) => ({
    field,
    label,
    message: field === 'resume' ? 'Upload your resume' : `${label} is required`,
    step,
    stepTitle: ONBOARDING_STEP_TITLES[step],
  }));
}

/** Each step's mark from the same rule: the steps with answers of their own, then Review as a whole. */
export function onboardingStepStatuses(missing: OnboardingMissing[]): ('complete' | 'incomplete')[] {
  return ONBOARDING_STEP_TITLES.map((_, step) => {
    if (step < 4) return missing.some((m) => m.step === step) ? 'incomplete' : 'complete';
    return missing.length ? 'incomplete' : 'complete';
  });
}
