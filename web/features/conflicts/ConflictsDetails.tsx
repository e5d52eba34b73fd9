import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { conflictsGroups } from '@shared/package-view';
import { CONFLICTS_STATUS_LABELS } from '@shared/team';
import { useMemo } from 'react';
import { formatDate, formatDateTime } from '../../lib/format';
import { GroupView, SmallTable } from '../firm/PackageView';
import type { ConflictsView } from './api';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} miw={0}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** PRODUCT.md §9's decisions, kept (nothing lost): newest first, with their notes. */
export function DecisionHistory({ view }: { view: ConflictsView }) {
  if (view.clearances.length === 0) return null;
  return (
    <Section title="Earlier Decisions">
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {view.clearances.map((c) => (
          <li key={c.createdAt}>
            <Text size="sm" fw={500}>
              {CONFLICTS_STATUS_LABELS[c.status]} · {c.decidedByName}
            </Text>
            <Text size="xs" c="gray.7">
              {formatDateTime(c.createdAt)} · version {c.version}
            </Text>
            {c.note && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {c.note}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </Section>
  );
}

/**
 * What the conflicts department checks (PRODUCT.md §9): the master LPQ's employers and top clients' names
 * (no figures), and the conflicts form as the attorney shared it. No link leads into the package.
 */
export function ConflictsDetails({ view }: { view: ConflictsView }) {
  const groups = useMemo(() => (view.conflictsForm ? conflictsGroups(view.conflictsForm) : []), [view]);
  const employers = {
    kind: 'table' as const,
    columns: ['Employer', 'From', 'To'],
    rows: view.employers.map((e) => [
      e.employerName,
      formatDate(e.startDate, '—'),
      e.current ? 'Current' : formatDate(e.departureDate, '—'),
    ]),
  };
  return (
    <Stack gap="lg">
      <Section title="Employers">
        {view.employers.length ? (
          <SmallTable table={employers} caption="Employers" />
        ) : (
          <Text size="sm" c="gray.7">
            The Master LPQ names no employers.
          </Text>
        )}
      </Section>
      <Section title="Top Clients">
        {view.clientNames.length ? (
          <List size="sm" spacing={4}>
            {view.clientNames.map((name) => (
              <List.Item key={name} style={{ wordBreak: 'break-word' }}>
                {name}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="gray.7">
            The Master LPQ names no top clients.
          </Text>
        )}
      </Section>
      <Section title="Conflicts of Interest Form">
        {groups.length ? (
          <Stack gap="lg">
            {groups.map((g, i) => (
              <GroupView key={g.title ?? i} group={g} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            {view.conflictsForm
              ? 'The conflicts form was shared without answers.'
              : 'The attorney did not include the conflicts form in this version. Check the employers and clients above.'}
          </Text>
        )}
      </Section>
    </Stack>
  );
}
