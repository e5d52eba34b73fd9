import { Anchor, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconEye } from '@tabler/icons-react';
import { formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router';
import { useAfterFirstPaint } from '../../lib/after-paint';
import { useRecentActivity } from './queries';

/**
 * The attorney's real recent events (PRODUCT.md §2), newest first; asked for once the dashboard's
 * cards are on screen.
 */
export function RecentActivity() {
  const activity = useRecentActivity(useAfterFirstPaint());
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            Recent Activity
          </Title>
          <Anchor component={Link} to="/attorney/access-log" size="sm">
            <Group gap={4}>
              <IconEye size={16} aria-hidden />
              Who viewed my information
            </Group>
          </Anchor>
        </Group>
        {activity.isPending ? (
          <Loader size="sm" aria-label="Loading activity" />
        ) : activity.isError ? (
          <Text c="red.8" size="sm" role="alert">
            Recent activity could not be loaded.
          </Text>
        ) : !activity.data?.length ? (
          <Text c="dimmed" size="sm">
            No recent activity yet. Start with your Master LPQ.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {activity.data.map((item) => (
              <Group key={item.id} gap="sm" wrap="nowrap" component="li">
                <ThemeIcon variant="light" radius="xl" size="md">
                  <IconActivity size={16} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text size="sm" fw={500}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={item.createdAt}>
                      {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
                    </time>
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
