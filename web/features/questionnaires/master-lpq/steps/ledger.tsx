import { Badge, Checkbox, Group, Stack, Text } from '@mantine/core';
import { attorneyChecks, type Ledger } from '@shared/business-case';
import type { MasterLpqInput } from '@shared/master-lpq';
import { useDeferredValue, useMemo } from 'react';
import { type FieldPath, useController, useWatch } from 'react-hook-form';
import { useLpqForm } from './common';

/** The §12 figures and flags of the answers as they are typed (the shared module, as the server computes them). */
export function useLiveChecks() {
  const { control } = useLpqForm();
  const financialInfo = useDeferredValue(useWatch({ control, name: 'financialInfo' }));
  const clientsInfo = useDeferredValue(useWatch({ control, name: 'clientsInfo' }));
  return useMemo(
    () => attorneyChecks({ financialInfo, clientsInfo } as Ledger),
    [financialInfo, clientsInfo],
  );
}

/** A computed figure beside what is typed: its label, 'Computed', the value and a one-line definition. */
export function Computed(props: { label: string; value: string; definition: string; testId?: string }) {
  return (
    <Stack gap={2} data-testid={props.testId}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600}>
          {props.label}
        </Text>
        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
          Computed
        </Badge>
      </Group>
      <Text size="lg" fw={700}>
        {props.value}
      </Text>
      <Text size="xs" c="dimmed">
        {props.definition}
      </Text>
    </Stack>
  );
}

/** A set of choices stored as a list of codes (a client's portability evidence). */
export function CheckboxListField(props: {
  name: FieldPath<MasterLpqInput>;
  label: string;
  description?: string;
  options: { value: string; label: string }[];
}) {
  const { control } = useLpqForm();
  const { field, fieldState } = useController({ control, name: props.name });
  const value = (Array.isArray(field.value) ? field.value : []) as string[];
  return (
    <Checkbox.Group
      label={props.label}
      description={props.description}
      value={value}
      onChange={(next) => field.onChange(props.options.map((o) => o.value).filter((v) => next.includes(v)))}
      error={fieldState.error?.message}
    >
      <Stack gap={6} mt={6}>
        {props.options.map((o, i) => (
          <Checkbox
            key={o.value}
            value={o.value}
            label={o.label}
            name={i === 0 ? field.name : undefined}
            ref={i === 0 ? field.ref : undefined}
            onBlur={field.onBlur}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
