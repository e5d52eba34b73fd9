import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A repeatable block of fields (clients, employers, practice areas, milestones): the empty-state text,
 * one bordered item per entry with its number and a Remove button, and an Add button.
 */
export function RepeatableList(props: {
  items: { id: string }[];
  itemLabel: string;
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderItem: (index: number) => ReactNode;
  title?: ReactNode;
}) {
  return (
    <Stack gap="md">
      {props.title}
      {props.items.length === 0 && <Text c="dimmed">{props.emptyText}</Text>}
      {props.items.map((item, i) => (
        <Paper
          key={item.id}
          withBorder
          p="md"
          radius="md"
          role="group"
          aria-label={`${props.itemLabel} ${i + 1}`}
        >
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>
                {props.itemLabel} {i + 1}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => props.onRemove(i)}
              >
                Remove
              </Button>
            </Group>
            {props.renderItem(i)}
          </Stack>
        </Paper>
      ))}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={props.onAdd}
      >
        {props.addLabel}
      </Button>
    </Stack>
  );
}
