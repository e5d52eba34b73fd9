import {
  Anchor,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PRECHECK_FIRM_TEXTS } from '@shared/conflicts';
import { CONFLICTS_STATUS_LABELS, CONFLICTS_STATUSES, type ConflictsStatus } from '@shared/team';
import { IconScale } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { NoAccess } from '../components/NoAccess';
import { PageShell } from '../components/PageShell';
import { useConflictsQueue } from '../features/conflicts/api';
import { ConflictsBadge } from '../features/conflicts/ConflictsBadge';
import { statusOf } from '../lib/api';
import type { ResultOf } from '../lib/client';
import { formatDate } from '../lib/format';

type Item = ResultOf<'GET /api/firm/conflicts'>[number];

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...CONFLICTS_STATUSES.map((s) => ({ value: s, label: CONFLICTS_STATUS_LABELS[s] })),
];
const statusParam = (value: string | null): ConflictsStatus | null =>
  CONFLICTS_STATUSES.find((s) => s === value) ?? null;

const attorneyOf = (item: Item) =>
  item.precheck ? PRECHECK_FIRM_TEXTS.queueName : item.attorneyName || 'Attorney';
const sentOf = (item: Item) =>
  item.precheck
    ? PRECHECK_FIRM_TEXTS.sent(formatDate(item.precheckSentAt))
    : `Shared ${formatDate(item.sharedAt)}`;
const viewPath = (item: Item) => `/firm/conflicts/${item.requestId}`;
/** One attorney may hold several requests: each link names its position too. */
const linkLabel = (item: Item) => `${attorneyOf(item)}, ${item.positionTitle}`;

/** A line under the attorney when the attorney did not include the conflicts form in what they shared. */
function FormMissing({ item }: { item: Item }) {
  if (item.conflictsFormShared) return null;
  return (
    <Text size="xs" c="gray.7">
      Conflicts form not shared
    </Text>
  );
}

function QueueTable({ items }: { items: Item[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Attorney</Table.Th>
              <Table.Th>Position</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.requestId}>
                <Table.Td>
                  <Anchor component={Link} to={viewPath(item)} fw={500} aria-label={linkLabel(item)}>
                    {attorneyOf(item)}
                  </Anchor>
                  <FormMissing item={item} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.positionTitle}</Text>
                  {item.practiceArea && (
                    <Text size="xs" c="gray.7">
                      {item.practiceArea}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{sentOf(item)}</Table.Td>
                <Table.Td>
                  <ConflictsBadge status={item.conflictsStatus} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {items.map((item) => (
          <Paper key={item.requestId} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={viewPath(item)}
                fw={500}
                aria-label={linkLabel(item)}
                style={{ wordBreak: 'break-word' }}
              >
                {attorneyOf(item)}
              </Anchor>
              <ConflictsBadge status={item.conflictsStatus} />
            </Group>
            <Text size="sm" mt={4}>
              {[item.positionTitle, item.practiceArea].filter(Boolean).join(' · ')}
            </Text>
            <Text size="xs" c="gray.7" mt={4}>
              {sentOf(item)}
            </Text>
            <FormMissing item={item} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/**
 * PRODUCT.md §9, the conflicts role: every shared request of the firm with its conflicts status, filtered by
 * status. Each opens the conflicts view, never the package.
 */
export default function FirmConflicts() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get('status'));
  const queue = useConflictsQueue(status);
  const items = queue.data ?? [];

  if (queue.isError && statusOf(queue.error) === 403) return <NoAccess />;
  return (
    <PageShell
      title="Conflicts Queue"
      subtitle="Shared candidates to check for conflicts of interest. This information may be used only to detect and resolve conflicts."
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
    >
      <Stack gap="md">
        <Select
          label="Conflicts status"
          data={STATUS_OPTIONS}
          value={status ?? ALL}
          onChange={(v) => setParams(!v || v === ALL ? {} : { status: v }, { replace: true })}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
        />
        <Paper withBorder p="md">
          {queue.isLoading ? (
            <Center py="lg">
              <Loader aria-label="Loading the conflicts queue" />
            </Center>
          ) : queue.isError ? (
            <Text c="red.8" role="alert">
              The conflicts queue could not be loaded. Please reload the page.
            </Text>
          ) : items.length > 0 ? (
            <QueueTable items={items} />
          ) : status ? (
            <Text c="gray.7" ta="center" py="lg">
              No shared request is marked {CONFLICTS_STATUS_LABELS[status]}.
            </Text>
          ) : (
            <Card padding="lg">
              <Stack align="center" gap="xs">
                <ThemeIcon variant="light" radius="xl" size={56}>
                  <IconScale size={32} stroke={1.5} aria-hidden />
                </ThemeIcon>
                <Title order={2} fz="lg" ta="center">
                  No packages to check yet
                </Title>
                <Text c="gray.7" ta="center" maw={480}>
                  When an attorney shares their package with your firm, the request appears here for a
                  conflicts check.
                </Text>
              </Stack>
            </Card>
          )}
        </Paper>
      </Stack>
    </PageShell>
  );
}
