import {
  type AttorneyProfile,
  ONBOARDING_EMPLOYMENT_TYPE_LABELS,
  ONBOARDING_EMPLOYMENT_TYPES,
  type OnboardingValues,
} from '@shared/attorney';
import type { MasterLpq, MasterLpqInput } from '@shared/master-lpq';

/** The onboarding values from what the profile and master LPQ already hold. */
export function onboardingValuesFrom(
  profile: AttorneyProfile | null | undefined,
  lpq: MasterLpq | null | undefined,
): OnboardingValues {
  const position = lpq?.currentEmployment?.currentPosition ?? '';
  const employmentType =
    ONBOARDING_EMPLOYMENT_TYPES.find((t) => ONBOARDING_EMPLOYMENT_TYPE_LABELS[t] === position) ?? null;
  return {
    phone: profile?.phone ?? '',
    currentFirm: profile?.currentFirm ?? '',
    position: profile?.position ?? null,
    yearsExperience: profile?.yearsExperience ?? null,
    lawSchool: profile?.lawSchool ?? '',
    graduationYear: profile?.graduationYear ?? null,
    barAdmissions: profile?.barAdmissions ?? '',
    practiceAreas: profile?.practiceAreas ?? [],
    personalSummary: lpq?.generalInfo?.personalSummary ?? '',
    employmentType,
    compensationExpectations: lpq?.financialInfo?.compensationExpectations ?? '',
    clientPortability: lpq?.clientsInfo?.clientPortability ?? '',
    supportNeeded: lpq?.practiceRequirements?.supportNeeded ?? '',
    references: lpq?.disclosures?.references ?? '',
  };
}

/**
 * The master LPQ sections the onboarding step touches, merged into what is stored (the server replaces
 * whole sections). A complete template stays complete unless the change leaves it incomplete.
 */
export function masterLpqUpdate(
  lpq: MasterLpq | null | undefined,
  values: OnboardingValues,
  step: 'lpq' | 'documents',
): MasterLpqInput {
  const isComplete = lpq?.isComplete ?? false;
  if (step === 'documents') {
    return { disclosures: { ...lpq?.disclosures, references: values.references ?? '' }, isComplete };
  }
  const currentPosition = values.employmentType
    ? ONBOARDING_EMPLOYMENT_TYPE_LABELS[values.employmentType]
    : (lpq?.currentEmployment?.currentPosition ?? '');
  return {
    generalInfo: { ...lpq?.generalInfo, personalSummary: values.personalSummary ?? '' },
    currentEmployment: { ...lpq?.currentEmployment, currentPosition },
    financialInfo: { ...lpq?.financialInfo, compensationExpectations: values.compensationExpectations ?? '' },
    clientsInfo: { ...lpq?.clientsInfo, clientPortability: values.clientPortability ?? '' },
    practiceRequirements: { ...lpq?.practiceRequirements, supportNeeded: values.supportNeeded ?? '' },
    isComplete,
  };
}
