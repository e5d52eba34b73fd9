import { Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { UI_TIMING } from '@shared/limits';
import type { StepStatus } from '@shared/master-lpq-answers';
import { IconAlertCircle, IconCheck, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

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
 * Every wizard's step navigation: 'Step N of M' with the step's title, a progress bar and, when
 * `onSelect` is given, one button per step to jump to it. On a phone the buttons show only their
 * number (the title above names the step; each button's accessible name is its full title), so eight
 * steps take one row; from the sm breakpoint they read 'N. Title' and wrap. With `status`, each
 * button's mark says whether its step is complete, incomplete or has errors (from the answers, not from
 * which steps were visited); without it, steps before the active one are ticked and `invalid` ones are
 * red. Steps after `lastSelectable` cannot be chosen yet (wizards that check or save each step on Next).
 * When the step changes while the navigation is scrolled out of view above (or under the step-saved toast),
 * it scrolls back into view below that toast: the new step starts at its top, not where the last one's
 * buttons were.
 */
export function StepNav(props: {
  steps: readonly string[];
  active: number;
  onSelect?: (index: number) => void;
  /** Steps with a validation error, marked red. */
  invalid?: ReadonlySet<number>;
  /** Each step's mark, in step order. */
  status?: readonly StepStatus[];
  /** The last step a button may open; later ones are disabled. Default: every step. */
  lastSelectable?: number;
  label?: (active: number, total: number) => string;
}) {
  const total = props.steps.length;
  const label = props.label ?? ((n, m) => `Step ${n} of ${m}`);
  const root = useRef<HTMLDivElement>(null);
  const shown = useRef(props.active);
  useEffect(() => {
    if (shown.current === props.active) return;
    shown.current = props.active;
    // Back into view when scrolled out above, or under where the step-saved toast rests (issue 67): it
    // comes to rest just below that toast, which then covers neither the chips nor the buttons below.
    const top = root.current?.getBoundingClientRect().top ?? 0;
    if (top < UI_TIMING.toastClearancePx) root.current?.scrollIntoView({ block: 'start' });
  }, [props.active]);
  return (
    <Stack gap="xs" ref={root} style={{ scrollMarginTop: UI_TIMING.toastClearancePx }}>
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
                miw={{ base: 36, sm: 0 }}
                variant={i === props.active ? 'filled' : invalid ? 'light' : 'default'}
                color={invalid ? 'red' : undefined}
                aria-current={i === props.active ? 'step' : undefined}
                aria-label={`${i + 1}. ${title}${status ? `, ${STATUS_TEXT[status]}` : ''}`}
                disabled={props.lastSelectable !== undefined && i > props.lastSelectable}
                leftSection={mark}
                onClick={() => onSelect(i)}
              >
                {i + 1}
                <Box component="span" visibleFrom="sm">
                  .&nbsp;{title}
                </Box>
              </Button>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
