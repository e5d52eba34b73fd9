import { Stack, Textarea, Title } from '@mantine/core';
import type { PositionLpqStepProps } from './common';

export function BusinessStep({ text }: PositionLpqStepProps) {
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Business Development
      </Title>
      <Textarea
        label="Client Origination Experience"
        autosize
        minRows={3}
        {...text('clientOriginationExperience')}
      />
      <Textarea label="Portable Business" autosize minRows={3} {...text('portableBusiness')} />
      <Textarea label="Client Relationships" autosize minRows={3} {...text('clientRelationships')} />
    </Stack>
  );
}
