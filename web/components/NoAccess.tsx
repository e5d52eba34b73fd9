import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageShell } from './PageShell';

export const NO_ACCESS_TITLE = 'You do not have access to this page';

/**
 * A signed-in member whose roles do not reach a page opened by its address (the API answered 403): said
 * plainly, with the way back, instead of an error (PRODUCT.md §9).
 */
export function NoAccess({ home = '/firm/dashboard' }: { home?: string }) {
  return (
    <PageShell title={NO_ACCESS_TITLE}>
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon variant="light" color="gray" radius="xl" size={56}>
            <IconLock size={32} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="lg" ta="center">
            This page is not part of your role
          </Title>
          <Text c="dimmed" ta="center" maw={520}>
            Your firm gives each member only the information their role needs. If you need this page, ask your
            firm’s admin to change your roles.
          </Text>
          <Button component={Link} to={home} variant="default">
            Go to your dashboard
          </Button>
        </Stack>
      </Card>
    </PageShell>
  );
}
