import { Anchor, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type Ref, useId } from 'react';
import { Link } from 'react-router';

/** One answer still needed: where it is (a field, with its step when the form has steps) and why. */
export type MissingItem = {
  field: string;
  label: string;
  message: string;
  step?: number;
  stepTitle?: string;
};

/**
 * The 'What is missing' panel: each missing or invalid answer with its label and message, as
 * a link to the field. `onJump` moves within the page (switch step, focus the input); `hrefFor` links to
 * another page (e.g. the share dialog to `/attorney/master-lpq?field=…`, see masterLpqFieldHref).
 * Renders nothing when nothing is missing.
 */
export function WhatIsMissing(props: {
  items: readonly MissingItem[];
  onJump?: (item: MissingItem) => void;
  hrefFor?: (item: MissingItem) => string;
  title?: string;
  /** One line under the title, e.g. what the list stops. */
  description?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  if (!props.items.length) return null;
  // Consecutive items of one step under one heading: the list reads like the form.
  const groups: { title?: string; step?: number; items: MissingItem[] }[] = [];
  for (const item of props.items) {
    const last = groups.at(-1);
    if (last && last.title === item.stepTitle) last.items.push(item);
    else groups.push({ title: item.stepTitle, step: item.step, items: [item] });
  }
  const count = props.items.length;
  return (
    <Paper
      ref={props.ref}
      tabIndex={-1}
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="section"
      aria-labelledby={titleId}
      bg="var(--mantine-color-yellow-light)"
      style={{ borderColor: 'var(--mantine-color-yellow-6)' }}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="md" id={titleId} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <ThemeIcon color="yellow" variant="transparent" size="sm" aria-hidden>
              <IconAlertTriangle size={18} />
            </ThemeIcon>
            {props.title ?? 'What is missing'}
          </Title>
          <Text size="sm">
            {props.description ??
              `${count} ${count === 1 ? 'answer needs' : 'answers need'} your attention. Select one to go to it.`}
          </Text>
        </Stack>
        {groups.map((group) => (
          <Stack key={`${group.title}-${group.items[0].field}`} gap={4}>
            {group.title && (
              <Text size="sm" fw={700} component="h4" m={0}>
                {group.step !== undefined ? `${group.step + 1}. ` : ''}
                {group.title}
              </Text>
            )}
            <List size="sm" spacing={4} withPadding={false} listStyleType="none">
              {group.items.map((item) => (
                <List.Item key={item.field} style={{ overflowWrap: 'anywhere' }}>
                  {props.hrefFor ? (
                    <Anchor component={Link} to={props.hrefFor(item)} fw={600} size="sm">
                      {item.label}
                    </Anchor>
                  ) : (
                    <Anchor
                      component="button"
                      type="button"
                      fw={600}
                      size="sm"
                      ta="left"
                      onClick={() => props.onJump?.(item)}
                    >
                      {item.label}
                    </Anchor>
                  )}
                  <Text span size="sm" c="red.9">
                    {' '}
                    — {item.message}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
