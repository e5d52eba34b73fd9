import { NumberInput, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { FirmQuestion } from '@shared/requests';

type Answer = string | number | boolean | null | undefined;

/** One firm-specific question, rendered by its type. */
export function FirmQuestionField(props: {
  question: FirmQuestion;
  value: Answer;
  onChange: (value: Answer) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { question: q } = props;
  const common = { label: q.text, withAsterisk: q.required, error: props.error, disabled: props.disabled };
  switch (q.type) {
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof props.value === 'number' ? props.value : ''}
          onChange={(v) => props.onChange(typeof v === 'number' ? v : null)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={q.options ?? []}
          value={typeof props.value === 'string' ? props.value : null}
          onChange={(v) => props.onChange(v)}
          clearable={!q.required}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
    case 'yesno': {
      const current = props.value === true ? 'yes' : props.value === false ? 'no' : '';
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span" id={`q-${q.id}-label`}>
            {q.text}
            {q.required && (
              <Text span c="red" aria-hidden>
                {' '}
                *
              </Text>
            )}
          </Text>
          <SegmentedControl
            aria-labelledby={`q-${q.id}-label`}
            w="fit-content"
            disabled={props.disabled}
            data={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
            value={current}
            onChange={(v) => props.onChange(v === 'yes')}
          />
          {props.error && (
            <Text size="xs" c="red" role="alert">
              {props.error}
            </Text>
          )}
        </Stack>
      );
    }
    default:
      return (
        <TextInput
          {...common}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.currentTarget.value)}
        />
      );
  }
}
