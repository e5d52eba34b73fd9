import { Checkbox, Group, Radio, Stack, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useFieldMark, withMark } from '../prefill/marks';

/**
 * Mantine inputs bound to react-hook-form by name: each shows its field's message underneath and keeps
 * the value types the shared zod schemas expect (text '', numbers or null, booleans, yyyy-mm-dd dates).
 */
export type Bound<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
};

/**
 * A text input. With `format`, the text reads formatted while the field is not being edited, and leaving
 * the field keeps the formatted text (Annual Billings: '910000' reads and is kept as '$910,000').
 */
export function TextField<T extends FieldValues>(
  props: Bound<T> & {
    type?: TextInputProps['type'];
    autoComplete?: string;
    readOnly?: boolean;
    format?: (value: string) => string;
  },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const mark = useFieldMark(props.control, props.name, field.value);
  const [editing, setEditing] = useState(false);
  const raw = (field.value as string | null | undefined) ?? '';
  const { format } = props;
  return (
    <TextInput
      label={props.label}
      description={withMark(props.description, mark)}
      placeholder={props.placeholder}
      withAsterisk={props.required}
      type={props.type}
      autoComplete={props.autoComplete}
      readOnly={props.readOnly}
      name={field.name}
      ref={field.ref}
      value={format && !editing ? format(raw) : raw}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        if (format && format(raw) !== raw) field.onChange(format(raw));
        field.onBlur();
      }}
      error={fieldState.error?.message}
    />
  );
}

/** A date input: the browser's picker, the value yyyy-mm-dd ('' when empty). */
export function DateField<T extends FieldValues>(props: Bound<T>) {
  return <TextField {...props} type="date" />;
}

export function TextareaField<T extends FieldValues>(props: Bound<T> & { minRows?: number }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const mark = useFieldMark(props.control, props.name, field.value);
  return (
    <Textarea
      label={props.label}
      description={withMark(props.description, mark)}
      placeholder={props.placeholder}
      withAsterisk={props.required}
      autosize
      minRows={props.minRows ?? 3}
      maxRows={12}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function CheckboxField<T extends FieldValues>(props: Omit<Bound<T>, 'placeholder'>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <Checkbox
      label={props.label}
      description={props.description}
      name={field.name}
      ref={field.ref}
      checked={field.value === true}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

/** One choice out of a few, all visible (diversity form, yes/no questions). */
export function RadioField<T extends FieldValues>(
  props: Omit<Bound<T>, 'placeholder'> & { options: { value: string; label: string }[]; inline?: boolean },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const Options = props.inline ? Group : Stack;
  return (
    <Radio.Group
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Options gap="xs" mt="xs">
        {props.options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} onBlur={field.onBlur} />
        ))}
      </Options>
    </Radio.Group>
  );
}

/**
 * One option of a Yes/No question, still a radio (the keyboard and screen readers as before), in a box that
 * is filled and bold once chosen (issue 67: a small dot alone was hard to see).
 */
function Choice(props: { value: string; label: string; chosen: boolean; onBlur?: () => void }) {
  return (
    <Radio
      value={props.value}
      label={props.label}
      onBlur={props.onBlur}
      data-chosen={props.chosen || undefined}
      styles={{
        root: {
          border: `1px solid ${props.chosen ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-4)'}`,
          backgroundColor: props.chosen ? 'var(--mantine-primary-color-light)' : undefined,
          borderRadius: 'var(--mantine-radius-sm)',
          padding: '6px 12px',
        },
        label: { fontWeight: props.chosen ? 700 : 400, cursor: 'pointer' },
      }}
    />
  );
}

/** A boolean that may be left unanswered: Yes / No / Prefer not to say (null). */
export function TriStateField<T extends FieldValues>(props: Omit<Bound<T>, 'placeholder'>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : 'unset';
  return (
    <Radio.Group
      label={props.label}
      description={props.description}
      name={field.name}
      value={value}
      onChange={(v) => field.onChange(v === 'yes' ? true : v === 'no' ? false : null)}
      error={fieldState.error?.message}
    >
      <Group gap="sm" mt="xs">
        <Choice value="yes" label="Yes" chosen={value === 'yes'} />
        <Choice value="no" label="No" chosen={value === 'no'} />
        <Choice value="unset" label="Prefer not to say" chosen={value === 'unset'} />
      </Group>
    </Radio.Group>
  );
}

/**
 * A Yes/No question with no default: nothing is chosen until the user answers, and the value stays
 * undefined (not false) until then.
 */
export function YesNoField<T extends FieldValues>(props: Omit<Bound<T>, 'placeholder'>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const value = field.value === true ? 'yes' : field.value === false ? 'no' : null;
  return (
    <Radio.Group
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      name={field.name}
      value={value}
      onChange={(v) => field.onChange(v === 'yes')}
      error={fieldState.error?.message}
    >
      <Group gap="sm" mt="xs">
        <Choice value="yes" label="Yes" chosen={value === 'yes'} onBlur={field.onBlur} />
        <Choice value="no" label="No" chosen={value === 'no'} onBlur={field.onBlur} />
      </Group>
    </Radio.Group>
  );
}

/** Label/value pairs for a Select or radio group from a value list and its labels. */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
