import { Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { candidateCard } from '@shared/candidate-facts';
import { versionWithChanges } from '@shared/package-changes';
import type { FirmRequestDetail as Detail } from '@shared/requests';
import { CONFLICTS_STATUS_LABELS } from '@shared/team';
import { IconCalendarTime, IconCheck, IconCircleCheck, IconDownload, IconEye } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageShell } from '../components/PageShell';
import { useFirmRequest } from '../features/firm/api';
import { PendingActions } from '../features/firm/PendingActions';
import { requestPermissions } from '../features/firm/permissions';
import type { RequestViewProps } from '../features/firm/RequestBody';
import { canMove, REVIEW_MOVES, useReviewMove } from '../features/firm/review-moves';
import { RequestBadges } from '../features/firm/StatusBadge';
import { useAfterFirstPaint } from '../lib/after-paint';
import { statusOf } from '../lib/api';
import { useAuth } from '../lib/auth';
import { apiUrl } from '../lib/client';
import { formatDate } from '../lib/format';

/** `?version=N`: a positive whole number, else none (the latest). */
function parseVersion(value: string | null): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

// The rest of the page is its own chunk, asked for once the header is on screen (the deferred render
// below): the header needs fewer files, so it shows sooner (it holds the page's largest text:
// Lighthouse's LCP), and the body's two dozen files no longer compete with the header's for the
// connections and the main thread.
const RequestBody = lazy(() => import('../features/firm/RequestBody'));
// Shown only when something went wrong: their code is not part of the header's.
const VersionMissing = lazy(() => import('../features/firm/VersionMissing'));
// The 404 page's own chunk (the page table's entry loads the same module; the table imports this page, so
// this page does not import the table back).
const NotFound = lazy(() => import('./NotFound'));
const NoAccess = lazy(() => import('../components/NoAccess').then((m) => ({ default: m.NoAccess })));
const bodyLoader = (
  <Center py="xl">
    <Loader aria-label="Loading the package" />
  </Center>
);

/** One labelled fact of the candidate card. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box miw={0}>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Box>
  );
}

/** 'Pending · 1 waiting', 'Cleared', or a dash before a share (as the pipeline lists it). */
function conflictsLine(request: Detail) {
  if (!request.conflictsStatus) return '—';
  const label = CONFLICTS_STATUS_LABELS[request.conflictsStatus];
  const waiting = request.conflictsWaiting ?? 0;
  return waiting > 0 ? `${label} · ${waiting} waiting` : label;
}

/** The request's logistics in one line: practice, sent, due, contact, address, access end. */
function logisticsLine(request: Detail) {
  const contact = [request.contactPersonName, request.contactPersonTitle, request.contactPhone]
    .filter(Boolean)
    .join(', ');
  return [
    request.practiceArea,
    `Sent ${formatDate(request.sentAt)}`,
    request.dueDate ? `Due ${formatDate(request.dueDate)}` : 'No due date',
    contact && `Contact ${contact}`,
    request.attorneyEmail,
    request.package && request.accessUntil ? `Access until ${formatDate(request.accessUntil)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function RequestView({ request, loadingVersion, onPickVersion }: RequestViewProps) {
  // PRODUCT.md §9: only the actions the member's roles allow are offered (the server refuses the rest).
  const may = requestPermissions(useAuth().user, request);
  const { confirming, ask, cancel, move } = useReviewMove();
  const pkg = request.package;
  // Issue 67 item 11: the candidate first. Book and ask are the hiring parts' (a conflicts-only reader's
  // package has no master LPQ: candidateCard leaves them out).
  const card = pkg ? candidateCard(pkg) : null;
  const shown = pkg?.versions.find((v) => v.version === pkg.version);
  // Actions already taken are facts of the request, not disabled buttons.
  const done = [
    request.reviewedAt && `Marked Under Review ${formatDate(request.reviewedAt)}`,
    request.completedAt && `Review completed ${formatDate(request.completedAt)}`,
  ].filter((f): f is string => !!f);
  // The header (the candidate, status, actions) shows at once; the package, timeline and notes render
  // once it is painted, in the background and in slices, so the first paint waits neither for their code
  // nor for their render and no single task holds the page (Lighthouse's LCP and TBT,
  // bench/lighthouse.ts). Once shown they stay shown.
  const painted = useAfterFirstPaint();
  const showBody = useDeferredValue(painted, false);

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} aria-label="Candidate" component="section">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
            <Title order={2} fz="h3" style={{ wordBreak: 'break-word' }}>
              {card?.name ?? request.attorneyName ?? 'Shown once the attorney shares'}
            </Title>
            {card?.firmAndTitle && (
              <Text size="sm" fw={500} c="gray.8">
                {card.firmAndTitle}
              </Text>
            )}
            <RequestBadges request={request} />
          </Stack>
          <Group gap="xs">
            {may.pipeline && <PendingActions request={request} />}
            {pkg && (
              <>
                {may.review && canMove(request.status, 'reviewed') && (
                  <Button
                    variant="default"
                    leftSection={<IconEye size={16} aria-hidden />}
                    onClick={() => ask({ id: request.id, to: 'reviewed' })}
                  >
                    Mark Under Review
                  </Button>
                )}
                {may.review && canMove(request.status, 'completed') && (
                  <Button
                    variant="default"
                    leftSection={<IconCheck size={16} aria-hidden />}
                    onClick={() => ask({ id: request.id, to: 'completed' })}
                  >
                    Mark Review Complete
                  </Button>
                )}
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
        {pkg && card && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" spacing="md" verticalSpacing="sm">
            {'book' in card && <Fact label="Book" value={card.book ?? '—'} />}
            {'ask' in card && <Fact label="Ask" value={card.ask ?? '—'} />}
            <Fact label="Conflicts" value={conflictsLine(request)} />
            <Fact label="Changes" value={versionWithChanges(pkg.version, shown?.changes)} />
          </SimpleGrid>
        )}
        {done.length > 0 && (
          <Group gap="md" mt="sm" wrap="wrap">
            {done.map((fact) => (
              <Group key={fact} gap={4} wrap="nowrap">
                <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-green-8)" />
                <Text size="sm" fw={500}>
                  {fact}
                </Text>
              </Group>
            ))}
          </Group>
        )}
        <Group gap={6} mt="sm" wrap="nowrap" align="flex-start">
          <IconCalendarTime
            size={16}
            aria-hidden
            color="var(--mantine-color-gray-7)"
            style={{ flexShrink: 0, marginTop: 2 }}
          />
          <Text size="sm" c="gray.7" style={{ wordBreak: 'break-word' }}>
            {logisticsLine(request)}
          </Text>
        </Group>
        {request.additionalMessage && (
          <Text size="sm" c="gray.7" mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            Message: {request.additionalMessage}
          </Text>
        )}
      </Paper>

      {showBody ? (
        <Suspense fallback={bodyLoader}>
          <RequestBody request={request} loadingVersion={loadingVersion} onPickVersion={onPickVersion} />
        </Suspense>
      ) : (
        bodyLoader
      )}

      <ConfirmDialog
        opened={confirming !== null}
        onClose={cancel}
        title={confirming ? REVIEW_MOVES[confirming.to].label : ''}
        message={confirming ? REVIEW_MOVES[confirming.to].confirm : ''}
        confirmLabel={confirming ? REVIEW_MOVES[confirming.to].label : ''}
        loading={move.isPending}
        onConfirm={() => confirming && move.mutate(confirming)}
      />
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

  // A member whose roles reach no request (a diversity officer) opened it by its address.
  if (request.isError && statusOf(request.error) === 403)
    return (
      <Suspense fallback={null}>
        <NoAccess />
      </Suspense>
    );
  if (request.isError && statusOf(request.error) === 404 && asked === null)
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
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
            <Suspense fallback={null}>
              <VersionMissing version={missing} onClose={() => setMissing(null)} />
            </Suspense>
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
