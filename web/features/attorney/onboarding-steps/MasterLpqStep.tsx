import {
  ONBOARDING_EMPLOYMENT_TYPE_LABELS,
  ONBOARDING_EMPLOYMENT_TYPES,
  type OnboardingValues,
} from '@shared/attorney';
import type { Control } from 'react-hook-form';
import { optionsOf, TextareaField } from '../../questionnaires/fields';
import { SelectField } from '../../questionnaires/select-field';

/** Step 3: the first answers of the master LPQ. */
export function MasterLpqStep({ control }: { control: Control<OnboardingValues> }) {
  return (
    <>
      <TextareaField control={control} name="personalSummary" label="Personal Summary" required />
      <SelectField
        control={control}
        name="employmentType"
        label="Current Employment Type"
        required
        data={optionsOf(ONBOARDING_EMPLOYMENT_TYPES, ONBOARDING_EMPLOYMENT_TYPE_LABELS)}
      />
      <TextareaField control={control} name="compensationExpectations" label="Compensation Expectations" />
      <TextareaField
        control={control}
        name="clientPortability"
        label="Client Information and Portability"
        required
      />
      <TextareaField control={control} name="supportNeeded" label="Support Requirements" />
    </>
  );
}
