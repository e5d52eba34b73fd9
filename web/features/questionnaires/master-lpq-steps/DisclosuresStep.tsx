import { Paper, Stack, Text, Title } from '@mantine/core';
import { DISCLOSURE_FLAGS, DISCLOSURE_TEXT_FIELDS, explanationKey } from '@shared/master-lpq';
import { useWatch } from 'react-hook-form';
import { TextareaField, YesNoField } from '../fields';
import { useLpqForm } from './common';

export function DisclosuresStep() {
  const { control } = useLpqForm();
  const disclosures = useWatch({ control, name: 'disclosures' }) as Record<string, unknown> | undefined;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Answer each question Yes or No. When you answer Yes, explain the circumstances.
      </Text>
      {DISCLOSURE_FLAGS.map(([flag, question]) => (
        <Paper key={flag} withBorder p="sm" radius="md">
          <Stack gap="xs">
            <YesNoField control={control} name={`disclosures.${flag}`} label={question} required />
            {disclosures?.[flag] === true && (
              <TextareaField
                control={control}
                name={`disclosures.${explanationKey(flag)}`}
                label="Explanation"
                required
                minRows={2}
              />
            )}
          </Stack>
        </Paper>
      ))}
      <Title order={3} fz="md" mt="md">
        Additional Information
      </Title>
      {DISCLOSURE_TEXT_FIELDS.map(([field, label]) => (
        <TextareaField
          key={field}
          control={control}
          name={`disclosures.${field}`}
          label={label}
          minRows={2}
        />
      ))}
    </Stack>
  );
}
