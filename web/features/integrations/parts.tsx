import { Badge, Button, Center, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { INTEGRATION_TOASTS as TOASTS } from '@shared/integrations';
import type { ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api';

/**
 * What the API tokens and the webhooks sections share (PRODUCT.md §14): the form that makes one (a name
 * or address, the scopes or events it covers), the list's loading, error and empty states, and each
 * item's head (its name and the badges of what it covers).
 */
export function MakeForm<V extends string>(props: {
  onSubmit: () => void;
  /** The text input: its label, placeholder and value; `field` names its error in the server's answer. */
  text: { label: string; placeholder: string; value: string; onChange: (v: string) => void; field: string };
  textProps?: { type?: string; maxLength?: number };
  choices: {
    label: string;
    values: readonly V[];
    labels: Record<V, string>;
    field: string;
    description?: string;
  };
  chosen: V[];
  onChoose: (chosen: V[]) => void;
  error: unknown;
  submit: { label: string; icon: ReactNode; loading: boolean };
}) {
  const problems = props.error ? fieldErrors(props.error) : {};
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={props.text.label}
          placeholder={props.text.placeholder}
          value={props.text.value}
          onChange={(e) => props.text.onChange(e.currentTarget.value)}
          error={problems[props.text.field]}
          {...props.textProps}
        />
        <Checkbox.Group
          label={props.choices.label}
          description={props.choices.description}
          styles={
            props.choices.description ? { description: { color: 'var(--mantine-color-gray-7)' } } : undefined
          }
          value={props.chosen}
          onChange={(v) => props.onChoose(v as V[])}
          error={problems[props.choices.field]}
        >
          <Stack gap={6} mt={6}>
            {props.choices.values.map((value) => (
              <Checkbox key={value} value={value} label={`${value} — ${props.choices.labels[value]}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        {props.error && !Object.keys(problems).length ? (
          <Text c="red.8" size="sm" role="alert">
            {errorMessage(props.error, TOASTS.failed.message)}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" leftSection={props.submit.icon} loading={props.submit.loading}>
            {props.submit.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A list's states: a spinner while it loads, its error, the empty text, or `children` with its items
 * (`compact`: smaller, inside a card — a webhook's delivery log).
 */
export function ItemList<T>(props: {
  query: { isLoading: boolean; isError: boolean; error: unknown; data?: T[] };
  loadingLabel: string;
  loadFailed: string;
  emptyText: string;
  compact?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  const { query, compact } = props;
  if (query.isLoading)
    return (
      <Center py={compact ? 'xs' : 'md'}>
        <Loader size={compact ? 'xs' : 'sm'} aria-label={props.loadingLabel} />
      </Center>
    );
  if (query.isError)
    return (
      <Text c="red.8" size={compact ? 'sm' : undefined} role="alert">
        {errorMessage(query.error, props.loadFailed)}
      </Text>
    );
  if (!query.data?.length)
    return (
      <Text c="gray.7" size="sm">
        {props.emptyText}
      </Text>
    );
  return props.children(query.data);
}

/** An item's name, the badges of what it covers, and what follows (when it was made and used). */
export function ItemHead(props: { name: string; tags: readonly string[]; children?: ReactNode }) {
  return (
    <Stack gap={6} style={{ minWidth: 0, flex: '1 1 240px' }}>
      <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {props.name}
      </Text>
      <Group gap={6}>
        {props.tags.map((tag) => (
          <Badge key={tag} variant="light" color="gray" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
      {props.children}
    </Stack>
  );
}
