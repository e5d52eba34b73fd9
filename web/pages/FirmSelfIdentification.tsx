import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DIVERSITY_NOTICE } from '@shared/requests';
import {
  countBarPercent,
  countText,
  type QuestionCounts,
  selfIdentificationCounts,
  selfIdentificationRows,
} from '@shared/self-identification-view';
import { IconChartBar, IconDownload, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NoAccess } from '../components/NoAccess';
import { PageShell } from '../components/PageShell';
import { RowsView } from '../features/firm/PackageView';
import { statusOf } from '../lib/api';
import { api, apiUrl, type ResultOf } from '../lib/client';
import { formatDate } from '../lib/format';

type Answer = ResultOf<'GET /api/firm/self-identification'>;

/** One question's answers as a table: the answer, how many, and a bar of its share (the bar is decoration). */
function CountsTable({ counts }: { counts: QuestionCounts }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} miw={0}>
      {/* A fixed layout: every answer cell is as wide, so the bars of all the tables compare. */}
      <Table layout="fixed" verticalSpacing={6} horizontalSpacing="xs" fz="sm" aria-label={counts.question}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', marginBottom: 8 }}>
          <Text fw={600} size="sm" c="dark.7" component="span">
            {counts.question}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="68%">
              Answer
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Forms
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counts.answers.map((a) => (
            <Table.Tr key={a.answer}>
              <Table.Td style={{ wordBreak: 'break-word' }}>
                {a.answer}
                {countBarPercent(a.count, counts.total) > 0 && (
                  <Box
                    aria-hidden
                    mt={4}
                    h={6}
                    bg="blue.6"
                    style={{ borderRadius: 3, width: `${countBarPercent(a.count, counts.total)}%` }}
                  />
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                {countText(a.count, counts.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function SharedForm({ form }: { form: Answer['forms'][number] }) {
  const rows = useMemo(() => selfIdentificationRows(form.form), [form.form]);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="article" miw={0}>
      <Title order={3} fz="md" style={{ wordBreak: 'break-word' }}>
        {form.attorneyName || 'Attorney'}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {form.positionTitle} · shared {formatDate(form.sharedAt)}
      </Text>
      {rows.length ? (
        <RowsView rows={rows} />
      ) : (
        <Text size="sm" c="gray.7">
          The form was shared without answers.
        </Text>
      )}
    </Paper>
  );
}

/**
 * PRODUCT.md §9, the diversity role: the voluntary self-identification forms attorneys chose to share with
 * the firm, with the attorney's name and position, and how many gave each answer. Nothing else of a package,
 * and no link into one: this data stays away from hiring decisions (EEOC guidance).
 */
export default function FirmSelfIdentification() {
  const answer = useQuery({
    queryKey: ['/api/firm/self-identification'],
    queryFn: () => api('GET /api/firm/self-identification'),
  });
  const counts = useMemo(
    () => (answer.data ? selfIdentificationCounts(answer.data.counts) : []),
    [answer.data],
  );
  const forms = answer.data?.forms ?? [];

  if (answer.isError && statusOf(answer.error) === 403) return <NoAccess />;
  return (
    <PageShell
      title="Self-Identification"
      subtitle="Voluntary self-identification forms that attorneys chose to share with your firm, for diversity reporting."
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
    >
      {answer.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading self-identification forms" />
        </Center>
      ) : answer.isError ? (
        <Text c="red.8" role="alert">
          The self-identification forms could not be loaded. Please reload the page.
        </Text>
      ) : (
        <Stack gap="lg">
          <Alert color="yellow" icon={<IconLock aria-hidden />}>
            {DIVERSITY_NOTICE} Do not share it with the people who review candidates.
          </Alert>
          {forms.length === 0 ? (
            <Card withBorder padding="xl">
              <Stack align="center" gap="xs" py="md">
                <ThemeIcon variant="light" radius="xl" size={56}>
                  <IconChartBar size={32} stroke={1.5} aria-hidden />
                </ThemeIcon>
                <Title order={2} fz="lg" ta="center">
                  No self-identification forms yet
                </Title>
                <Text c="gray.7" ta="center" maw={520}>
                  Attorneys choose whether to share the voluntary form when they share their LPQ with your
                  firm. Forms they share appear here, with counts for each answer.
                </Text>
              </Stack>
            </Card>
          ) : (
            <>
              <Box component="section" aria-labelledby="self-id-counts">
                <Title order={2} fz="h4" mb={4} id="self-id-counts">
                  Counts
                </Title>
                <Text size="sm" c="gray.7" mb="xs">
                  How many of the {forms.length} shared {forms.length === 1 ? 'form' : 'forms'} gave each
                  answer. A count under 5 reads ‘fewer than 5’, here and in the CSV.
                </Text>
                <Button
                  component="a"
                  variant="default"
                  size="xs"
                  mb="md"
                  href={apiUrl('GET /api/firm/self-identification/counts.csv')}
                  download
                  leftSection={<IconDownload size={14} aria-hidden />}
                >
                  Download counts (CSV)
                </Button>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  {counts.map((c) => (
                    <CountsTable key={c.key} counts={c} />
                  ))}
                </SimpleGrid>
              </Box>
              <Box component="section" aria-labelledby="self-id-forms">
                <Title order={2} fz="h4" mb="md" id="self-id-forms">
                  Shared Forms
                </Title>
                <Stack gap="md">
                  {forms.map((f) => (
                    <SharedForm key={f.requestId} form={f} />
                  ))}
                </Stack>
              </Box>
            </>
          )}
        </Stack>
      )}
    </PageShell>
  );
}
