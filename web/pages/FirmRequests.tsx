import { Button, Center, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@shared/requests';
import { IconSearch, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageShell } from '../components/PageShell';
import { useFirmRequests } from '../features/firm/api';
import { RequestsTable } from '../features/firm/RequestsTable';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })),
];

/** PRODUCT.md §4: every sent request, filtered by status and searched by attorney or position. */
export default function FirmRequests() {
  const requests = useFirmRequests();
  const [status, setStatus] = useState<RequestStatus | typeof ALL>(ALL);
  const [search, setSearch] = useState('');
  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (requests.data ?? []).filter(
      (r) =>
        (status === ALL || r.status === status) &&
        (!needle ||
          [r.attorneyName ?? '', r.attorneyEmail, r.positionTitle].some((v) =>
            v.toLowerCase().includes(needle),
          )),
    );
  }, [requests.data, status, search]);
  const hasAny = (requests.data?.length ?? 0) > 0;

  return (
    <PageShell
      title="LPQ Requests"
      subtitle="Every invitation your firm has sent."
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
      actions={
        <Button component={Link} to="/firm/requests/new" leftSection={<IconSend size={16} aria-hidden />}>
          Send LPQ Invitation
        </Button>
      }
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Attorney or position"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => setStatus((v as RequestStatus | null) ?? ALL)}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        <Paper withBorder p="md">
          {requests.isLoading ? (
            <Center py="lg">
              <Loader aria-label="Loading requests" />
            </Center>
          ) : requests.isError ? (
            <Text c="red.8" role="alert">
              The requests could not be loaded. Please reload the page.
            </Text>
          ) : visible.length > 0 ? (
            <RequestsTable requests={visible} />
          ) : hasAny ? (
            <Text c="dimmed" ta="center" py="lg">
              No requests match your search.
            </Text>
          ) : (
            <Stack align="center" gap="sm" py="lg">
              <Text fw={500}>No invitations sent yet</Text>
              <Text c="dimmed" size="sm" ta="center">
                Invite an attorney to share their LPQ for one of your open positions.
              </Text>
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
    </PageShell>
  );
}
