import { Button, Center, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FIRM_REQUEST_SORT_LABELS, FIRM_REQUEST_SORTS, type FirmRequestSort } from '@shared/firm-pipeline';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, type RequestStatus } from '@shared/requests';
import { IconDownload, IconSearch, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoAccess } from '../components/NoAccess';
import { PageShell } from '../components/PageShell';
import { requestsQuery, useRequestPages } from '../features/firm/api';
import { memberCan } from '../features/firm/permissions';
import { RequestsTable } from '../features/firm/RequestsTable';
import { statusOf } from '../lib/api';
import { useAuth } from '../lib/auth';
import { apiUrl } from '../lib/client';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })),
];
const SORT_OPTIONS = FIRM_REQUEST_SORTS.map((s) => ({ value: s, label: FIRM_REQUEST_SORT_LABELS[s] }));

/** The list's heading and empty state for each kind of reader (PRODUCT.md §9: the server narrows the list). */
function listTexts(member: ReturnType<typeof memberCan>) {
  if (member.assignedOnly)
    return {
      title: 'Assigned to Me',
      subtitle: 'The requests your firm assigned you to review.',
      empty: 'No requests are assigned to you yet',
      emptyDetail: 'When a recruiter assigns you a request, it appears here and you receive an email.',
    };
  if (member.conflictsOnly)
    return {
      title: 'Shared Requests',
      subtitle: 'Requests whose packages were shared with your firm.',
      empty: 'No packages have been shared yet',
      emptyDetail: 'Shared requests appear here and in your conflicts queue.',
    };
  return {
    title: 'LPQ Requests',
    subtitle: 'Every invitation your firm has sent.',
    empty: 'No invitations sent yet',
    emptyDetail: 'Invite an attorney to share their LPQ for one of your open positions.',
  };
}

/**
 * PRODUCT.md §4, §6: every sent request, filtered by status, searched by attorney or position, sorted,
 * 50 at a time (the server pages with a cursor), and exported as CSV with the same filter. A reviewer's
 * list holds only the requests assigned to them (§9); sending and exporting are the recruiter's.
 */
export default function FirmRequests() {
  const [status, setStatus] = useState<RequestStatus | null>(null);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<FirmRequestSort>('-sent');
  const [q] = useDebouncedValue(search, 300);
  const filters = { status, q, sort };
  const pages = useRequestPages(filters);
  const rows = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(status || q.trim());
  const member = memberCan(useAuth().user);
  const texts = listTexts(member);

  if (pages.isError && statusOf(pages.error) === 403) return <NoAccess />;
  return (
    <PageShell
      title={texts.title}
      subtitle={texts.subtitle}
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
      actions={
        member.pipeline && (
          <Group gap="xs">
            <Button
              component="a"
              variant="default"
              href={apiUrl('GET /api/firm/lpq-requests.csv', { query: requestsQuery(filters) })}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export CSV
            </Button>
            <Button component={Link} to="/firm/requests/new" leftSection={<IconSend size={16} aria-hidden />}>
              Send LPQ Invitation
            </Button>
          </Group>
        )
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
            value={status ?? ALL}
            onChange={(v) => setStatus(!v || v === ALL ? null : (v as RequestStatus))}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="Sort by"
            data={SORT_OPTIONS}
            value={sort}
            onChange={(v) => setSort((v as FirmRequestSort | null) ?? '-sent')}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        <Paper withBorder p="md">
          {pages.isLoading ? (
            <Center py="lg">
              <Loader aria-label="Loading requests" />
            </Center>
          ) : pages.isError ? (
            <Text c="red.8" role="alert">
              The requests could not be loaded. Please reload the page.
            </Text>
          ) : rows.length > 0 ? (
            <Stack gap="md">
              <RequestsTable requests={rows} />
              {pages.hasNextPage && (
                <Center>
                  <Button
                    variant="default"
                    loading={pages.isFetchingNextPage}
                    onClick={() => void pages.fetchNextPage()}
                  >
                    Show more
                  </Button>
                </Center>
              )}
            </Stack>
          ) : filtered ? (
            <Text c="dimmed" ta="center" py="lg">
              No requests match your search.
            </Text>
          ) : (
            <Stack align="center" gap="sm" py="lg">
              <Text fw={500}>{texts.empty}</Text>
              <Text c="dimmed" size="sm" ta="center">
                {texts.emptyDetail}
              </Text>
              {member.pipeline && (
                <Button
                  component={Link}
                  to="/firm/requests/new"
                  leftSection={<IconSend size={16} aria-hidden />}
                >
                  Send LPQ Invitation
                </Button>
              )}
            </Stack>
          )}
        </Paper>
      </Stack>
    </PageShell>
  );
}
