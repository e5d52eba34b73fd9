import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { INTEGRATION_TEXTS as TEXTS } from '@shared/integrations';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A token or signing secret, shown once after it is made, with Copy. */
export function SecretOnce({
  label,
  value,
  note,
  onDone,
}: {
  label: string;
  value: string;
  note: string;
  onDone: () => void;
}) {
  return (
    <Alert color="teal" title={label} role="status">
      <Stack gap="xs">
        <Text size="sm">{note}</Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="secret-once">
          {value}
        </Code>
        <Group gap="xs">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? TEXTS.copied : TEXTS.copy}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {TEXTS.done}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
