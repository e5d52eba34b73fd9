import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { answerOf } from '@shared/lpq';
import {
  DIVERSITY_NOTICE,
  displayValue,
  type FirmRequestItem,
  labelForField,
  PACKAGE_SECTIONS,
  type SharedPackage,
} from '@shared/requests';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RecordView } from './RecordView';

type Json = Record<string, unknown>;

const hasContent = (v: Json | null | undefined): v is Json =>
  !!v && Object.values(v).some((x) => x !== null && x !== undefined && x !== '');

function Part({ record, empty }: { record: Json | null | undefined; empty: string }) {
  return hasContent(record) ? <RecordView record={record} /> : <Text c="dimmed">{empty}</Text>;
}

function FirmAnswers({ request, pkg }: { request: FirmRequestItem; pkg: SharedPackage }) {
  const sections = request.firmSpecificQuestions?.sections ?? [];
  if (sections.length === 0) return null;
  const answers = pkg.positionLpq?.firmAnswers ?? {};
  return (
    <Stack gap="sm">
      <Text fw={600}>{PACKAGE_SECTIONS.firmQuestions}</Text>
      {sections.map((section) => (
        <Paper key={section.title} withBorder p="sm">
          <Text fw={600} size="sm" mb="xs">
            {section.title}
          </Text>
          <Stack gap="xs">
            {section.questions.map((q) => (
              <div key={q.id}>
                <Text size="sm" c="dimmed">
                  {q.text}
                  {q.required ? ' *' : ''}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {answerOf(answers, q.id) === undefined
                    ? 'Not answered yet'
                    : displayValue(answerOf(answers, q.id))}
                </Text>
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

const TABS: { value: string; label: string }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'master', label: 'Master LPQ' },
  { value: 'position', label: 'Position LPQ' },
  { value: 'conflicts', label: 'Conflicts' },
  { value: 'diversity', label: 'Diversity' },
  { value: 'business', label: 'Business Plan' },
  { value: 'documents', label: 'Documents' },
];

/** PRODUCT.md §4: the frozen package in tabs. */
export function PackageTabs({ request, pkg }: { request: FirmRequestItem; pkg: SharedPackage }) {
  const { id: _, ...attorney } = pkg.attorney;
  const panels: Record<string, ReactNode> = {
    profile: <Part record={{ ...attorney, ...(pkg.profile ?? {}) }} empty="No profile was shared." />,
    master: <Part record={pkg.masterLpq} empty="No Master LPQ was shared." />,
    position: (
      <Stack gap="lg">
        {pkg.positionLpq ? (
          <>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Progress
              </Text>
              <Badge variant="light">{labelForField(pkg.positionLpq.status)}</Badge>
            </Group>
            <Part
              record={pkg.positionLpq.formData}
              empty="The attorney has not filled in the position LPQ yet."
            />
          </>
        ) : (
          <Text c="dimmed">No position LPQ yet.</Text>
        )}
        <FirmAnswers request={request} pkg={pkg} />
      </Stack>
    ),
    conflicts: <Part record={pkg.conflictsForm} empty="No conflicts form was shared." />,
    diversity: (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconLock aria-hidden />} title="Voluntary and confidential">
          {DIVERSITY_NOTICE}
        </Alert>
        <Part record={pkg.diversityForm} empty="The attorney did not submit the voluntary diversity form." />
      </Stack>
    ),
    business: <Part record={pkg.businessPlan} empty="No business plan was shared." />,
    documents: pkg.documents.length ? (
      <Table.ScrollContainer minWidth={420}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Size</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pkg.documents.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Anchor href={d.url} target="_blank" rel="noopener">
                    {d.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{d.contentType}</Table.Td>
                <Table.Td>{Math.max(1, Math.round(d.size / 1024))} KB</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    ) : (
      <Text c="dimmed">No documents were shared.</Text>
    ),
  };
  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} style={{ whiteSpace: 'nowrap' }}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {panels[t.value]}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
