import { MultiSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { LIMITS } from '@shared/limits';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import type { PositionLpqStepProps } from './common';

export function ExperienceStep({ formData, readOnly, text, mark, err, set }: PositionLpqStepProps) {
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Professional Experience
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Current Firm" {...text('currentFirm')} />
        <TextInput label="Position" {...text('position')} />
        <NumberInput
          label="Years of Experience"
          min={LIMITS.yearsExperienceMin}
          max={LIMITS.yearsExperienceMax}
          allowNegative={false}
          allowDecimal={false}
          clampBehavior="none"
          name="formData.yearsExperience"
          description={mark('yearsExperience')}
          value={formData.yearsExperience ?? ''}
          onChange={(v) => set('yearsExperience', typeof v === 'number' ? v : null)}
          error={err('yearsExperience')}
          disabled={readOnly}
        />
        <MultiSelect
          label="Practice Areas"
          data={[...PROFILE_PRACTICE_AREAS]}
          name="formData.practiceAreas"
          description={mark('practiceAreas')}
          value={formData.practiceAreas ?? []}
          onChange={(v) => set('practiceAreas', v)}
          error={err('practiceAreas')}
          disabled={readOnly}
          searchable
        />
      </SimpleGrid>
      <Textarea label="Significant Matters" autosize minRows={3} {...text('significantMatters')} />
      <Textarea label="Publications" autosize minRows={2} {...text('publications')} />
    </Stack>
  );
}
