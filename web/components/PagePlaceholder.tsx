import { Paper, Text } from '@mantine/core';
import { PageShell } from './PageShell';

/** Stands in for a screen whose issue is still open (issues #3–#6). */
export function PagePlaceholder({ title, back }: { title: string; back?: { to: string; label: string } }) {
  return (
    <PageShell title={title} back={back}>
      <Paper withBorder p="xl">
        <Text c="dimmed">This screen is not available yet.</Text>
      </Paper>
    </PageShell>
  );
}
