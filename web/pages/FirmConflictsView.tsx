import { Alert, Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { PRECHECK_FIRM_TEXTS } from '@shared/conflicts';
import { IconScale } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { NoAccess } from '../components/NoAccess';
import { PageShell } from '../components/PageShell';
import { useConflictsView } from '../features/conflicts/api';
import { ConflictsBadge } from '../features/conflicts/ConflictsBadge';
import { ConflictsDetails, DecisionHistory } from '../features/conflicts/ConflictsDetails';
import { RowAnswers } from '../features/conflicts/RowAnswers';
import { statusOf } from '../lib/api';
import { formatDate } from '../lib/format';

// The 404 page's own chunk (the page table's entry loads the same module; the table imports this page, so
// this page does not import the table back).
const NotFound = lazy(() => import('./NotFound'));

/**
 * PRODUCT.md §9, the conflicts role: one shared request's conflicts view (the conflicts form, the master
 * LPQ's employers and top clients' names, no figures) and its clearance. Conflicts information serves
 * conflicts checks only (ABA Model Rule 1.6(b)(7)): nothing here links into the package.
 */
export default function FirmConflictsView() {
  const { id = '' } = useParams();
  const view = useConflictsView(id);
  const data = view.data;

  if (view.isError && statusOf(view.error) === 403) return <NoAccess />;
  // Another firm's request, one not shared, or one whose access ended: the same answer, Not Found.
  if (view.isError && statusOf(view.error) === 404)
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  return (
    <PageShell
      title={
        data
          ? data.precheck
            ? `Pre-check: ${data.positionTitle}`
            : data.attorneyName || data.attorneyEmail || 'Conflicts Check'
          : 'Conflicts Check'
      }
      subtitle={
        data
          ? data.precheck
            ? `${PRECHECK_FIRM_TEXTS.sent(formatDate(data.precheckSentAt))} · ${PRECHECK_FIRM_TEXTS.unnamed}`
            : `${data.positionTitle} · ${data.practiceArea} · shared ${formatDate(data.sharedAt)}, version ${data.version}`
          : undefined
      }
      back={{ to: '/firm/conflicts', label: 'Back to Conflicts Queue' }}
      // The decision in force, at the top: on a phone the clearance form is below the details it is made on.
      status={data && <ConflictsBadge status={data.conflictsStatus} />}
    >
      {view.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading the conflicts view" />
        </Center>
      ) : view.isError || !data ? (
        <Text c="red.8" role="alert">
          The conflicts view could not be loaded. Please reload the page.
        </Text>
      ) : data.precheck ? (
        <Stack gap="lg">
          <Alert color="blue" variant="light" icon={<IconScale aria-hidden />} title="Conflicts pre-check">
            {PRECHECK_FIRM_TEXTS.intro}
          </Alert>
          <RowAnswers view={data} />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Alert
            color="blue"
            variant="light"
            icon={<IconScale aria-hidden />}
            title="For conflicts checks only"
          >
            This view holds what a conflicts check needs: the conflicts form, past employers and top clients’
            names. Use it only to detect and resolve conflicts of interest. Every view is recorded and visible
            to the attorney.
          </Alert>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ConflictsDetails view={data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <RowAnswers view={data} />
                <DecisionHistory view={data} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </PageShell>
  );
}
