import { Stack } from '@mantine/core';
import { PRACTICE_REQUIREMENT_FIELDS } from '@shared/package-labels';
import { useWatch } from 'react-hook-form';
import { fieldsOf, RowFields } from '../../ListField';
import { useLpqForm } from './common';

const NEEDS = fieldsOf(PRACTICE_REQUIREMENT_FIELDS, {
  supportNeeded: { kind: 'textarea', required: true },
  marketingBudget: { kind: 'textarea', required: true },
  intellectualProperty: { kind: 'textarea' },
  specializedResources: { kind: 'textarea' },
  clientGuidelines: { kind: 'checkbox' },
});
const GUIDELINES = fieldsOf(PRACTICE_REQUIREMENT_FIELDS, {
  clientGuidelinesExplanation: { kind: 'textarea' },
});
const PRACTICE = fieldsOf(PRACTICE_REQUIREMENT_FIELDS, {
  supportStaff: { kind: 'textarea', width: 'half', minRows: 2 },
  officeSpace: { kind: 'textarea', width: 'half', minRows: 2 },
  technology: { kind: 'textarea', width: 'half', minRows: 2 },
  locationPreferences: { kind: 'textarea', width: 'half', minRows: 2 },
  startDate: { kind: 'date', width: 'half' },
});

export function RequirementsStep() {
  const { control } = useLpqForm();
  const guidelines = useWatch({ control, name: 'practiceRequirements.clientGuidelines' });
  return (
    <Stack gap="md">
      <RowFields control={control} prefix="practiceRequirements" fields={NEEDS} />
      {guidelines && <RowFields control={control} prefix="practiceRequirements" fields={GUIDELINES} />}
      <RowFields control={control} prefix="practiceRequirements" fields={PRACTICE} />
    </Stack>
  );
}
