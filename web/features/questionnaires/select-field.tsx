import { Select } from '@mantine/core';
import { type FieldValues, useController } from 'react-hook-form';
import { useFieldMark, withMark } from '../prefill/marks';
import type { Bound } from './fields';

// Apart from fields.tsx: Mantine's Select brings its Combobox and floating-ui, which a page without a
// select (the master LPQ's first step) does not load (bench/page-weight.ts).

export function SelectField<T extends FieldValues>(
  props: Bound<T> & { data: { value: string; label: string }[]; clearable?: boolean },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const mark = useFieldMark(props.control, props.name, field.value);
  return (
    <Select
      label={props.label}
      description={withMark(props.description, mark)}
      placeholder={props.placeholder ?? 'Select…'}
      withAsterisk={props.required}
      data={props.data}
      clearable={props.clearable}
      allowDeselect={props.clearable ?? false}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | null | undefined) || null}
      onChange={(v) => field.onChange(v ?? null)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
