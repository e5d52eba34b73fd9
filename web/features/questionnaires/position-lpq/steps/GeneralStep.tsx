import { SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { PositionLpqStepProps } from './common';

export function GeneralStep({ text }: PositionLpqStepProps) {
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        General Information
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full Name" withAsterisk required {...text('name')} />
        <TextInput label="Email" type="email" withAsterisk required {...text('email')} />
        <TextInput label="Phone" type="tel" {...text('phone')} />
        <TextInput label="Address" {...text('address')} />
      </SimpleGrid>
      <Textarea label="Bar Admissions" autosize minRows={2} {...text('barAdmissions')} />
    </Stack>
  );
}
