import {
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { FIRM_TOASTS } from '@shared/firm';
import { describePackage } from '@shared/package-view';
import {
  type FirmRequestDetail as Detail,
  type FIRM_REVIEW_STATUSES,
  type FirmRequestItem,
  QUESTION_TYPE_LABELS,
  REQUEST_TRANSITIONS,
} from '@shared/requests';
import type { ToastText } from '@shared/texts';
import { IconCheck, IconDownload, IconEye } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import { refreshRequests, useFirmRequest } from '../features/firm/api';
import { PackageTabs } from '../features/firm/PackageTabs';
import { SummaryCard } from '../features/firm/PackageView';
import { PendingActions, RequestNotes, RequestTimeline } from '../features/firm/RequestPipeline';
import { StatusBadge } from '../features/firm/StatusBadge';
import { apiRequest, errorMessage, statusOf } from '../lib/api';
import { formatDate } from '../lib/format';
import { showToast } from '../lib/toast';
import NotFound from './NotFound';

type ReviewStatus = (typeof FIRM_REVIEW_STATUSES)[number];

const ACTIONS: Record<ReviewStatus, { label: string; confirm: string; toast: ToastText }> = {
  reviewed: {
    label: 'Mark Under Review',
    confirm: 'Mark this request as under review? The attorney sees the new status.',
    toast: FIRM_TOASTS.reviewStarted,
  },
  completed: {
    label: 'Mark Review Complete',
    confirm: 'Mark the review of this request as complete? This cannot be undone.',
    toast: FIRM_TOASTS.reviewCompleted,
  },
};

function Info({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {value || '—'}
      </Text>
    </Box>
  );
}

function RequestView({ request }: { request: Detail }) {
  const [confirming, setConfirming] = useState<ReviewStatus | null>(null);
  const move = useMutation({
    mutationFn: (status: ReviewStatus) =>
      apiRequest<FirmRequestItem>('POST', `/api/firm/lpq-requests/${request.id}/status`, { status }),
    onSuccess: (_item, status) => {
      refreshRequests(request.id);
      showToast(ACTIONS[status].toast, { variant: 'success' });
      setConfirming(null);
    },
    onError: (error) => {
      refreshRequests(request.id);
      showToast(FIRM_TOASTS.statusFailed, {
        variant: 'destructive',
        message: errorMessage(error, FIRM_TOASTS.statusFailed.message),
      });
      setConfirming(null);
    },
  });
  const can = (to: ReviewStatus) => REQUEST_TRANSITIONS[request.status].includes(to);
  const attorney = request.attorneyName ?? request.attorneyEmail;
  const questions = request.firmSpecificQuestions?.sections ?? [];
  const view = useMemo(
    () =>
      request.package
        ? describePackage(request.package, {
            firmName: request.firmName,
            firmSpecificQuestions: request.firmSpecificQuestions,
          })
        : null,
    [request.package, request.firmName, request.firmSpecificQuestions],
  );

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <StatusBadge status={request.status} />
          </Box>
          <Group gap="xs">
            <PendingActions request={request} />
            {request.package && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconEye size={16} aria-hidden />}
                  disabled={!can('reviewed')}
                  onClick={() => setConfirming('reviewed')}
                >
                  Mark Under Review
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  disabled={!can('completed')}
                  onClick={() => setConfirming('completed')}
                >
                  Mark Review Complete
                </Button>
                <Button
                  component="a"
                  href={`/api/firm/lpq-requests/${request.id}/package.pdf`}
                  download
                  leftSection={<IconDownload size={16} aria-hidden />}
                >
                  Download PDF
                </Button>
              </>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg" spacing="md">
          <Info label="Attorney" value={request.attorneyName ?? 'Shown once the attorney shares'} />
          <Info label="Attorney Email" value={request.attorneyEmail} />
          <Info label="Practice Area" value={request.practiceArea} />
          <Info label="Sent" value={formatDate(request.sentAt)} />
          <Info label="Due Date" value={request.dueDate ? formatDate(request.dueDate) : null} />
          <Info
            label="Contact Person"
            value={[request.contactPersonName, request.contactPersonTitle, request.contactPhone]
              .filter(Boolean)
              .join(' · ')}
          />
        </SimpleGrid>
        {request.additionalMessage && (
          <Box mt="md">
            <Info label="Message" value={request.additionalMessage} />
          </Box>
        )}
      </Paper>

      {view && <SummaryCard rows={view.summary} />}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="h4" mb="md">
          Shared Package
        </Title>
        {request.package && view ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A frozen copy of what {attorney} shared on {view.sharedOn} (version {view.version}). Every view
              and download is recorded and visible to the attorney.
            </Text>
            <PackageTabs view={view} />
          </Stack>
        ) : (
          <Text c="dimmed">
            {request.status === 'declined'
              ? 'The attorney declined this request.'
              : request.status === 'withdrawn'
                ? 'You withdrew this invitation.'
                : 'The attorney has not shared an LPQ package yet. You will receive an email when they do.'}
          </Text>
        )}
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <Title order={2} fz="h4" mb="md">
              Timeline
            </Title>
            <RequestTimeline request={request} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%" miw={0}>
            <Title order={2} fz="h4" mb="md">
              Notes
            </Title>
            <RequestNotes requestId={request.id} />
          </Paper>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={1} spacing="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} miw={0}>
          <Title order={2} fz="h4" mb="md">
            Firm-Specific Questions
          </Title>
          {questions.length ? (
            <Stack gap="sm">
              {questions.map((s) => (
                <Box key={s.title}>
                  <Text fw={600} size="sm">
                    {s.title}
                  </Text>
                  {s.questions.map((q) => (
                    <Text key={q.id} size="sm" c="dimmed">
                      {q.text} · {QUESTION_TYPE_LABELS[q.type]}
                      {q.required ? ' · Required' : ''}
                    </Text>
                  ))}
                </Box>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              This request has no firm-specific questions.
            </Text>
          )}
        </Paper>
      </SimpleGrid>

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? ACTIONS[confirming].label : ''}
      >
        <Stack gap="md">
          <Text>{confirming && ACTIONS[confirming].confirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button loading={move.isPending} onClick={() => confirming && move.mutate(confirming)}>
              {confirming ? ACTIONS[confirming].label : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** PRODUCT.md §4: one request with its status, timeline and, once shared, the package. */
export default function FirmRequestDetail() {
  const { id = '' } = useParams();
  const request = useFirmRequest(id);
  if (request.isError && statusOf(request.error) === 404) return <NotFound />;
  return (
    <PageShell
      title={request.data?.positionTitle ?? 'LPQ Request'}
      subtitle={request.data ? (request.data.attorneyName ?? request.data.attorneyEmail) : undefined}
      back={{ to: '/firm/requests', label: 'Back to Requests' }}
    >
      {request.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading request" />
        </Center>
      ) : request.isError || !request.data ? (
        <Text c="red.8" role="alert">
          The request could not be loaded. Please reload the page.
        </Text>
      ) : (
        <RequestView request={request.data} />
      )}
    </PageShell>
  );
}
