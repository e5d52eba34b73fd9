import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { FirmRole } from '@shared/team';
import { ACCESS_TEXTS } from '@shared/team-texts';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageShell } from './PageShell';

/**
 * A signed-in member whose roles do not reach a page opened by its address (the API answered 403): said
 * plainly, with the way back, instead of an error (PRODUCT.md §9).
 */
export function NoAccess({
  home = '/firm/dashboard',
  roles = [],
}: {
  home?: string;
  roles?: readonly FirmRole[];
}) {
  return (
    <PageShell title={ACCESS_TEXTS.noAccessTitle}>
      <Card withBorder padding="xl">
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon variant="light" color="gray" radius="xl" size={56}>
            <IconLock size={32} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="lg" ta="center">
            This page is not part of your role
          </Title>
          <Text c="dimmed" ta="center" maw={520}>
            {ACCESS_TEXTS.noAccessBody(roles)}
          </Text>
          <Button component={Link} to={home} variant="default">
            Go to your dashboard
          </Button>
        </Stack>
      </Card>
    </PageShell>
  );
}
