import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled block of a long form. */
export function FormSection(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {props.description}
            </Text>
          )}
        </div>
        {props.children}
      </Stack>
    </Paper>
  );
}
