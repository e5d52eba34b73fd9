import { Anchor, Box, Flex, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DisplayTable, DisplayValue, DocumentLink, Group, Row } from '@shared/package-view';
import type { PackageChange } from '@shared/sharing';
import { IconExternalLink } from '@tabler/icons-react';
import { EarlierValue, useGroupChanges } from './change-marks';

/** Named links with type and size; a PDF opens in the browser in a new tab, the rest download. */
export function DocumentLinks({ links }: { links: DocumentLink[] }) {
  return (
    <Stack gap={4}>
      {links.map((d) => (
        <Box key={d.href}>
          <Anchor
            href={d.href}
            size="sm"
            fw={500}
            style={{ wordBreak: 'break-word' }}
            {...(d.opensInBrowser ? { target: '_blank', rel: 'noopener' } : { download: d.name })}
          >
            {d.name}
            {d.opensInBrowser && (
              <IconExternalLink size={13} aria-label="opens in a new tab" style={{ marginLeft: 4 }} />
            )}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            {d.type} · {d.size}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * A table from sm up; on a phone one card per row (its first cell as the title, then each column's
 * label and value), so no column is scrolled out of sight.
 */
export function SmallTable({ table, caption }: { table: DisplayTable; caption?: string }) {
  return (
    <>
      <WideTable table={table} caption={caption} />
      <Stack gap="xs" hiddenFrom="sm" role="list" aria-label={caption}>
        {table.rows.map((r, ri) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozen snapshot: its rows never move
          <Paper key={ri} withBorder p="xs" role="listitem" bg="gray.0">
            <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
              {r[0]}
            </Text>
            {r.slice(1).map((c, i) => (
              <Flex key={table.columns[i + 1] || i} justify="space-between" gap="xs" align="flex-start">
                <Text size="sm" c="dimmed" maw="50%" style={{ flexShrink: 0 }}>
                  {table.columns[i + 1]}
                </Text>
                <Text size="sm" ta="right" miw={0} style={{ wordBreak: 'break-word' }}>
                  {c}
                </Text>
              </Flex>
            ))}
          </Paper>
        ))}
      </Stack>
    </>
  );
}

function WideTable({ table, caption }: { table: DisplayTable; caption?: string }) {
  const rowHeaders = table.columns[0] === '';
  return (
    // A table wider than its place scrolls: the scroller is a named region that takes focus, so the
    // keyboard can scroll it too (axe scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={table.columns.length * 88}
      type="native"
      visibleFrom="sm"
      tabIndex={0}
      role="region"
      aria-label={caption ? `${caption} (table)` : 'Table'}
    >
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm" striped aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c, i) => (
              <Table.Th
                key={c || i}
                scope="col"
                fz="xs"
                c="dimmed"
                ta={i > 0 && rowHeaders ? 'right' : 'left'}
              >
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((r, ri) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a frozen snapshot: its rows never move
            <Table.Tr key={ri}>
              {r.map((c, i) =>
                i === 0 && rowHeaders ? (
                  <Table.Th key={table.columns[i] || i} scope="row" fw={500}>
                    {c}
                  </Table.Th>
                ) : (
                  <Table.Td key={table.columns[i] || i} ta={rowHeaders ? 'right' : 'left'}>
                    {c}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ValueView({ value, label }: { value: DisplayValue; label?: string }) {
  if (typeof value === 'string')
    return (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value}
      </Text>
    );
  if (!Array.isArray(value)) return <SmallTable table={value} caption={label} />;
  if (value.length && typeof value[0] !== 'string') return <DocumentLinks links={value as DocumentLink[]} />;
  return (
    <List
      size="sm"
      spacing={2}
      listStyleType={value.length > 1 ? 'disc' : 'none'}
      withPadding={value.length > 1}
    >
      {(value as string[]).map((line) => (
        <List.Item key={line} style={{ wordBreak: 'break-word' }}>
          {line}
        </List.Item>
      ))}
    </List>
  );
}

const isTable = (value: DisplayValue) => typeof value === 'object' && !Array.isArray(value);

/**
 * Label and value side by side from the sm breakpoint, stacked on a phone. A table (the summary's clients,
 * figures, the firm's questions) takes the full width under its label, so no column is squeezed.
 */
export function RowsView({ rows, changes = [] }: { rows: Row[]; changes?: PackageChange[] }) {
  return (
    <Box component="dl" m={0}>
      {rows.map((row, i) => (
        <SimpleGrid
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozen snapshot: its rows never move
          key={i}
          cols={{ base: 1, sm: isTable(row.value) ? 1 : 2 }}
          spacing="md"
          verticalSpacing={2}
          py={6}
          style={{ borderTop: i ? '1px solid var(--mantine-color-gray-2)' : undefined }}
        >
          <Text component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>
          <Box component="dd" m={0} miw={0}>
            <ValueView value={row.value} label={row.label} />
            {changes
              .filter((c) => c.label === row.label)
              .map((c) => (
                <EarlierValue key={c.label} change={c} />
              ))}
            {row.detail && (
              <Text size="sm" fs="italic" mt={2} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {row.detail}
              </Text>
            )}
          </Box>
        </SimpleGrid>
      ))}
    </Box>
  );
}

export function GroupView({ group }: { group: Group }) {
  // Issue 67: what changed since the version the member last opened, marked with its earlier value.
  const changed = useGroupChanges(group.title);
  const rowChanges = group.title ? changed : changed.filter((c) => c.field === c.label);
  const rowLabels = new Set(group.rows.map((r) => r.label));
  const tableChanges = group.table ? rowChanges.filter((c) => !rowLabels.has(c.label)) : [];
  return (
    <Stack gap={6}>
      {group.title && (
        <Title order={3} fz="md" c="navy.9">
          {group.title}
        </Title>
      )}
      {group.rows.length > 0 && <RowsView rows={group.rows} changes={rowChanges} />}
      {group.table && <SmallTable table={group.table} caption={group.title} />}
      {tableChanges.length > 0 && (
        <Box
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={`Changed in ${group.title}`}
        >
          {tableChanges.map((c) => (
            <Box component="li" key={c.label}>
              <Text size="xs" fw={600} span>
                {c.label}:{' '}
              </Text>
              <EarlierValue change={c} />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** PRODUCT.md §4: what a hiring partner reads first. */
export function SummaryCard({ rows }: { rows: Row[] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="sm">
        Summary
      </Title>
      <RowsView rows={rows} />
    </Paper>
  );
}
