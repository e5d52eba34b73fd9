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
} from '@mantine/core';
import type { FirmDashboardStats, PipelineCountKey } from '@shared/firm';
import { countLabel } from '@shared/firm-pipeline';
import { type FirmRole, hasRole, roleNames } from '@shared/team';
import { greeting } from '@shared/texts';
import {
  type Icon,
  IconClipboardCheck,
  IconEye,
  IconHourglass,
  IconListDetails,
  IconSend,
  IconShare,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { DashboardHeader } from '../components/DashboardHeader';
import { VerifyEmailBanner } from '../components/VerifyEmailBanner';
import { useFirmProfile, useFirmRequests, useFirmStats, useSavedViews } from '../features/firm/api';
import { NewRequestButton } from '../features/firm/NewRequestButton';
import { RequestsTable } from '../features/firm/RequestsTable';
import { onlyAssigned, rolesOf, seesPipeline } from '../features/team/access';
import { FirmHeaderLinks, FirmQuickActions } from '../features/team/FirmNavigation';
import { useAuth } from '../lib/auth';

const STAT_CARDS: {
  key: Exclude<keyof FirmDashboardStats, 'capped'>;
  label: string;
  icon: Icon;
  color: string;
}[] = [
  { key: 'invitationsSent', label: 'Invitations Sent', icon: IconSend, color: 'navy' },
  { key: 'pending', label: 'Pending', icon: IconHourglass, color: 'yellow' },
  { key: 'shared', label: 'Shared', icon: IconShare, color: 'teal' },
  { key: 'underReview', label: 'Under Review', icon: IconEye, color: 'violet' },
];

/** PRODUCT.md §15: the pipeline's cards, each linking to its filtered list; each for the role it serves. */
const PIPELINE_CARDS: {
  key: PipelineCountKey;
  label: string;
  to: string;
  shown: (roles: FirmRole[]) => boolean;
}[] = [
  {
    key: 'newSinceLastVisit',
    label: 'New since your last visit',
    to: '/firm/requests?new=true',
    shown: () => true,
  },
  {
    key: 'waitingOnMe',
    label: 'Waiting on you',
    to: '/firm/requests?reviewer=me',
    shown: (roles) => hasRole(roles, 'reviewer'),
  },
  {
    key: 'conflictsWaiting',
    label: 'Conflicts waiting',
    to: '/firm/requests?conflicts=pending',
    shown: (roles) => hasRole(roles, 'conflicts'),
  },
];

const RECENT_COUNT = 5;

/**
 * PRODUCT.md §4: the firm's real dashboard; PRODUCT.md §9: each member sees what their roles allow (the
 * pipeline's counts and requests, a reviewer only theirs, and links to their own pages).
 */
export default function FirmDashboard() {
  const { user } = useAuth();
  const roles = rolesOf(user);
  const pipeline = seesPipeline(roles);
  const assignedOnly = onlyAssigned(roles);
  const recruits = hasRole(roles, 'recruiter');
  const profile = useFirmProfile();
  const stats = useFirmStats(pipeline);
  const requests = useFirmRequests(pipeline);
  const views = useSavedViews(pipeline);
  if (!user) return null;
  const firmName = profile.data?.firmName;
  return (
    <Box bg="gray.0" mih="100vh">
      <DashboardHeader
        title="Firm Dashboard"
        user={user}
        subtitle={firmName}
        actions={<FirmHeaderLinks roles={roles} />}
      />
      <Container size="lg" py="xl" component="main">
        <Stack gap="xl">
          <VerifyEmailBanner user={user} />
          {profile.data === null && hasRole(roles, 'admin') && (
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
          <div>
            <Title order={2} fz="h3">
              {greeting(user)}
            </Title>
            {roles.length > 0 && (
              <Text c="gray.7" size="sm" mt={4}>
                Your roles: {roleNames(roles)}
              </Text>
            )}
          </div>
          {pipeline && (
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
              {STAT_CARDS.map(({ key, label: pipelineLabel, icon: pipelineIcon, color }) => {
                // A reviewer's counts are of the requests assigned to them: they send no invitations.
                const assigned = assignedOnly && key === 'invitationsSent';
                const label = assigned ? 'Assigned to You' : pipelineLabel;
                const StatIcon = assigned ? IconClipboardCheck : pipelineIcon;
                return (
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
                );
              })}
            </SimpleGrid>
          )}

          {pipeline && stats.data && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {PIPELINE_CARDS.filter((c) => c.shown(roles)).map((c) => {
                // Issue 64 item 6: counted up to COUNT_CAP, '1,000+' beyond.
                const count = countLabel(stats.data[c.key], stats.data.capped[c.key]);
                return (
                  <Paper
                    key={c.key}
                    withBorder
                    p="md"
                    component={Link}
                    to={c.to}
                    aria-label={`${c.label}: ${count}`}
                  >
                    <Text size="sm" c="dimmed">
                      {c.label}
                    </Text>
                    <Text fz={28} fw={700} c="navy.8">
                      {count}
                    </Text>
                  </Paper>
                );
              })}
            </SimpleGrid>
          )}

          {pipeline && views.data && views.data.length > 0 && (
            <Stack gap="xs">
              <Title order={2} fz="h4">
                Your saved views
              </Title>
              <Group gap="sm">
                {views.data.map((v) => (
                  <Button
                    key={v.id}
                    component={Link}
                    to={`/firm/requests${v.query ? `?${v.query}` : ''}`}
                    variant="light"
                    size="sm"
                  >
                    {v.name}
                  </Button>
                ))}
              </Group>
            </Stack>
          )}

          <Stack gap="sm">
            <Title order={2} fz="h4">
              Quick Actions
            </Title>
            <FirmQuickActions roles={roles} />
          </Stack>

          {pipeline && (
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} fz="h4">
                  {assignedOnly ? 'Assigned to me' : 'Recent Requests'}
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
                ) : assignedOnly ? (
                  <Text c="dimmed" ta="center" py="md">
                    No requests are assigned to you yet. You are emailed when one is.
                  </Text>
                ) : (
                  <Stack align="center" gap="xs" py="md">
                    <Text c="dimmed">No invitations sent yet.</Text>
                    {recruits && <NewRequestButton />}
                  </Stack>
                )}
              </Paper>
            </Stack>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
