import { Alert, Box, Button, Center, Group, Loader, Modal, Paper, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { changesText } from '@shared/package-changes';
import type { SharedPackage } from '@shared/requests';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { ChangeLines } from '../../components/ChangeLines';
import { formatDate } from '../../lib/format';
import { usePackageChanges } from './api';

type Version = SharedPackage['versions'][number];

/** 'Version 2 · 2 changes · shared Mar 03, 2027 · Latest': how a version is named in every picker. */
export function versionLabel(v: Version, latest: number) {
  // Issue 67: 'v2 · 2 changes' wherever a version is named (the changes from the one before it).
  const changes = v.version > 1 && v.changes != null ? ` · ${changesText(v.changes)}` : '';
  return `Version ${v.version}${changes} · shared ${formatDate(v.sharedAt)}${v.version === latest ? ' · Latest' : ''}`;
}

type ChangesProps = {
  requestId: string;
  versions: Version[];
  /** The version to compare the latest with; the one before the latest when left out. */
  initialFrom?: number;
  onClose: () => void;
};

/** The pickers and the list; mounted on each opening, so it starts from the versions asked for. */
function ChangesBody({ requestId, versions, initialFrom, onClose }: ChangesProps) {
  const latest = versions.at(-1)?.version ?? 1;
  const [from, setFrom] = useState(
    initialFrom && initialFrom < latest ? initialFrom : Math.max(1, latest - 1),
  );
  const [to, setTo] = useState(latest);
  const changes = usePackageChanges(requestId, from, to);
  const options = versions.map((v) => ({ value: String(v.version), label: versionLabel(v, latest) }));
  const dateOf = (n: number) => formatDate(versions.find((v) => v.version === n)?.sharedAt);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every answer that differs between two versions the attorney shared, one line per changed value, worded
        as on the review screen.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="From"
          data={options}
          value={String(from)}
          onChange={(v) => v && setFrom(Number(v))}
          allowDeselect={false}
          style={{ flex: '1 1 260px' }}
          miw={0}
        />
        <Box visibleFrom="sm" pb={8} aria-hidden>
          <IconArrowRight size={18} color="var(--mantine-color-gray-6)" />
        </Box>
        <Select
          label="To"
          data={options}
          value={String(to)}
          onChange={(v) => v && setTo(Number(v))}
          allowDeselect={false}
          style={{ flex: '1 1 260px' }}
          miw={0}
        />
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} aria-live="polite" aria-busy={changes.isFetching}>
        {changes.isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading changes" />
          </Center>
        ) : changes.isError ? (
          <Alert color="red" title="The changes could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Please try again. If access to the package has ended, reload the page.</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void changes.refetch()}
              >
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !changes.data?.length ? (
          <Text c="dimmed" ta="center" py="md">
            No differences between these versions.
          </Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              {changes.data.length === 1 ? '1 change' : `${changes.data.length} changes`} from version {from}{' '}
              ({dateOf(from)}) to version {to} ({dateOf(to)})
            </Text>
            <ChangeLines changes={changes.data} />
          </Stack>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * PRODUCT.md §4, §5: 'What changed' between any two versions of the package (from / to; by default the
 * previous and the latest), field label, before and after, as the review screen words them. Full screen
 * on a phone.
 */
export function PackageChanges({ opened, ...props }: ChangesProps & { opened: boolean }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title="What changed"
      size="xl"
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <ChangesBody {...props} />
    </Modal>
  );
}
