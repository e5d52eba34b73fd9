import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label ?? 'Loading…'}</Text>
      </Stack>
    </Center>
  );
}
