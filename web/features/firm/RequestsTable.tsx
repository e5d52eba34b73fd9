import {
  Anchor,
  Box,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { FirmRequestSort } from '@shared/firm-pipeline';
import { FIRM_POSITION_LPQ_STATUS_LABELS } from '@shared/position-lpq';
import type { FirmRequestItem, FirmRequestListItem } from '@shared/requests';
import { CONFLICTS_STATUS_LABELS } from '@shared/team';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { RequestBadges } from './StatusBadge';

const attorneyOf = (r: FirmRequestItem) => r.attorneyName ?? r.attorneyEmail;

/** The columns a header click sorts by (PRODUCT.md §15), each with its ascending key. */
type SortColumn = 'position' | 'status' | 'activity' | 'due' | 'sent';

export type TableSort = { sort: FirmRequestSort; onSort: (sort: FirmRequestSort) => void };
export type TableSelection = { selected: Set<string>; onChange: (ids: Set<string>) => void };

/** 'Pending · 1 waiting', 'Cleared', or a dash before a share. */
export function conflictsText(r: Pick<FirmRequestListItem, 'conflictsStatus' | 'conflictsWaiting'>) {
  if (!r.conflictsStatus) return '—';
  const label = CONFLICTS_STATUS_LABELS[r.conflictsStatus];
  return r.conflictsWaiting > 0 ? `${label} · ${r.conflictsWaiting} waiting` : label;
}

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The New marker (PRODUCT.md §5): a dot, with its words for a screen reader. */
export function NewDot({ item }: { item: Pick<FirmRequestItem, 'isNew'> }) {
  if (!item.isNew) return null;
  return (
    <Box
      component="span"
      title="New"
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 4,
        background: 'var(--mantine-color-blue-7)',
        marginRight: 6,
        verticalAlign: 'middle',
      }}
    >
      <VisuallyHidden>New</VisuallyHidden>
    </Box>
  );
}

function SortHeader({ column, label, sort }: { column: SortColumn; label: string; sort?: TableSort }) {
  if (!sort) return <Table.Th>{label}</Table.Th>;
  const active = sort.sort === column || sort.sort === `-${column}`;
  const desc = sort.sort === `-${column}`;
  const Icon = !active ? IconSelector : desc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => sort.onSort((active && !desc ? `-${column}` : column) as FirmRequestSort)}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Whether a row is a list row (with §15's fields): the dashboard's recent table may hold either. */
const isListItem = (r: FirmRequestItem): r is FirmRequestListItem => 'lastActivity' in r;

/**
 * The firm's requests: a table on wide screens, one card per request on phones. With the pipeline's fields
 * (PRODUCT.md §15): reviewers, conflicts, position LPQ, last activity, overdue, and the New marker (bold row).
 */
export function RequestsTable({
  requests,
  sort,
  selection,
  hideHiring = false,
}: {
  requests: FirmRequestItem[];
  sort?: TableSort;
  selection?: TableSelection;
  /** A conflicts-only reader: no position LPQ column. */
  hideHiring?: boolean;
}) {
  const toggle = (id: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const allSelected =
    !!selection && requests.length > 0 && requests.every((r) => selection.selected.has(r.id));
  const cell = (r: FirmRequestItem, node: ReactNode) => (r.isNew ? <b>{node}</b> : node);
  return (
    <>
      <Table.ScrollContainer minWidth={960} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={36}>
                  <Checkbox
                    aria-label="Select all shown"
                    checked={allSelected}
                    indeterminate={!allSelected && selection.selected.size > 0}
                    onChange={(e) =>
                      selection.onChange(
                        e.currentTarget.checked ? new Set(requests.map((r) => r.id)) : new Set(),
                      )
                    }
                  />
                </Table.Th>
              )}
              <Table.Th>Attorney</Table.Th>
              <SortHeader column="position" label="Position" sort={sort} />
              <SortHeader column="status" label="Stage" sort={sort} />
              <Table.Th>Reviewers</Table.Th>
              <Table.Th>Conflicts</Table.Th>
              {!hideHiring && <Table.Th>Position LPQ</Table.Th>}
              <SortHeader column="activity" label="Last activity" sort={sort} />
              <SortHeader column="due" label="Due" sort={sort} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {requests.map((r) => {
              const item = isListItem(r) ? r : null;
              return (
                <Table.Tr key={r.id} fw={r.isNew ? 700 : undefined} data-new={r.isNew || undefined}>
                  {selection && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${attorneyOf(r)}, ${r.positionTitle}`}
                        checked={selection.selected.has(r.id)}
                        onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <NewDot item={r} />
                    <Anchor component={Link} to={`/firm/requests/${r.id}`} fw={r.isNew ? 700 : 500}>
                      {attorneyOf(r)}
                    </Anchor>
                    {r.attorneyName && (
                      <Text size="xs" c="dimmed">
                        {r.attorneyEmail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={r.isNew ? 700 : undefined}>
                      {r.positionTitle}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.practiceArea}
                    </Text>
                  </Table.Td>
                  {/* Wide enough for the longest stage ('Pending Response') uncut: a badge would cut it short. */}
                  <Table.Td miw={180}>
                    <RequestBadges request={r} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={item?.reviewers.map((v) => v.name).join(', ')}>
                      {item?.reviewers.length ? item.reviewers.map((v) => initials(v.name)).join(', ') : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item ? conflictsText(item) : '—'}</Text>
                  </Table.Td>
                  {!hideHiring && (
                    <Table.Td>
                      <Text size="sm">
                        {item?.positionLpqStatus
                          ? FIRM_POSITION_LPQ_STATUS_LABELS[item.positionLpqStatus]
                          : '—'}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">
                      {item
                        ? cell(r, `${item.lastActivity.text} · ${formatDate(item.lastActivity.at)}`)
                        : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(r.dueDate)}</Text>
                    {item?.overdue && (
                      <Text size="xs" c="red.8" fw={700}>
                        overdue
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {requests.map((r) => {
          const item = isListItem(r) ? r : null;
          return (
            <Paper key={r.id} withBorder p="sm" data-new={r.isNew || undefined}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" align="flex-start">
                  {selection && (
                    <Checkbox
                      aria-label={`Select ${attorneyOf(r)}, ${r.positionTitle}`}
                      checked={selection.selected.has(r.id)}
                      onChange={(e) => toggle(r.id, e.currentTarget.checked)}
                    />
                  )}
                  <div>
                    <NewDot item={r} />
                    <Anchor
                      component={Link}
                      to={`/firm/requests/${r.id}`}
                      fw={r.isNew ? 700 : 500}
                      style={{ wordBreak: 'break-word' }}
                    >
                      {attorneyOf(r)}
                    </Anchor>
                  </div>
                </Group>
                <RequestBadges request={r} stacked />
              </Group>
              <Text size="sm" mt={4} fw={r.isNew ? 700 : undefined}>
                {r.positionTitle} · {r.practiceArea}
              </Text>
              {item && (
                <Text size="xs" c="dimmed" mt={4}>
                  {item.lastActivity.text} · {formatDate(item.lastActivity.at)} · Conflicts{' '}
                  {conflictsText(item)}
                  {item.reviewers.length ? ` · ${item.reviewers.map((v) => v.name).join(', ')}` : ''}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={4}>
                Sent {formatDate(r.sentAt)}
                {r.dueDate ? ` · Due ${formatDate(r.dueDate)}` : ''}
                {item?.overdue && (
                  <Text span c="red.8" fw={700}>
                    {' '}
                    · overdue
                  </Text>
                )}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}
