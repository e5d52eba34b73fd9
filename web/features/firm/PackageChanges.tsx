import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SharedPackage } from '@shared/requests';
import type { PackageChange } from '@shared/sharing';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDate } from '../../lib/format';
import { usePackageChanges } from './api';

type Version = SharedPackage['versions'][number];

/** 'Version 2 · shared Mar 03, 2027 · Latest': how a version is named in every picker. */
export function versionLabel(v: Version, latest: number) {
  return `Version ${v.version} · shared ${formatDate(v.sharedAt)}${v.version === latest ? ' · Latest' : ''}`;
}

/** The group an answer sits in ('General Information'), when its field names one before its label. */
function contextOf(change: PackageChange) {
  const suffix = ` › ${change.label}`;
  return change.field.endsWith(suffix) ? change.field.slice(0, -suffix.length) : null;
}

const valueStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** One side of a change: 'Before' struck through and dimmed, 'After' highlighted; each names itself. */
function Side({ kind, value }: { kind: 'before' | 'after'; value: string | null }) {
  const before = kind === 'before';
  return (
    <Box
      p="xs"
      miw={0}
      // On a phone the empty side of an added or removed answer goes: its badge says it.
      visibleFrom={value === null ? 'sm' : undefined}
      bg={value === null ? undefined : before ? 'gray.0' : 'green.0'}
      style={{
        borderRadius: 6,
        borderLeft: `3px solid var(--mantine-color-${value === null ? 'gray-2' : before ? 'gray-4' : 'green-6'})`,
      }}
    >
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {before ? 'Before' : 'After'}
      </Text>
      {value === null ? (
        <Text size="sm" c="dimmed" fs="italic">
          {before ? 'Not in this version' : 'No longer in the package'}
        </Text>
      ) : before ? (
        <Text component="del" size="sm" c="dimmed" td="line-through" display="block" style={valueStyle}>
          {value}
        </Text>
      ) : (
        <Text
          component="ins"
          size="sm"
          fw={500}
          display="block"
          style={{ ...valueStyle, textDecoration: 'none' }}
        >
          {value}
        </Text>
      )}
    </Box>
  );
}

function ChangeItem({ change }: { change: PackageChange }) {
  const context = contextOf(change);
  const kind = change.before === null ? 'Added' : change.after === null ? 'Removed' : null;
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="xs" align="center" wrap="wrap" mb={6}>
        <Box miw={0}>
          {context && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {context}
            </Text>
          )}
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {change.label}
          </Text>
        </Box>
        {kind && (
          <Badge color={kind === 'Added' ? 'green' : 'red'} variant="light" tt="none">
            {kind}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        <Side kind="before" value={change.before} />
        <Side kind="after" value={change.after} />
      </SimpleGrid>
    </Box>
  );
}

/** The changes in the review screen's order, one heading per section. */
function ChangeList({ changes }: { changes: PackageChange[] }) {
  const sections = useMemo(() => {
    const bySection = new Map<string, PackageChange[]>();
    for (const c of changes) bySection.set(c.section, [...(bySection.get(c.section) ?? []), c]);
    return [...bySection.entries()];
  }, [changes]);
  return (
    <Stack gap="lg">
      {sections.map(([section, items]) => (
        <Box key={section} component="section" aria-label={section}>
          <Title order={3} fz="md" c="navy.9" mb={4}>
            {section}
          </Title>
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one label can repeat in a section; the list never reorders
              <ChangeItem key={`${c.field}-${i}`} change={c} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
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
        Every answer that differs between two versions the attorney shared, worded as on the review screen.
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
            <ChangeList changes={changes.data} />
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
