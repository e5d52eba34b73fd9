import { Alert, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ACCESS_KIND_LABELS, type AccessEventItem } from '@shared/lpq';
import { IconDownload, IconEye, IconFileTypePdf, IconShieldLock } from '@tabler/icons-react';
import { PageShell } from '../components/PageShell';
import { useAccessLog } from '../features/sharing/queries';
import { errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';

const KIND_ICONS: Record<AccessEventItem['kind'], typeof IconEye> = {
  package_view: IconEye,
  document_download: IconDownload,
  pdf_download: IconFileTypePdf,
};

/** Who has seen what and when: every firm read of the attorney's shared packages (PRODUCT.md §8). */
export default function AttorneyActivity() {
  const log = useAccessLog();
  const events = log.data ?? [];
  return (
    <PageShell
      title="Who Viewed Your Information"
      subtitle="Every time a firm opens a package you shared, downloads a document or exports the PDF, it is recorded here."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
    >
      <Stack gap="md">
        {log.isLoading && (
          <Group justify="center" py="xl" role="status">
            <Loader aria-label="Loading activity" />
          </Group>
        )}
        {log.isError && (
          <Alert color="red" role="alert" title="The access log could not be loaded">
            {errorMessage(log.error, 'Please try again.')}
          </Alert>
        )}
        {log.isSuccess && events.length === 0 && (
          <Card withBorder padding="xl">
            <Stack align="center" gap="xs" py="md">
              <IconShieldLock size={40} stroke={1.5} aria-hidden />
              <Title order={2} fz="lg">
                No firm has viewed your information yet
              </Title>
              <Text c="dimmed" ta="center" maw={480}>
                Firms see only what you share with them. Once you share your LPQ, each view and download
                appears here.
              </Text>
            </Stack>
          </Card>
        )}
        {events.length > 0 && (
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" horizontalSpacing="md" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Firm</Table.Th>
                    <Table.Th>What they did</Table.Th>
                    <Table.Th>When</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((e) => {
                    const Icon = KIND_ICONS[e.kind];
                    return (
                      <Table.Tr key={e.id}>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {e.firmName}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {e.positionTitle}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Icon size={16} aria-hidden />
                            <Text size="sm">{ACCESS_KIND_LABELS[e.kind]}</Text>
                            {e.fileName && (
                              <Badge variant="light" tt="none">
                                {e.fileName}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(e.createdAt)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </Stack>
    </PageShell>
  );
}
