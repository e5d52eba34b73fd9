import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled, labelled block of a firm form (profile and invitation). */
export function FirmSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      <Stack gap="md" mt="md">
        {children}
      </Stack>
    </Paper>
  );
}
