import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { FLAG_TITLES, type Flag } from '@shared/business-case/flags';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';

/**
 * PRODUCT.md §12: the attorney's private flags, 'Firms are likely to ask about …', each a link to its field
 * (`onJump` within the master LPQ, `hrefFor` from another page). They never block anything and never reach a
 * firm. Renders nothing without flags.
 */
export function FirmsWillAsk(props: {
  flags: readonly Flag[];
  onJump?: (field: string) => void;
  hrefFor?: (field: string) => string;
}) {
  const titleId = useId();
  if (!props.flags.length) return null;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      radius="md"
      component="section"
      aria-labelledby={titleId}
      bg="var(--mantine-color-blue-light)"
      data-testid="firms-will-ask"
    >
      <Stack gap="xs">
        <Title order={3} fz="md" id={titleId} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <IconMessageQuestion size={18} aria-hidden />
          Firms are likely to ask about …
        </Title>
        <Text size="sm">
          Only you see this. It never stops you sharing; an answer ready makes the conversation easier.
        </Text>
        <List size="sm" spacing={4} withPadding={false} listStyleType="none">
          {props.flags.map((flag) => (
            <List.Item key={`${flag.code}-${flag.field}`} style={{ overflowWrap: 'anywhere' }}>
              {props.hrefFor ? (
                <Anchor component={Link} to={props.hrefFor(flag.field)} fw={600} size="sm">
                  {FLAG_TITLES[flag.code]}
                </Anchor>
              ) : (
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  size="sm"
                  ta="left"
                  onClick={() => props.onJump?.(flag.field)}
                >
                  {FLAG_TITLES[flag.code]}
                </Anchor>
              )}
              <Text span size="sm">
                {' '}
                — {flag.message}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
