import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { greeting } from '@shared/texts';
import { IconDatabase } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DashboardHeader } from '../components/DashboardHeader';
import { VerifyEmailBanner } from '../components/VerifyEmailBanner';
import { QuickActions } from '../features/attorney/QuickActions';
import { useDashboardStats } from '../features/attorney/queries';
import { RecentActivity } from '../features/attorney/RecentActivity';
import { useAuth } from '../lib/auth';

function StatCard(props: { label: string; value: string; note: string; loading: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={props.label}>
      <Text size="sm" c="dimmed" fw={500}>
        {props.label}
      </Text>
      <Text fz={28} fw={700} aria-busy={props.loading}>
        {props.loading ? '–' : props.value}
      </Text>
      <Text size="xs" c="dimmed">
        {props.note}
      </Text>
    </Paper>
  );
}

/** Spec 2.8 with the numbers of PRODUCT.md §5. */
export default function AttorneyDashboard() {
  const { user } = useAuth();
  const stats = useDashboardStats();
  if (!user) return null;
  const s = stats.data;
  const loading = stats.isLoading;
  return (
    <Box bg="gray.0" mih="100vh">
      <DashboardHeader
        title="Attorney Dashboard"
        user={user}
        actions={
          <Button
            component={Link}
            to="/attorney/account"
            variant="subtle"
            leftSection={<IconDatabase size={16} aria-hidden />}
          >
            Your Data
          </Button>
        }
      />
      <Container size="lg" py="xl" component="main">
        <Stack gap="lg">
          <VerifyEmailBanner user={user} />
          <Paper withBorder p="lg" radius="md">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
              <Box>
                <Title order={2}>{greeting(user)}</Title>
                <Text c="dimmed" size="sm">
                  Keep your Master LPQ current and share it with firms in one click.
                </Text>
              </Box>
              <Box miw={220}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    Profile Completion
                  </Text>
                  <Text size="sm" fw={700}>
                    {loading ? '–' : `${s?.profileCompletion ?? 0}%`}
                  </Text>
                </Group>
                <Progress value={s?.profileCompletion ?? 0} mt={6} aria-label="Profile Completion" />
              </Box>
            </Group>
          </Paper>
          {stats.isError && (
            <Text c="red.8" role="alert">
              Your dashboard numbers could not be loaded. Please reload the page.
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <StatCard
              label="Master LPQ"
              value={`${s?.lpqCompletion ?? 0}%`}
              note="complete"
              loading={loading}
            />
            <StatCard
              label="Pending Requests"
              value={String(s?.pendingRequests ?? 0)}
              note="from firms"
              loading={loading}
            />
            <StatCard
              label="Documents Shared"
              value={String(s?.sharedDocuments ?? 0)}
              note="with firms"
              loading={loading}
            />
            <StatCard
              label="Profile Score"
              value={`${s?.profileCompletion ?? 0}%`}
              note="profile fields filled"
              loading={loading}
            />
          </SimpleGrid>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Quick Actions
            </Title>
            <QuickActions stats={s} />
          </Stack>
          <RecentActivity />
        </Stack>
      </Container>
    </Box>
  );
}
