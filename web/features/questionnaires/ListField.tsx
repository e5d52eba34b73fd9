import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentType, Fragment, type ReactNode } from 'react';
import {
  type ArrayPath,
  type Control,
  type FieldArray,
  type FieldPath,
  type FieldValues,
  useFieldArray,
} from 'react-hook-form';
import { CheckboxField, DateField, TextareaField, TextField } from './fields';

// biome-ignore lint/suspicious/noExplicitAny: a field component of any form's values; RowField binds it by name.
type FieldComponent = ComponentType<any>;

/**
 * One field of a repeated row: its name inside the row, its label (from shared/: the labels the firm's
 * view and the PDF read too), its kind and how wide it stands. The field's messages come from the form's
 * schema in shared/, under the field. A kind other than the four below is a component taking the bound
 * props (MoneyField, SelectField…: kept out of fields.tsx for the page weight), given `props` too.
 */
export type ListFieldSpec = {
  name: string;
  label: string;
  kind?: 'text' | 'date' | 'textarea' | 'checkbox' | FieldComponent;
  /** 'full' (the default) stands alone; the others sit side by side in a grid with their neighbours. */
  width?: Width;
  required?: boolean;
  placeholder?: string;
  /** A textarea's height: 2 rows in a list, 3 elsewhere unless said. */
  minRows?: number;
  props?: Record<string, unknown>;
};
export type Width = 'full' | 'half' | 'third' | 'compact';

const GRID_COLS = {
  half: { base: 1, sm: 2 },
  third: { base: 1, sm: 3 },
  compact: { base: 1, xs: 2, sm: 3 },
} as const;

type Layout = Omit<ListFieldSpec, 'name' | 'label'> & { label?: string };

/**
 * A row's fields in the form's order, each labelled from a shared/ list of [field, label] pairs
 * (shared/package-labels.ts) unless `label` says otherwise.
 */
export function fieldsOf(
  labels: readonly (readonly [string, string, ...unknown[]])[],
  layout: Record<string, Layout>,
): ListFieldSpec[] {
  const byName = new Map(labels.map(([name, label]) => [name, label]));
  return Object.entries(layout).map(([name, spec]) => ({
    ...spec,
    name,
    label: spec.label ?? byName.get(name) ?? name,
  }));
}

/** The fields in runs: a full-width field alone, neighbours of one width together in a grid. */
function runsOf(fields: ListFieldSpec[]) {
  const runs: { width: Width; fields: ListFieldSpec[] }[] = [];
  for (const field of fields) {
    const width = field.width ?? 'full';
    const last = runs.at(-1);
    if (width !== 'full' && last?.width === width) last.fields.push(field);
    else runs.push({ width, fields: [field] });
  }
  return runs;
}

function RowField<T extends FieldValues>({
  control,
  name,
  spec,
  minRows,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  spec: ListFieldSpec;
  minRows: number;
}) {
  const bound = { control, name, label: spec.label, required: spec.required, placeholder: spec.placeholder };
  const kind = spec.kind ?? 'text';
  if (kind === 'text') return <TextField {...bound} {...spec.props} />;
  if (kind === 'date') return <DateField {...bound} />;
  if (kind === 'textarea') return <TextareaField {...bound} minRows={spec.minRows ?? minRows} />;
  if (kind === 'checkbox') return <CheckboxField control={control} name={name} label={spec.label} />;
  const Input = kind;
  return <Input {...bound} {...spec.props} />;
}

/** One row's (or one section's) fields, laid out by their widths. */
export function RowFields<T extends FieldValues>(props: {
  control: Control<T>;
  /** The fields' path: 'currentClients.0', 'personalRelationships'; none for a form's top level. */
  prefix?: string;
  fields: ListFieldSpec[];
  /** A textarea's height when its spec does not say. */
  minRows?: number;
}) {
  return runsOf(props.fields).map((run) => {
    const inputs = run.fields.map((spec) => (
      <RowField
        key={spec.name}
        control={props.control}
        name={(props.prefix ? `${props.prefix}.${spec.name}` : spec.name) as FieldPath<T>}
        spec={spec}
        minRows={props.minRows ?? 3}
      />
    ));
    return run.width === 'full' ? (
      <Fragment key={run.fields[0].name}>{inputs}</Fragment>
    ) : (
      <SimpleGrid key={run.fields[0].name} cols={GRID_COLS[run.width]}>
        {inputs}
      </SimpleGrid>
    );
  });
}

/** A list's texts, its empty row and its limit, beside its fields: all a ListField needs but its form. */
export type ListSpec = {
  /** Each row's name, numbered ('Current Client 1'); Add reads 'Add Current Client' unless `add` says. */
  item: string;
  empty: string;
  add?: string;
  row: () => object;
  max?: number;
  fields: ListFieldSpec[];
};

export function listOf(
  labels: Parameters<typeof fieldsOf>[0],
  texts: Omit<ListSpec, 'fields'>,
  layout: Record<string, Layout>,
): ListSpec {
  return { ...texts, fields: fieldsOf(labels, layout) };
}

const TRASH = <IconTrash size={14} aria-hidden />;

/**
 * A repeatable list of rows (clients, employers, matters, practice areas, milestones, team members): the
 * empty-state text, one bordered group per row with its number and a Remove button, its fields from the
 * field list, and an Add button; `onFull`: what Add does once the list holds `max` rows.
 */
export function ListField<T extends FieldValues, N extends ArrayPath<T>>(props: {
  control: Control<T>;
  name: N;
  list: ListSpec;
  onFull?: () => void;
  /** What follows a row's fields (the top client's ledger). */
  after?: (index: number) => ReactNode;
  /** A heading above the list, inside a form step. */
  title?: string;
}) {
  const { list: spec } = props;
  const rows = useFieldArray({ control: props.control, name: props.name, keyName: 'key' });
  const add = () => {
    if (spec.max === undefined || rows.fields.length < spec.max) rows.append(spec.row() as FieldArray<T, N>);
    else props.onFull?.();
  };
  const removeRow = (i: number) => () => rows.remove(i);
  return (
    <Stack gap="md">
      {props.title && <Text fw={600}>{props.title}</Text>}
      {rows.fields.length === 0 && <Text c="dimmed">{spec.empty}</Text>}
      {rows.fields.map((row, i) => (
        <Paper key={row.key} withBorder p="md" radius="md" role="group" aria-label={`${spec.item} ${i + 1}`}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>
                {spec.item} {i + 1}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={TRASH}
                onClick={removeRow(i)}
              >
                Remove
              </Button>
            </Group>
            <RowFields
              control={props.control}
              prefix={`${props.name}.${i}`}
              fields={spec.fields}
              minRows={2}
            />
            {props.after?.(i)}
          </Stack>
        </Paper>
      ))}
      <Button variant="light" w="fit-content" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
        {spec.add ?? `Add ${spec.item}`}
      </Button>
    </Stack>
  );
}
