import { Alert, Button, CopyButton, Group, List, SimpleGrid, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';

/**
 * Recovery codes, shown this once (the server keeps only their hashes): Download as a text file, Copy,
 * and a Done that hides them.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Lateral Passport recovery codes\nEach code signs you in once, if you lose your authenticator app.\n\n${codes.join('\n')}\n`;
  const download = () => {
    const href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = href;
    link.download = 'lateral-passport-recovery-codes.txt';
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
  };
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Save your recovery codes"
      role="region"
      aria-label="Recovery codes"
    >
      <Text size="sm" mb="sm">
        Each code signs you in once if you lose your authenticator app. They are shown only now: download or
        copy them and keep them somewhere safe.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} mb="md">
        {codes.map((code) => (
          <Text key={code} ff="monospace" fz="md" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={download}
        >
          Download
        </Button>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" onClick={onDone}>
          I have saved them
        </Button>
      </Group>
      <List size="xs" mt="sm" c="dimmed">
        <List.Item>Making a new set ends these codes.</List.Item>
      </List>
    </Alert>
  );
}
