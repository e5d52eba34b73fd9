import { Badge, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { ACCESS_ACTION_LABELS, type AccessAction, type AccessLogEntry } from '@shared/sharing';
import { IconDownload, IconEye, IconFileExport } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format';

const ACTION_ICONS: Record<AccessAction, typeof IconEye> = {
  viewed: IconEye,
  downloaded: IconDownload,
  exported: IconFileExport,
};

/** Entries of the access log: who at which firm, what they did with what, when and how often. */
export function AccessLogList({
  entries,
  showPosition = false,
}: {
  entries: AccessLogEntry[];
  showPosition?: boolean;
}) {
  return (
    <Card
      withBorder
      padding={0}
      component="ul"
      aria-label="Access log"
      style={{ listStyle: 'none', margin: 0 }}
    >
      {entries.map((e, i) => {
        const Icon = ACTION_ICONS[e.action];
        return (
          <Group
            key={`${e.requestId}-${e.firstAt}-${e.firmUserName}`}
            component="li"
            justify="space-between"
            align="flex-start"
            wrap="wrap"
            gap="xs"
            px="md"
            py="sm"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 220px' }}>
              <ThemeIcon variant="light" radius="xl" size="lg">
                <Icon size={18} aria-hidden />
              </ThemeIcon>
              <Stack gap={2} miw={0}>
                <Text fw={600} size="sm">
                  {e.firmName}
                  <Text span c="dimmed" fw={400} size="sm">
                    {' '}
                    · {e.firmUserName}
                  </Text>
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {ACCESS_ACTION_LABELS[e.action]} {e.what}
                  {e.count > 1 && (
                    <Badge variant="light" size="sm" tt="none" ml={6} aria-label={`${e.count} reads`}>
                      × {e.count}
                    </Badge>
                  )}
                </Text>
                {showPosition && (
                  <Text size="xs" c="dimmed">
                    {e.positionTitle}
                  </Text>
                )}
              </Stack>
            </Group>
            <Text size="sm" c="dimmed" ml={{ base: 46, sm: 0 }} style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(e.at)}
            </Text>
          </Group>
        );
      })}
    </Card>
  );
}
