import { Alert, Badge, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
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
          <Card
            withBorder
            padding={0}
            component="ul"
            aria-label="Access log"
            style={{ listStyle: 'none', margin: 0 }}
          >
            {events.map((e, i) => {
              const Icon = KIND_ICONS[e.kind];
              return (
                <Group
                  key={e.id}
                  component="li"
                  justify="space-between"
                  align="flex-start"
                  wrap="wrap"
                  gap="xs"
                  px="md"
                  py="sm"
                  style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" radius="xl" size="lg">
                      <Icon size={18} aria-hidden />
                    </ThemeIcon>
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {e.firmName}
                      </Text>
                      <Text size="sm">
                        {ACCESS_KIND_LABELS[e.kind]}
                        {e.fileName && (
                          <Badge variant="light" tt="none" ml={6}>
                            {e.fileName}
                          </Badge>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {e.positionTitle}
                      </Text>
                    </Stack>
                  </Group>
                  <Text size="sm" c="dimmed" ml={{ base: 46, sm: 0 }}>
                    {formatDateTime(e.createdAt)}
                  </Text>
                </Group>
              );
            })}
          </Card>
        )}
      </Stack>
    </PageShell>
  );
}
