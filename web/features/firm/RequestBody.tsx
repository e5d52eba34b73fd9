import {
  Alert,
  Anchor,
  Center,
  Divider,
  Grid,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { versionWithChanges } from '@shared/package-changes';
import { describePackage } from '@shared/package-view';
import type { FirmRequestDetail as Detail } from '@shared/requests';
import { IconGitCompare } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useAuth } from '../../lib/auth';
import { AuditTrailActions } from '../record/AuditTrailActions';
import { usePackageChanges } from './api';
import { CertificationBar } from './CertificationBar';
import { ChangeMarksProvider } from './change-marks';
import { PackageChanges } from './PackageChanges';
import { PackageTabs } from './PackageTabs';
import { SummaryCard } from './PackageView';
import { requestPermissions } from './permissions';
import { FirmQuestionsCard, RevokedNotice } from './RequestFacts';
import { RequestNotes, RequestTimeline } from './RequestPipeline';
import { ReviewersCard } from './ReviewerPicker';
import { VersionBar } from './VersionBar';

// PRODUCT.md §12: the business case (and its charts) is its own chunk, loaded when its tab is opened.
const BusinessCaseTab = lazy(() => import('../business-case/BusinessCaseTab'));

/** '2 answers changed', '1 answer changed'. */
const changesCount = (n: number) => `${n} answer${n === 1 ? '' : 's'} changed`;

/** The review screen's request, as the page and its lazy body both take it. */
export type RequestViewProps = {
  request: Detail;
  loadingVersion: boolean;
  onPickVersion: (version: number) => void;
};

/**
 * Below the candidate card (issue 67 item 11: the candidate first): what changed since the member last
 * opened it, the summary, the version bar, the reviewers, the shared package (only the parts the
 * reader's roles reach: the server leaves the others out), the timeline, notes and questions.
 */
export default function RequestBody({ request, loadingVersion, onPickVersion }: RequestViewProps) {
  const may = requestPermissions(useAuth().user, request);
  const [comparing, setComparing] = useState<{ from?: number } | null>(null);
  const attorney = request.attorneyName ?? request.attorneyEmail;
  const pkg = request.package;
  // Issue 67: the version this member last opened, as the first read of this visit said (a later read of the
  // page counts as an opening of the latest).
  const [since] = useState(request.lastOpenedVersion ?? null);
  const latest = pkg?.versions.at(-1)?.version ?? pkg?.version ?? 0;
  const sinceOpened = pkg && since !== null && since < latest && pkg.version === latest ? since : null;
  const changed = usePackageChanges(request.id, sinceOpened ?? 1, latest, sinceOpened !== null);
  const shownVersion = pkg?.versions.find((v) => v.version === pkg.version);
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
    <>
      {sinceOpened !== null && changed.data && changed.data.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconGitCompare aria-hidden />}
          title={`${changesCount(changed.data.length)} since version ${sinceOpened}, which you last opened`}
        >
          <Text size="sm">
            Each changed answer is marked below with its earlier value.{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={() => setComparing({ from: sinceOpened })}
            >
              Compare with version {sinceOpened}
            </Anchor>
          </Text>
        </Alert>
      )}

      {view && <SummaryCard rows={view.summary} />}

      {pkg && pkg.versions.length > 1 && (
        <VersionBar
          request={request}
          pkg={pkg}
          loading={loadingVersion}
          onPick={onPickVersion}
          onCompare={(from) => setComparing({ from })}
        />
      )}

      {/* The conflicts department reads a request only for its conflicts form: reviewers are not its business. */}
      {(may.assigns || may.notes) && <ReviewersCard request={request} canAssign={may.assigns} />}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="h4" mb="md">
          Shared Package
        </Title>
        {pkg && view ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              A frozen copy of what {attorney} shared on {view.sharedOn} (
              {versionWithChanges(view.version, shownVersion?.changes)}). Every view and download is recorded
              and visible to the attorney.
            </Text>
            <CertificationBar key={pkg.version} requestId={request.id} pkg={pkg} />
            <ChangeMarksProvider changes={sinceOpened !== null ? changed.data : undefined}>
              <PackageTabs
                view={view}
                extra={
                  may.businessCase && pkg.masterLpq !== undefined
                    ? {
                        key: 'businessCase',
                        tab: 'Business case',
                        panel: (
                          <Suspense
                            fallback={
                              <Center py="xl">
                                <Loader aria-label="Loading the business case" />
                              </Center>
                            }
                          >
                            <BusinessCaseTab
                              key={request.id}
                              request={request}
                              pkg={pkg}
                              onCompare={
                                pkg.versions.length > 1 ? (from) => setComparing({ from }) : undefined
                              }
                            />
                          </Suspense>
                        ),
                      }
                    : undefined
                }
              />
            </ChangeMarksProvider>
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
        <Grid.Col span={{ base: 12, md: may.notes ? 4 : 12 }}>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%">
            <Title order={2} fz="h4" mb="md">
              Timeline
            </Title>
            <RequestTimeline request={request} />
            <Divider my="md" />
            <AuditTrailActions target={{ side: 'firm', requestId: request.id }} />
          </Paper>
        </Grid.Col>
        {/* Notes are the hiring side's: admins, recruiters and the assigned reviewers (request.firmNotes). */}
        {may.notes && (
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} h="100%" miw={0}>
              <Title order={2} fz="h4" mb="md">
                Notes
              </Title>
              <RequestNotes requestId={request.id} />
            </Paper>
          </Grid.Col>
        )}
      </Grid>

      <SimpleGrid cols={1} spacing="lg">
        <FirmQuestionsCard request={request} />
      </SimpleGrid>
      {pkg && pkg.versions.length > 1 && (
        <PackageChanges
          requestId={request.id}
          versions={pkg.versions}
          opened={comparing !== null}
          initialFrom={comparing?.from}
          onClose={() => setComparing(null)}
        />
      )}
    </>
  );
}
