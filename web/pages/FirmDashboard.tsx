import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { FirmDashboardStats } from '@shared/firm';
import {
  type Icon,
  IconBuildingSkyscraper,
  IconClipboardList,
  IconEye,
  IconHourglass,
  IconListDetails,
  IconSend,
  IconShare,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { DashboardHeader } from '../components/DashboardHeader';
import { VerifyEmailBanner } from '../components/VerifyEmailBanner';
import { useFirmProfile, useFirmRequests, useFirmStats } from '../features/firm/api';
import { RequestsTable } from '../features/firm/RequestsTable';
import { useAuth } from '../lib/auth';

const STAT_CARDS: { key: keyof FirmDashboardStats; label: string; icon: Icon; color: string }[] = [
  { key: 'invitationsSent', label: 'Invitations Sent', icon: IconSend, color: 'navy' },
  { key: 'pending', label: 'Pending', icon: IconHourglass, color: 'yellow' },
  { key: 'shared', label: 'Shared', icon: IconShare, color: 'teal' },
  { key: 'underReview', label: 'Under Review', icon: IconEye, color: 'violet' },
];

const QUICK_ACTIONS = [
  {
    to: '/firm/requests/new',
    title: 'Send LPQ Invitation',
    text: 'Invite an attorney to share their LPQ for a position.',
    icon: IconSend,
  },
  {
    to: '/firm/custom-sections',
    title: 'Custom Sections',
    text: 'Keep reusable firm-specific questions.',
    icon: IconClipboardList,
  },
  {
    to: '/firm/profile',
    title: 'Firm Profile',
    text: 'Offices, practice areas, compensation and culture.',
    icon: IconBuildingSkyscraper,
  },
];

const RECENT_COUNT = 5;

/** PRODUCT.md §4: the firm's real dashboard. */
export default function FirmDashboard() {
  const { user } = useAuth();
  const profile = useFirmProfile();
  const stats = useFirmStats();
  const requests = useFirmRequests();
  if (!user) return null;
  const firmName = profile.data?.firmName;
  return (
    <Box bg="gray.0" mih="100vh">
      <DashboardHeader title="Firm Dashboard" user={user} subtitle={firmName} />
      <Container size="lg" py="xl" component="main">
        <Stack gap="xl">
          <VerifyEmailBanner user={user} />
          {profile.data === null && (
            <Alert color="navy" title="Complete your firm profile">
              <Text size="sm">
                Attorneys see your firm's name on every request.{' '}
                <Anchor component={Link} to="/firm/profile">
                  Complete your firm profile
                </Anchor>{' '}
                before sending invitations.
              </Text>
            </Alert>
          )}
          <Title order={2} fz="h3">
            Welcome back, {user.firstName}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {STAT_CARDS.map(({ key, label, icon: StatIcon, color }) => (
              <Paper key={key} withBorder p="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Box>
                    <Text size="sm" c="dimmed">
                      {label}
                    </Text>
                    <Text fz={28} fw={700} aria-live="polite">
                      {stats.isLoading ? <Loader size="xs" /> : (stats.data?.[key] ?? '—')}
                    </Text>
                  </Box>
                  <ThemeIcon variant="light" color={color} size="lg" radius="md">
                    <StatIcon size={20} aria-hidden />
                  </ThemeIcon>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>

          <Stack gap="sm">
            <Title order={2} fz="h4">
              Quick Actions
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {QUICK_ACTIONS.map(({ to, title, text, icon: ActionIcon }) => (
                <UnstyledButton key={to} component={Link} to={to}>
                  <Paper withBorder p="md" h="100%">
                    <Group wrap="nowrap" align="flex-start">
                      <ThemeIcon variant="light" size="lg" radius="md">
                        <ActionIcon size={20} aria-hidden />
                      </ThemeIcon>
                      <Box>
                        <Text fw={600}>{title}</Text>
                        <Text size="sm" c="dimmed">
                          {text}
                        </Text>
                      </Box>
                    </Group>
                  </Paper>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                Recent Requests
              </Title>
              <Button
                component={Link}
                to="/firm/requests"
                variant="subtle"
                leftSection={<IconListDetails size={16} aria-hidden />}
              >
                View all
              </Button>
            </Group>
            <Paper withBorder p="md">
              {requests.isLoading ? (
                <Loader size="sm" aria-label="Loading requests" />
              ) : requests.isError ? (
                <Text c="red.8" role="alert">
                  The requests could not be loaded.
                </Text>
              ) : requests.data?.length ? (
                <RequestsTable requests={requests.data.slice(0, RECENT_COUNT)} />
              ) : (
                <Stack align="center" gap="xs" py="md">
                  <Text c="dimmed">No invitations sent yet.</Text>
                  <Button
                    component={Link}
                    to="/firm/requests/new"
                    leftSection={<IconSend size={16} aria-hidden />}
                  >
                    Send LPQ Invitation
                  </Button>
                </Stack>
              )}
            </Paper>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
