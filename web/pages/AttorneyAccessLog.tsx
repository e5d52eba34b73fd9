import { Alert, Card, Group, Loader, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ACCESS_ACTION_LABELS } from '@shared/sharing';
import { IconShieldLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import { AccessLogList } from '../features/sharing/AccessLogList';
import { useAccessLog } from '../features/sharing/queries';
import { errorMessage } from '../lib/api';

/**
 * Who has seen what and when (PRODUCT.md §4, §8): every firm read of the attorney's data, grouped per
 * firm user, request and 30 minutes, newest first, filterable by firm.
 */
export default function AttorneyAccessLog() {
  const [params, setParams] = useSearchParams();
  const firm = params.get('firm') ?? '';
  const all = useAccessLog();
  const log = useAccessLog({ firm: firm || undefined });
  const firms = useMemo(
    () => [...new Set((all.data ?? []).map((e) => e.firmName))].sort((a, b) => a.localeCompare(b)),
    [all.data],
  );
  const entries = log.data ?? [];
  return (
    <PageShell
      title="Who Viewed Your Information"
      subtitle="Every time a firm opens a package you shared, downloads a document or exports it, it is recorded here."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
    >
      <Stack gap="md">
        {firms.length > 1 && (
          <Select
            label="Firm"
            placeholder="All firms"
            data={firms}
            value={firm || null}
            clearable
            maw={360}
            onChange={(value) => setParams(value ? { firm: value } : {}, { replace: true })}
          />
        )}
        {log.isLoading && (
          <Group justify="center" py="xl" role="status">
            <Loader aria-label="Loading the access log" />
          </Group>
        )}
        {log.isError && (
          <Alert color="red" role="alert" title="The access log could not be loaded">
            {errorMessage(log.error, 'Please try again.')}
          </Alert>
        )}
        {log.isSuccess && entries.length === 0 && (
          <Card withBorder padding="xl">
            <Stack align="center" gap="xs" py="md">
              <ThemeIcon variant="light" radius="xl" size={56}>
                <IconShieldLock size={32} stroke={1.5} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {firm ? `${firm} has not viewed your information` : 'No firm has viewed your information yet'}
              </Title>
              <Text c="dimmed" ta="center" maw={480}>
                Firms see only what you share with them. Each view, download and export of what you shared
                appears here.
              </Text>
            </Stack>
          </Card>
        )}
        {entries.length > 0 && <AccessLogList entries={entries} showPosition />}
        {entries.length > 0 && (
          <Text size="xs" c="gray.7">
            Reads by one person at a firm within 30 minutes are one entry, which says how often each thing was
            viewed, downloaded or exported; open it to see each read.{' '}
            {Object.values(ACCESS_ACTION_LABELS).join(', ')}: all are recorded.
          </Text>
        )}
      </Stack>
    </PageShell>
  );
}
