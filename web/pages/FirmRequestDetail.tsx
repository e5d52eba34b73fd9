import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Grid,
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
import { FIRM_TOASTS } from '@shared/firm';
import { describePackage } from '@shared/package-view';
import {
  type FirmRequestDetail as Detail,
  type FIRM_REVIEW_STATUSES,
  QUESTION_TYPE_LABELS,
  REQUEST_TRANSITIONS,
  type SharedPackage,
} from '@shared/requests';
import type { ToastText } from '@shared/texts';
import {
  IconCalendarTime,
  IconCheck,
  IconDownload,
  IconEye,
  IconGitCompare,
  IconHistory,
  IconLock,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageShell } from '../components/PageShell';
import { refreshRequests, useFirmRequest } from '../features/firm/api';
import { PackageChanges, versionLabel } from '../features/firm/PackageChanges';
import { PackageTabs } from '../features/firm/PackageTabs';
import { SummaryCard } from '../features/firm/PackageView';
import { PendingActions, RequestNotes, RequestTimeline } from '../features/firm/RequestPipeline';
import { REVOKED_CONSEQUENCE, revocationNotice } from '../features/firm/revocation';
import { RequestBadges } from '../features/firm/StatusBadge';
import { errorMessage, statusOf } from '../lib/api';
import { api, apiUrl } from '../lib/client';
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

/** `?version=N`: a positive whole number, else none (the latest). */
function parseVersion(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** How the firm lost access: the attorney revoked it, or the access period the attorney set ended. */
function RevokedNotice({ request }: { request: Detail }) {
  const notice = revocationNotice(request);
  return (
    <Alert color="red" variant="light" icon={<IconLock aria-hidden />} title={notice.title}>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {notice.text}
        </Text>
        <Text size="sm">{REVOKED_CONSEQUENCE}</Text>
      </Stack>
    </Alert>
  );
}

/** PRODUCT.md §4: which version is shown, the way to any other, and 'What changed'. */
function VersionBar({
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

function RequestView({
  request,
  loadingVersion,
  onPickVersion,
}: {
  request: Detail;
  loadingVersion: boolean;
  onPickVersion: (version: number) => void;
}) {
  const [confirming, setConfirming] = useState<ReviewStatus | null>(null);
  const [comparing, setComparing] = useState<{ from?: number } | null>(null);
  const move = useMutation({
    mutationFn: (status: ReviewStatus) =>
      api('POST /api/firm/lpq-requests/:id/status', { params: { id: request.id }, body: { status } }),
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
  const pkg = request.package;
  const revoked = request.status === 'revoked';
  const view = useMemo(
    () =>
      pkg
        ? describePackage(pkg, {
            firmName: request.firmName,
            firmSpecificQuestions: request.firmSpecificQuestions,
          })
        : null,
    [pkg, request.firmName, request.firmSpecificQuestions],
  );

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <RequestBadges request={request} />
            {pkg && request.accessUntil && (
              <Group gap={4} wrap="nowrap">
                <IconCalendarTime size={16} aria-hidden color="var(--mantine-color-gray-7)" />
                <Text size="sm" c="gray.7" fw={500}>
                  Access until {formatDate(request.accessUntil)}
                </Text>
              </Group>
            )}
          </Stack>
          <Group gap="xs">
            <PendingActions request={request} />
            {pkg && (
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
                  // The version on screen, so the PDF is what the reader is looking at.
                  href={apiUrl('GET /api/firm/lpq-requests/:id/package.pdf', {
                    params: { id: request.id },
                    query: { version: pkg.version },
                  })}
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

      {pkg && pkg.versions.length > 1 && (
        <VersionBar
          request={request}
          pkg={pkg}
          loading={loadingVersion}
          onPick={onPickVersion}
          onCompare={(from) => setComparing({ from })}
        />
      )}

      {view && <SummaryCard rows={view.summary} />}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="h4" mb="md">
          Shared Package
        </Title>
        {pkg && view ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A frozen copy of what {attorney} shared on {view.sharedOn} (version {view.version}). Every view
              and download is recorded and visible to the attorney.
            </Text>
            <PackageTabs view={view} />
          </Stack>
        ) : revoked ? (
          <RevokedNotice request={request} />
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

      {pkg && pkg.versions.length > 1 && (
        <PackageChanges
          requestId={request.id}
          versions={pkg.versions}
          opened={comparing !== null}
          initialFrom={comparing?.from}
          onClose={() => setComparing(null)}
        />
      )}
    </Stack>
  );
}

/**
 * PRODUCT.md §4: one request with its status, timeline and, once shared, the package. `?version=N` shows
 * that version (a link to it can be shared); without it, the latest. A version that is not (or no longer)
 * there falls back to the latest, with a line that says so.
 */
export default function FirmRequestDetail() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = parseVersion(params.get('version'));
  const request = useFirmRequest(id, asked);
  const [missing, setMissing] = useState<number | null>(null);
  const versionGone = asked !== null && request.isError && statusOf(request.error) === 404;
  useEffect(() => {
    if (!versionGone) return;
    setMissing(asked);
    setParams(
      (p) => {
        p.delete('version');
        return p;
      },
      { replace: true },
    );
  }, [versionGone, asked, setParams]);

  const pickVersion = (version: number) => {
    setMissing(null);
    const latest = request.data?.version;
    setParams((p) => {
      if (version === latest) p.delete('version');
      else p.set('version', String(version));
      return p;
    });
  };

  if (request.isError && statusOf(request.error) === 404 && asked === null) return <NotFound />;
  const data = request.data;
  return (
    <PageShell
      title={data?.positionTitle ?? 'LPQ Request'}
      subtitle={data ? (data.attorneyName ?? data.attorneyEmail) : undefined}
      back={{ to: '/firm/requests', label: 'Back to Requests' }}
    >
      {request.isLoading || versionGone ? (
        <Center py="xl">
          <Loader aria-label="Loading request" />
        </Center>
      ) : request.isError || !data ? (
        <Text c="red.8" role="alert">
          The request could not be loaded. Please reload the page.
        </Text>
      ) : (
        <Stack gap="lg">
          {missing !== null && data.status !== 'revoked' && (
            <Alert
              color="yellow"
              variant="light"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setMissing(null)}
              title={`Version ${missing} is not available`}
            >
              This package has no version {missing}. You are viewing the latest version.
            </Alert>
          )}
          <RequestView
            request={data}
            loadingVersion={request.isPlaceholderData}
            onPickVersion={pickVersion}
          />
        </Stack>
      )}
    </PageShell>
  );
}
