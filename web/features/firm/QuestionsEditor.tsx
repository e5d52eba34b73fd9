import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type FirmQuestion,
  type FirmQuestionInput,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
} from '@shared/requests';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, useFieldArray, useFormState, useWatch } from 'react-hook-form';

/** The part of a form that holds typed questions (custom sections, and new questions on a request). */
export type QuestionsForm = { questions?: FirmQuestionInput[] };

const TYPE_OPTIONS = QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }));

export const blankQuestion = (): FirmQuestion => ({
  id: crypto.randomUUID(),
  text: '',
  type: 'text',
  required: false,
});

/** Typed questions: text, long text, yes/no, single choice with options, date, number; required flag. */
export function QuestionsEditor({
  control,
  emptyText,
}: {
  control: Control<QuestionsForm>;
  emptyText?: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'questions', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'questions' });
  const types = useWatch({ control, name: 'questions' })?.map((q) => q?.type);
  return (
    <Stack gap="sm">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {emptyText ?? 'No questions yet.'}
        </Text>
      )}
      {fields.map((field, index) => {
        const questionErrors = errors.questions?.[index];
        const number = index + 1;
        return (
          <Paper key={field.key} withBorder p="sm" bg="gray.0">
            <Stack gap="xs">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  label={`Question ${number}`}
                  placeholder="Question text"
                  style={{ flex: 1 }}
                  error={questionErrors?.text?.message}
                  {...control.register(`questions.${index}.text`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={26}
                  aria-label={`Remove question ${number}`}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <Group gap="md" align="flex-end" wrap="wrap">
                <Controller
                  control={control}
                  name={`questions.${index}.type`}
                  render={({ field: typeField }) => (
                    <Select
                      label={`Question ${number} type`}
                      data={TYPE_OPTIONS}
                      value={typeField.value}
                      onChange={(v) => typeField.onChange((v ?? 'text') as QuestionType)}
                      allowDeselect={false}
                      w={180}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name={`questions.${index}.required`}
                  render={({ field: requiredField }) => (
                    <Switch
                      label="Required"
                      checked={!!requiredField.value}
                      onChange={(e) => requiredField.onChange(e.currentTarget.checked)}
                      mb={8}
                    />
                  )}
                />
              </Group>
              {types?.[index] === 'select' && (
                <Controller
                  control={control}
                  name={`questions.${index}.options`}
                  render={({ field: optionsField }) => (
                    <TagsInput
                      label={`Question ${number} options`}
                      description="Type an option and press Enter."
                      value={optionsField.value ?? []}
                      onChange={optionsField.onChange}
                      acceptValueOnBlur
                      error={questionErrors?.options?.message}
                    />
                  )}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={() => append(blankQuestion())}
        w="fit-content"
      >
        Add Question
      </Button>
    </Stack>
  );
}
