import {
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import type { AttorneyDashboardStats } from '@shared/attorney';
import {
  IconBriefcase,
  IconChartBar,
  IconFileCheck,
  IconInbox,
  IconScale,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Action = {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  status: 'complete' | 'pending' | 'active' | 'available' | 'optional';
  progress?: number;
  badge?: number;
};

const STATUS_COLORS: Record<Action['status'], string> = {
  complete: 'teal',
  pending: 'yellow',
  active: 'blue',
  available: 'gray',
  optional: 'grape',
};

/** Spec 2.8 Quick Actions: the six links with their status, progress and pending badge. */
export function QuickActions({ stats }: { stats: AttorneyDashboardStats | undefined }) {
  const lpq = stats?.lpqCompletion ?? 0;
  const pending = stats?.pendingRequests ?? 0;
  // A form once saved reads complete, not 'available': the attorney has done it.
  const saved = stats?.savedForms;
  const profileDone = (stats?.profileCompletion ?? 0) === 100;
  const actions: Action[] = [
    {
      to: '/attorney/master-lpq',
      title: 'Complete Master LPQ',
      description: 'Your reusable lateral partner questionnaire',
      icon: <IconFileCheck size={20} aria-hidden />,
      status: lpq === 100 ? 'complete' : 'pending',
      progress: lpq,
    },
    {
      to: '/attorney/lpq-requests',
      title: 'View LPQ Requests',
      description: 'Requests from firms to share your LPQ',
      icon: <IconInbox size={20} aria-hidden />,
      status: 'active',
      badge: pending,
    },
    {
      to: '/attorney/conflicts-form',
      title: 'Conflicts Form',
      description: 'Current and former clients, relationships and interests',
      icon: <IconScale size={20} aria-hidden />,
      status: saved?.conflictsForm ? 'complete' : 'available',
    },
    {
      to: '/attorney/diversity-form',
      title: 'Diversity Form',
      description: 'Voluntary self-identification',
      icon: <IconUsers size={20} aria-hidden />,
      status: saved?.diversityForm ? 'complete' : 'optional',
    },
    {
      to: '/attorney/business-plan',
      title: 'Business Plan',
      description: 'Your practice and growth plan for firms',
      icon: <IconChartBar size={20} aria-hidden />,
      status: saved?.businessPlan ? 'complete' : 'available',
    },
    {
      to: '/attorney/profile',
      title: 'Profile Settings',
      description: 'Experience, practice areas and documents',
      icon: <IconUserCircle size={20} aria-hidden />,
      status: profileDone ? 'complete' : 'available',
      progress: stats?.profileCompletion ?? 0,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {actions.map((a) => (
        <UnstyledButton key={a.to} component={Link} to={a.to} style={{ display: 'block' }}>
          <Card withBorder padding="md" h="100%" className="quick-action">
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    {a.icon ?? <IconBriefcase size={20} aria-hidden />}
                  </ThemeIcon>
                  <Text fw={600}>{a.title}</Text>
                </Group>
                {a.badge ? (
                  <Badge color="red" circle aria-label={`${a.badge} pending`}>
                    {a.badge}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                {a.description}
              </Text>
              {a.progress !== undefined && (
                <Progress value={a.progress} size="sm" aria-label={`${a.title} progress`} />
              )}
              <Badge variant="light" color={STATUS_COLORS[a.status]} w="fit-content">
                {a.status}
              </Badge>
            </Stack>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
