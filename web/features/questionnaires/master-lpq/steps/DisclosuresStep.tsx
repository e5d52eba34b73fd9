import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DISCLOSURE_FLAGS, DISCLOSURE_TEXT_FIELDS, explanationKey } from '@shared/master-lpq';
import { useWatch } from 'react-hook-form';
import { TextareaField, YesNoField } from '../../fields';
import { useLpqForm } from './common';

export function DisclosuresStep() {
  const { control, setValue } = useLpqForm();
  const disclosures = useWatch({ control, name: 'disclosures' }) as Record<string, unknown> | undefined;
  // Most attorneys answer No to all fifteen; one button does it, for the unanswered
  // ones only (a Yes is never undone by it).
  const unanswered = DISCLOSURE_FLAGS.filter(([flag]) => typeof disclosures?.[flag] !== 'boolean');
  const answerNo = () => {
    for (const [flag] of unanswered)
      setValue(`disclosures.${flag}` as `disclosures.${(typeof DISCLOSURE_FLAGS)[number][0]}`, false, {
        shouldDirty: true,
        shouldValidate: true,
      });
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Answer each question Yes or No. When you answer Yes, explain the circumstances.
      </Text>
      {unanswered.length > 0 && (
        <Group gap="sm" wrap="wrap">
          <Button variant="light" size="sm" onClick={answerNo}>
            {unanswered.length === DISCLOSURE_FLAGS.length
              ? 'None of these apply'
              : `Answer No to the ${unanswered.length} unanswered`}
          </Button>
          <Text size="xs" c="dimmed">
            {unanswered.length === DISCLOSURE_FLAGS.length
              ? `Answers No to all ${DISCLOSURE_FLAGS.length} questions; change any of them after.`
              : 'Your Yes answers stay as they are.'}
          </Text>
        </Group>
      )}
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
