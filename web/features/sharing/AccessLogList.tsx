import { Badge, Button, Card, Collapse, Group, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { ACCESS_ACTION_LABELS, type AccessAction, type AccessLogEntry, readerName } from '@shared/sharing';
import { IconDownload, IconEye, IconFileExport } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useAccessReads } from './queries';

const ACTION_ICONS: Record<AccessAction, typeof IconEye> = {
  viewed: IconEye,
  downloaded: IconDownload,
  exported: IconFileExport,
};

/** 'Mar 03, 2027 at 2:10 PM – 2:35 PM': from the entry's first read to its last. */
function when(entry: AccessLogEntry) {
  const first = formatDateTime(entry.firstAt);
  const last = formatDateTime(entry.at);
  if (first === last) return last;
  const [firstDay, firstTime] = first.split(' at ');
  const [lastDay, lastTime] = last.split(' at ');
  return firstDay === lastDay ? `${firstDay} at ${firstTime} – ${lastTime}` : `${first} – ${last}`;
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** The individual reads of one entry, newest first, a page at a time. */
function EntryReads({ entry }: { entry: AccessLogEntry }) {
  const reads = useAccessReads(entry, true);
  const items = reads.data?.pages.flatMap((p) => p.items) ?? [];
  if (reads.isLoading)
    return (
      <Group gap="xs" role="status" py={4}>
        <Loader size="xs" aria-label="Loading the reads" />
      </Group>
    );
  if (reads.isError)
    return (
      <Text size="sm" c="red.8" role="alert">
        The reads could not be loaded.
      </Text>
    );
  return (
    <Stack gap={4}>
      <List size="sm" spacing={2} aria-label="Each read">
        {items.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two reads can share a moment; the list only grows
          <List.Item key={`${r.at}-${i}`}>
            <Text span size="sm" c="gray.7">
              {format(new Date(r.at), "MMM dd, yyyy 'at' h:mm:ss a")}
            </Text>{' '}
            — {ACCESS_ACTION_LABELS[r.action]} {r.what}
          </List.Item>
        ))}
      </List>
      {reads.hasNextPage && (
        <Group>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={reads.isFetchingNextPage}
            onClick={() => reads.fetchNextPage()}
          >
            Show more reads
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Entry({
  entry,
  showPosition,
  first,
}: {
  entry: AccessLogEntry;
  showPosition: boolean;
  first: boolean;
}) {
  const [open, setOpen] = useState(false);
  const readsId = useId();
  const Icon = ACTION_ICONS[entry.action];
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="xs"
      px="md"
      py="sm"
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 220px' }}>
        <ThemeIcon variant="light" radius="xl" size="lg">
          <Icon size={18} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Text fw={600} size="sm">
            {entry.firmName}
            <Text span c="gray.7" fw={400} size="sm">
              {' '}
              · {readerName(entry)}
            </Text>
          </Text>
          {/* What was viewed, downloaded and exported, each with its count. */}
          <List size="sm" spacing={0} listStyleType="none" aria-label="What was read">
            {entry.reads.map((r) => (
              <List.Item key={`${r.action}-${r.what}`} style={{ overflowWrap: 'anywhere' }}>
                {ACCESS_ACTION_LABELS[r.action]} {r.what}
                {r.count > 1 && (
                  <Badge variant="light" size="sm" tt="none" ml={6} color="gray">
                    {times(r.count)}
                  </Badge>
                )}
              </List.Item>
            ))}
          </List>
          {showPosition && (
            <Text size="xs" c="gray.7">
              {entry.positionTitle}
            </Text>
          )}
          {entry.count > 1 && (
            <>
              <Group>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setOpen((v) => !v)}
                  aria-expanded={open}
                  aria-controls={readsId}
                  px={0}
                >
                  {open ? 'Hide the reads' : `Show each of the ${entry.count} reads`}
                </Button>
              </Group>
              <Collapse expanded={open} id={readsId}>
                {open && <EntryReads entry={entry} />}
              </Collapse>
            </>
          )}
        </Stack>
      </Group>
      <Text size="sm" c="gray.7" ml={{ base: 46, sm: 0 }} style={{ whiteSpace: 'nowrap' }}>
        {when(entry)}
      </Text>
    </Group>
  );
}

/**
 * Entries of the access log: who at which firm, what they viewed, downloaded and exported with how often,
 * when, and — for an entry of several reads — each read on request.
 */
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
      {entries.map((e, i) => (
        <Entry
          key={`${e.requestId}-${e.firstAt}-${e.readerId}`}
          entry={e}
          showPosition={showPosition}
          first={i === 0}
        />
      ))}
    </Card>
  );
}
