import { Alert, Anchor, Button, Group, Loader, Paper, Select, Text } from '@mantine/core';
import type { FirmRequestDetail as Detail, SharedPackage } from '@shared/requests';
import { IconGitCompare, IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { versionLabel } from './PackageChanges';

/** PRODUCT.md §4: which version is shown, the way to any other, and 'What changed'. */
export function VersionBar({
  request,
  pkg,
  loading,
  onPick,
  onCompare,
}: {
  request: Detail;
  pkg: SharedPackage;
  loading: boolean;
  onPick: (version: number) => void;
  onCompare: (from?: number) => void;
}) {
  const latest = pkg.versions.at(-1) ?? { version: pkg.version, sharedAt: pkg.sharedAt };
  const older = pkg.version < latest.version;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 300px' }} maw={420}>
          <Select
            label="Package version"
            description={`${pkg.versions.length} versions shared`}
            data={pkg.versions.map((v) => ({
              value: String(v.version),
              label: versionLabel(v, latest.version),
            }))}
            value={String(pkg.version)}
            onChange={(v) => v && onPick(Number(v))}
            allowDeselect={false}
            style={{ flex: 1 }}
            miw={0}
          />
          {loading && <Loader size="xs" mb={10} aria-label="Loading version" />}
        </Group>
        <Button
          variant="light"
          leftSection={<IconGitCompare size={16} aria-hidden />}
          onClick={() => onCompare()}
        >
          What changed
        </Button>
      </Group>
      {older && (
        <Alert
          mt="md"
          color="yellow"
          variant="light"
          icon={<IconHistory aria-hidden />}
          title="You are viewing an earlier version"
        >
          <Text size="sm">
            This is version {pkg.version}, shared {formatDate(pkg.sharedAt)}. The latest is version{' '}
            {latest.version}, shared {formatDate(latest.sharedAt)}.
          </Text>
          <Group gap="md" mt={6} wrap="wrap">
            <Anchor component={Link} to={`/firm/requests/${request.id}`} size="sm" fw={600}>
              View the latest version
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => onCompare(pkg.version)}>
              What changed since this version
            </Anchor>
          </Group>
        </Alert>
      )}
    </Paper>
  );
}
