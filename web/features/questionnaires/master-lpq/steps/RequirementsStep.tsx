import { SimpleGrid, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { CheckboxField, DateField, TextareaField } from '../../fields';
import { useLpqForm } from './common';

export function RequirementsStep() {
  const { control } = useLpqForm();
  const guidelines = useWatch({ control, name: 'practiceRequirements.clientGuidelines' });
  return (
    <Stack gap="md">
      <TextareaField
        control={control}
        name="practiceRequirements.supportNeeded"
        label="Support Requirements"
        required
      />
      <TextareaField
        control={control}
        name="practiceRequirements.marketingBudget"
        label="Marketing Budget Requirements"
        required
      />
      <TextareaField
        control={control}
        name="practiceRequirements.intellectualProperty"
        label="Intellectual Property"
      />
      <TextareaField
        control={control}
        name="practiceRequirements.specializedResources"
        label="Specialized Resources"
      />
      <CheckboxField
        control={control}
        name="practiceRequirements.clientGuidelines"
        label="My clients have outside counsel guidelines the firm must follow"
      />
      {guidelines && (
        <TextareaField
          control={control}
          name="practiceRequirements.clientGuidelinesExplanation"
          label="Client Guidelines Explanation"
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextareaField
          control={control}
          name="practiceRequirements.supportStaff"
          label="Support Staff"
          minRows={2}
        />
        <TextareaField
          control={control}
          name="practiceRequirements.officeSpace"
          label="Office Space"
          minRows={2}
        />
        <TextareaField
          control={control}
          name="practiceRequirements.technology"
          label="Technology"
          minRows={2}
        />
        <TextareaField
          control={control}
          name="practiceRequirements.locationPreferences"
          label="Location Preferences"
          minRows={2}
        />
        <DateField control={control} name="practiceRequirements.startDate" label="Preferred Start Date" />
      </SimpleGrid>
    </Stack>
  );
}
