import { SimpleGrid, Stack } from '@mantine/core';
import { TextareaField, TextField } from '../../fields';
import { useLpqForm } from './common';

export function GeneralInfoStep() {
  const { control } = useLpqForm();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="generalInfo.name" label="Full Name" required autoComplete="name" />
        <TextField
          control={control}
          name="generalInfo.email"
          label="Email"
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          control={control}
          name="generalInfo.phone"
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
        />
      </SimpleGrid>
      <TextareaField control={control} name="generalInfo.address" label="Address" required minRows={2} />
      <TextareaField
        control={control}
        name="generalInfo.barAdmissions"
        label="Bar Admissions"
        description="One per line, with year of admission"
        required
      />
      <TextareaField control={control} name="generalInfo.personalSummary" label="Professional Summary" />
    </Stack>
  );
}
