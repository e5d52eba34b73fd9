import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { FirmRequestItem } from '@shared/requests';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { RequestBadges } from './StatusBadge';

const attorneyOf = (r: FirmRequestItem) => r.attorneyName ?? r.attorneyEmail;

/** The firm's requests: a table on wide screens, one card per request on phones. */
export function RequestsTable({ requests }: { requests: FirmRequestItem[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Attorney</Table.Th>
              <Table.Th>Position</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Due</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/firm/requests/${r.id}`} fw={500}>
                    {attorneyOf(r)}
                  </Anchor>
                  {r.attorneyName && (
                    <Text size="xs" c="dimmed">
                      {r.attorneyEmail}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.positionTitle}</Text>
                  <Text size="xs" c="dimmed">
                    {r.practiceArea}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RequestBadges request={r} />
                </Table.Td>
                <Table.Td>{formatDate(r.sentAt)}</Table.Td>
                <Table.Td>{formatDate(r.dueDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {requests.map((r) => (
          <Paper key={r.id} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Anchor
                component={Link}
                to={`/firm/requests/${r.id}`}
                fw={500}
                style={{ wordBreak: 'break-word' }}
              >
                {attorneyOf(r)}
              </Anchor>
              <RequestBadges request={r} stacked />
            </Group>
            <Text size="sm" mt={4}>
              {r.positionTitle} · {r.practiceArea}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              Sent {formatDate(r.sentAt)}
              {r.dueDate ? ` · Due ${formatDate(r.dueDate)}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
