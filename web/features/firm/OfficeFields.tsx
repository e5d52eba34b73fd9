import { ActionIcon, Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { blankOffice } from '@shared/firm';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, useFieldArray, useFormState } from 'react-hook-form';

/** The part of a firm form that holds office rows (registration and profile both have it). */
export type OfficesForm = {
  offices?: { city?: string; state?: string; numberOfAttorneys?: unknown }[];
};

/** Spec 2.7 / 2.10: rows can be added; the remove button shows only while more than one remains. */
export function OfficeFields({ control, label }: { control: Control<OfficesForm>; label?: string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'offices' });
  const { errors } = useFormState({ control, name: 'offices' });
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      {label && (
        <Text component="legend" size="sm" fw={500} mb="xs">
          {label}
        </Text>
      )}
      <Stack gap="sm">
        {fields.map((field, index) => {
          const rowErrors = errors.offices?.[index];
          return (
            <Paper
              key={field.id}
              withBorder
              p="sm"
              bg="gray.0"
              role="group"
              aria-label={`Office ${index + 1}`}
            >
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label="City"
                  placeholder="City"
                  style={{ flex: '2 1 140px' }}
                  error={rowErrors?.city?.message}
                  {...control.register(`offices.${index}.city`)}
                />
                <TextInput
                  label="State"
                  placeholder="State"
                  style={{ flex: '1 1 90px' }}
                  error={rowErrors?.state?.message}
                  {...control.register(`offices.${index}.state`)}
                />
                <TextInput
                  label="Number of Attorneys"
                  type="number"
                  min={0}
                  inputMode="numeric"
                  placeholder="0"
                  style={{ flex: '1 1 120px' }}
                  error={rowErrors?.numberOfAttorneys?.message}
                  {...control.register(`offices.${index}.numberOfAttorneys`)}
                />
                {fields.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={2}
                    aria-label={`Remove office ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          );
        })}
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No offices yet.
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => append(blankOffice())}
          w="fit-content"
        >
          Add Office
        </Button>
      </Stack>
    </Box>
  );
}
