import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { StepStatus } from '@shared/master-lpq-answers';
import { IconAlertCircle, IconCheck, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';

const STATUS_TEXT: Record<StepStatus, string> = {
  complete: 'complete',
  incomplete: 'incomplete',
  error: 'has errors',
};

function StatusIcon({ status, active }: { status: StepStatus; active: boolean }) {
  if (status === 'complete')
    return (
      <IconCircleCheck size={14} color={active ? undefined : 'var(--mantine-color-teal-8)'} aria-hidden />
    );
  if (status === 'error') return <IconAlertCircle size={14} aria-hidden />;
  return <IconCircleDashed size={14} aria-hidden />;
}

/**
 * A wizard's progress bar, 'Step N of M' and, when `onSelect` is given, one button per step to jump to
 * it. Buttons wrap, so seven or eight steps fit a phone screen. With `status`, each button's mark says
 * whether its step is complete, incomplete or has errors (from the answers, not from which steps were
 * visited); without it, steps before the active one are
 * ticked and `invalid` ones are red.
 */
export function StepNav(props: {
  steps: readonly string[];
  active: number;
  onSelect?: (index: number) => void;
  /** Steps with a validation error, marked red. */
  invalid?: ReadonlySet<number>;
  /** Each step's mark, in step order. */
  status?: readonly StepStatus[];
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
            const status = props.status?.[i];
            const invalid = status ? status === 'error' : props.invalid?.has(i);
            const mark = status ? (
              <StatusIcon status={status} active={i === props.active} />
            ) : i < props.active && !invalid ? (
              <IconCheck size={14} aria-hidden />
            ) : undefined;
            return (
              <Button
                key={title}
                size="compact-sm"
                variant={i === props.active ? 'filled' : invalid ? 'light' : 'default'}
                color={invalid ? 'red' : undefined}
                aria-current={i === props.active ? 'step' : undefined}
                aria-label={status ? `${i + 1}. ${title}, ${STATUS_TEXT[status]}` : undefined}
                leftSection={mark}
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
