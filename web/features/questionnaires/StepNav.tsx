import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

/**
 * A wizard's progress bar, 'Step N of M' and, when `onSelect` is given, one button per step to jump to
 * it. Buttons wrap, so seven or eight steps fit a phone screen.
 */
export function StepNav(props: {
  steps: readonly string[];
  active: number;
  onSelect?: (index: number) => void;
  /** Steps with a validation error, marked red. */
  invalid?: ReadonlySet<number>;
  label?: (active: number, total: number) => string;
}) {
  const total = props.steps.length;
  const label = props.label ?? ((n, m) => `Step ${n} of ${m}`);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label(props.active + 1, total)}
        </Text>
        <Text size="sm" c="dimmed">
          {props.steps[props.active]}
        </Text>
      </Group>
      <Progress value={((props.active + 1) / total) * 100} aria-label="Progress" size="sm" />
      {props.onSelect && (
        <Group gap={6} wrap="wrap" component="nav" aria-label="Steps">
          {props.steps.map((title, i) => {
            const onSelect = props.onSelect!;
            const invalid = props.invalid?.has(i);
            return (
              <Button
                key={title}
                size="compact-sm"
                variant={i === props.active ? 'filled' : invalid ? 'light' : 'default'}
                color={invalid ? 'red' : undefined}
                aria-current={i === props.active ? 'step' : undefined}
                leftSection={i < props.active && !invalid ? <IconCheck size={14} aria-hidden /> : undefined}
                onClick={() => onSelect(i)}
              >
                {i + 1}. {title}
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
