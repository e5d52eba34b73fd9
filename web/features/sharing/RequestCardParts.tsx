import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Collapse,
  Group,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { describeFirmProfile } from '@shared/firm-profile-view';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import { ALWAYS_SHARED_LABELS, PACKAGE_PART_LABELS, PACKAGE_PARTS, type PackageParts } from '@shared/sharing';
import { IconBuildingSkyscraper, IconFileText, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ChangeLines } from '../../components/ChangeLines';
import { formatDate } from '../../lib/format';
import { useChangesSinceShare, useFirmProfileOfRequest } from './queries';

/**
 * What a pending request's share would send now, as the share dialog ticks it by
 * default (PRODUCT.md §5): the profile and the Master LPQ always; the conflicts form, business plan and
 * documents when they exist; never the diversity form unless ticked.
 */
export function WhatTheFirmReceives({
  item,
  shareDefaults,
}: {
  item: AttorneyRequestItem;
  shareDefaults: PackageParts | undefined;
}) {
  const parts = shareDefaults
    ? [
        ...ALWAYS_SHARED_LABELS,
        ...PACKAGE_PARTS.filter((p) => shareDefaults[p]).map((p) => PACKAGE_PART_LABELS[p]),
      ]
    : [...ALWAYS_SHARED_LABELS];
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        If you share, {item.firmName} receives
      </Text>
      <List size="sm" spacing={2} icon={<IconFileText size={14} aria-hidden />} center>
        {parts.map((d) => (
          <List.Item key={d}>{d}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        Your diversity self-identification goes only if you tick it, and only to a firm with a diversity
        officer to receive it. You can change what goes in the share dialog.
      </Text>
    </div>
  );
}

/** What the latest version sent to the firm holds, in the share dialog's words. */
export function WhatTheFirmHas({ item }: { item: AttorneyRequestItem }) {
  if (!item.include) return null;
  const parts = [
    ...ALWAYS_SHARED_LABELS,
    ...PACKAGE_PARTS.filter((p) => item.include?.[p]).map((p) => PACKAGE_PART_LABELS[p]),
  ];
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        Shared with the firm
      </Text>
      <List size="sm" spacing={2} icon={<IconFileText size={14} aria-hidden />} center>
        {parts.map((d) => (
          <List.Item key={d}>{d}</List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * The Master LPQ was saved after the latest version went to the firm. When an answer
 * differs, says so, lists each changed value, and offers Send update right there.
 */
export function ChangedSinceShare({ item, onUpdate }: { item: AttorneyRequestItem; onUpdate: () => void }) {
  const changes = useChangesSinceShare(item.id, item.masterLpqChangedSinceShare);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const count = changes.data?.length ?? 0;
  if (!item.masterLpqChangedSinceShare || count === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconRefresh size={18} aria-hidden />}
      title={`Your answers changed since you sent version ${item.version ?? 1}`}
    >
      <Stack gap="xs">
        <Text size="sm">
          {item.firmName} still has the version you sent on {formatDate(item.sharedAt)}: {count}{' '}
          {count === 1 ? 'answer differs' : 'answers differ'} from your Master LPQ now. Send an update to give
          them your current answers.
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onUpdate}>
            Send these changes
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="dark"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-controls={listId}
          >
            {open ? 'Hide what changed' : `See what changed (${count})`}
          </Button>
        </Group>
        <Collapse expanded={open} id={listId}>
          <Box bg="white" p="sm" style={{ borderRadius: 6 }}>
            <ChangeLines changes={changes.data ?? []} headingOrder={4} />
          </Box>
        </Collapse>
      </Stack>
    </Alert>
  );
}

/** The profile the firm keeps for candidates, opened from its request. */
export function FirmProfileButton({ item }: { item: AttorneyRequestItem }) {
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const profile = useFirmProfileOfRequest(item.id, opened);
  const groups = profile.data ? describeFirmProfile(profile.data) : [];
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpened(true)}
        underline="always"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconBuildingSkyscraper size={16} aria-hidden />
        About {item.firmName}
      </Anchor>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={item.firmName}
        size="lg"
        fullScreen={phone}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {profile.isLoading ? (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading the firm profile" />
          </Center>
        ) : profile.isError ? (
          <Alert color="red" role="alert" title="The firm profile could not be loaded">
            Please try again.
          </Alert>
        ) : groups.length === 0 ? (
          <Text c="dimmed">{item.firmName} has not filled in its profile yet.</Text>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              The profile {item.firmName} keeps for candidates.
            </Text>
            {groups.map((group) => (
              <Box key={group.title} component="section" aria-label={group.title}>
                <Title order={3} fz="md" c="navy.9" mb={4}>
                  {group.title}
                </Title>
                <Box component="dl" m={0}>
                  {group.rows.map((row) => (
                    <SimpleGrid
                      key={row.label}
                      cols={{ base: 1, sm: 3 }}
                      spacing="md"
                      verticalSpacing={0}
                      py={4}
                      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                    >
                      <Text component="dt" size="sm" c="gray.7">
                        {row.label}
                      </Text>
                      <Box component="dd" m={0} miw={0} style={{ gridColumn: phone ? undefined : 'span 2' }}>
                        {Array.isArray(row.value) ? (
                          <Text size="sm">{row.value.join(' · ')}</Text>
                        ) : (
                          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                            {row.value}
                          </Text>
                        )}
                      </Box>
                    </SimpleGrid>
                  ))}
                </Box>
              </Box>
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
