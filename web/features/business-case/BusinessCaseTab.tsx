import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  List,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type BusinessCase, businessCase, type Ledger } from '@shared/business-case';
import { resolveAssumptions } from '@shared/business-case/assumptions';
import type { Flag } from '@shared/business-case/flags';
import {
  BUSINESS_CASE_TEXT,
  breakevenText,
  clientLabelOf,
  FIRM_EVIDENCE_LABELS,
  FIRM_FLAG_TITLES,
  FIRST_LOOK_HINTS,
  FIRST_LOOK_LABELS,
  firmFlagFigures,
} from '@shared/business-case/workbench-texts';
import { SAVE_STATE_TEXT } from '@shared/drafts';
import { EMPTY, formatFraction, formatMoney } from '@shared/format';
import { REALIZATION_BASIS_LABELS } from '@shared/master-lpq';
import type { FirmRequestDetail, SharedPackage } from '@shared/requests';
import { IconAlertTriangle, IconDownload, IconGitCompare, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { SaveState } from '../../components/SaveState';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/client';
import { apiDownload } from '../../lib/download';
import { showToast } from '../../lib/toast';
import { FIRM_KEYS } from '../firm/api';
import { AssumptionFields } from './AssumptionFields';
import {
  type AssumptionValues,
  type FieldValue,
  parseValues,
  percentMessage,
  valuesOf,
} from './assumption-values';
import { useBusinessCase } from './queries';
import { localCaseKey, readLocalValues, useCaseAutosave } from './use-case-autosave';

// The charts (recharts) come after the figures: the numbers show first, the drawings when they arrive.
const BusinessCaseCharts = lazy(() => import('./BusinessCaseCharts'));

const ratioText = (v: number | null) => formatFraction(v);
const signedFraction = (v: number | null) =>
  v === null ? EMPTY : `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatFraction(Math.abs(v))}`;
/** Whole dollars (a sum of twelfths, a share of a book, is not shown with its cents); below zero with '−'. */
const signedMoney = (v: number) => {
  const whole = Math.round(v);
  return whole < 0 ? `−${formatMoney(-whole)}` : formatMoney(whole);
};
const money = (v: number | null) => (v === null ? EMPTY : formatMoney(Math.round(v)));

/** One figure of the first look: a label, the value large, a line under it. */
function Figure(props: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={props.testId}>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {props.label}
      </Text>
      <Text fz="lg" fw={700} mt={2} style={{ overflowWrap: 'anywhere' }}>
        {props.value}
      </Text>
      {props.hint && (
        <Text size="xs" c="gray.7" mt={2}>
          {props.hint}
        </Text>
      )}
    </Paper>
  );
}

function FirstLook({ kase }: { kase: BusinessCase }) {
  const f = kase.firstLook;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <Figure
        label={FIRST_LOOK_LABELS.book}
        testId="first-look-book"
        value={
          <>
            {money(f.claimedBook)} <span aria-hidden>→</span>
            <VisuallyHidden> adjusted to</VisuallyHidden> {money(f.adjustedBook)}
          </>
        }
        hint={FIRST_LOOK_HINTS.book}
      />
      <Figure label={FIRST_LOOK_LABELS.compAsk} value={money(f.compAsk)} />
      <Figure
        label={FIRST_LOOK_LABELS.compToBook}
        testId="first-look-comp-to-book"
        value={`${ratioText(f.compToBookClaimed)} claimed · ${ratioText(f.compToBookAdjusted)} adjusted`}
        hint={FIRST_LOOK_HINTS.compToBook}
      />
      <Figure
        label={FIRST_LOOK_LABELS.collectionsCagr}
        value={f.collectionsCagr === null ? EMPTY : `${signedFraction(f.collectionsCagr)} a year`}
        hint={FIRST_LOOK_HINTS.collectionsCagr}
      />
      <Figure
        label={FIRST_LOOK_LABELS.realization}
        testId="first-look-realization"
        value={ratioText(f.realization.value)}
        hint={REALIZATION_BASIS_LABELS[f.realization.basis]}
      />
      <Figure
        label={`${FIRST_LOOK_LABELS.topClientShare} · ${FIRST_LOOK_LABELS.top3Share}`}
        value={`${ratioText(f.topClientShare)} · ${ratioText(f.top3Share)}`}
        hint={FIRST_LOOK_HINTS.topClientShare}
      />
      <Figure
        label={FIRST_LOOK_LABELS.agedReceivablesShare}
        value={ratioText(f.agedReceivablesShare)}
        hint={FIRST_LOOK_HINTS.agedReceivablesShare}
      />
      <Figure label={FIRST_LOOK_LABELS.teamSize} value={String(f.teamSize)} />
    </SimpleGrid>
  );
}

function Results({ kase }: { kase: BusinessCase }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <Figure
        label="Contribution, year one"
        testId="contribution-year-1"
        value={signedMoney(kase.contribution.year1)}
        hint="Revenue less costs and the recruiter’s fee."
      />
      <Figure
        label="Contribution, year two"
        testId="contribution-year-2"
        value={signedMoney(kase.contribution.year2)}
        hint="Revenue less costs."
      />
      <Figure
        label="Breakeven"
        testId="breakeven-month"
        value={breakevenText(kase.breakevenMonth)}
        hint="The first month the running total is no longer negative."
      />
    </SimpleGrid>
  );
}

function Flags({ flags, clientName }: { flags: Flag[]; clientName: (i: number) => string }) {
  if (!flags.length)
    return (
      <Text size="sm" c="gray.7">
        No flags on this version.
      </Text>
    );
  return (
    <List spacing={6} listStyleType="none" withPadding={false} data-testid="case-flags">
      {flags.map((flag) => (
        <List.Item
          key={`${flag.code}-${flag.field}`}
          icon={<IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-8)" />}
        >
          <Text span size="sm" fw={600}>
            {FIRM_FLAG_TITLES[flag.code]}
          </Text>
          <Text span size="sm">
            {' '}
            — {firmFlagFigures(flag, clientName)}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The client table: each client's claimed and adjusted book, with the firm's haircut for it. */
function Clients(props: {
  kase: BusinessCase;
  values: AssumptionValues;
  errors: Record<string, string>;
  onHaircut: (index: number, value: FieldValue) => void;
}) {
  const { kase, values, errors, onHaircut } = props;
  const wide = useMediaQuery('(min-width: 48em)', true);
  if (!kase.clients.length)
    return (
      <Text size="sm" c="gray.7">
        No top clients in this version.
      </Text>
    );
  const haircutInput = (c: BusinessCase['clients'][number]) => (
    <NumberInput
      // On a phone's card the box is labelled on screen too; the table's column says it from sm up.
      label={wide ? undefined : 'Haircut'}
      aria-label={`Haircut for ${clientLabelOf(c.clientName, c.index)}`}
      placeholder={BUSINESS_CASE_TEXT.clientHaircutPlaceholder(kase.assumptions.haircut)}
      value={values.clientHaircuts[String(c.index)] ?? ''}
      onChange={(v) => onHaircut(c.index, v)}
      error={errors[`clientHaircuts.${c.index}`]}
      suffix="%"
      allowNegative={false}
      decimalScale={2}
      hideControls
      size="xs"
      w={wide ? 130 : '100%'}
    />
  );
  const evidence = (c: BusinessCase['clients'][number]) =>
    c.evidence.length
      ? c.evidence.map((e) => FIRM_EVIDENCE_LABELS[e as keyof typeof FIRM_EVIDENCE_LABELS] ?? e).join(', ')
      : 'None';
  if (!wide)
    return (
      <Stack gap="xs" role="list" aria-label="Top clients">
        {kase.clients.map((c) => (
          <Paper key={c.index} withBorder p="xs" role="listitem" bg="gray.0">
            <Text size="sm" fw={600}>
              {clientLabelOf(c.clientName, c.index)}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="gray.7">
                Claimed
              </Text>
              <Text size="sm">{money(c.claimed)}</Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="gray.7">
                Adjusted
              </Text>
              <Text size="sm" data-testid={`client-adjusted-${c.index}`}>
                {money(c.adjusted)}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="gray.7">
                Share of collections
              </Text>
              <Text size="sm">{ratioText(c.share)}</Text>
            </Group>
            <Text size="sm" c="gray.7">
              Evidence: {evidence(c)}
            </Text>
            <Box mt={4}>{haircutInput(c)}</Box>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer
      minWidth={720}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Top clients (table)"
    >
      <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th ta="right">Claimed</Table.Th>
            <Table.Th>Haircut</Table.Th>
            <Table.Th ta="right">Adjusted</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
            <Table.Th>Evidence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kase.clients.map((c) => (
            <Table.Tr key={c.index}>
              <Table.Th scope="row" fw={600}>
                {clientLabelOf(c.clientName, c.index)}
              </Table.Th>
              <Table.Td ta="right">{money(c.claimed)}</Table.Td>
              <Table.Td>{haircutInput(c)}</Table.Td>
              <Table.Td ta="right" data-testid={`client-adjusted-${c.index}`}>
                {money(c.adjusted)}
              </Table.Td>
              <Table.Td ta="right">{ratioText(c.share)}</Table.Td>
              <Table.Td>{evidence(c)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The sensitivity strip: the year-one contribution and Comp:Book as the book or realization moves. */
function Sensitivity({ kase }: { kase: BusinessCase }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 5 }}
      spacing="xs"
      role="list"
      aria-label="Sensitivity"
      data-testid="sensitivity"
    >
      {kase.sensitivity.map((row) => (
        <Paper key={row.label} withBorder p="xs" radius="md" role="listitem">
          <Text size="xs" c="gray.7" fw={600}>
            {row.label}
          </Text>
          <Text size="sm" fw={700} c={row.year1 < 0 ? 'red.8' : undefined}>
            {signedMoney(row.year1)}{' '}
            <Text span size="xs" c="gray.7" fw={400}>
              year one
            </Text>
          </Text>
          <Text size="xs" c="gray.7">
            Book {money(row.adjustedBook)} · Comp:Book {ratioText(row.compToBook)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** The case on another version, with the same assumptions: what changed in the figures. */
function CompareVersions(props: {
  requestId: string;
  pkg: SharedPackage;
  kase: BusinessCase;
  assumptions: BusinessCase['assumptions'];
  onCompare?: (from: number) => void;
}) {
  const { requestId, pkg, kase, assumptions, onCompare } = props;
  const others = pkg.versions.filter((v) => v.version !== pkg.version);
  const [other, setOther] = useState<number | null>(null);
  const chosen = other !== null && others.some((v) => v.version === other) ? other : null;
  const otherPkg = useQuery({
    queryKey: FIRM_KEYS.version(requestId, chosen),
    queryFn: () =>
      api('GET /api/firm/lpq-requests/:id', {
        params: { id: requestId },
        query: { version: chosen ?? undefined },
      }),
    enabled: chosen !== null,
  });
  const otherLedger = otherPkg.data?.package?.masterLpq as Ledger | undefined;
  const otherCase = useMemo(
    () => (otherLedger ? businessCase(otherLedger, assumptions) : null),
    [otherLedger, assumptions],
  );
  if (!others.length) return null;
  const rows: [string, (k: BusinessCase) => string][] = [
    ['Claimed book', (k) => money(k.firstLook.claimedBook)],
    ['Adjusted book', (k) => money(k.firstLook.adjustedBook)],
    ['Comp:Book adjusted', (k) => ratioText(k.firstLook.compToBookAdjusted)],
    ['Contribution, year one', (k) => signedMoney(k.contribution.year1)],
    ['Contribution, year two', (k) => signedMoney(k.contribution.year2)],
    ['Breakeven', (k) => breakevenText(k.breakevenMonth)],
    ['Flags', (k) => String(k.flags.length)],
  ];
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Compare with version"
          placeholder="Choose a version"
          data={others.map((v) => ({ value: String(v.version), label: `Version ${v.version}` }))}
          value={chosen === null ? null : String(chosen)}
          onChange={(v) => setOther(v ? Number(v) : null)}
          w={220}
          clearable
        />
        {onCompare && chosen !== null && (
          <Button
            variant="default"
            leftSection={<IconGitCompare size={16} aria-hidden />}
            onClick={() => onCompare(Math.min(chosen, pkg.version))}
          >
            What changed in the package
          </Button>
        )}
      </Group>
      {chosen !== null &&
        (otherPkg.isLoading ? (
          <Loader size="sm" aria-label="Loading the other version" />
        ) : !otherCase ? (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(otherPkg.error, 'That version could not be loaded.')}
          </Text>
        ) : (
          <Table.ScrollContainer
            minWidth={360}
            type="native"
            tabIndex={0}
            role="region"
            aria-label="The case on both versions (table)"
          >
            <Table fz="sm" withTableBorder verticalSpacing={4} data-testid="version-compare">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>With these assumptions</Table.Th>
                  <Table.Th ta="right">Version {chosen}</Table.Th>
                  <Table.Th ta="right">Version {pkg.version}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(([label, of]) => {
                  const before = of(otherCase);
                  const now = of(kase);
                  return (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" fw={500}>
                        {label}
                      </Table.Th>
                      <Table.Td ta="right">{before}</Table.Td>
                      <Table.Td ta="right" fw={before === now ? undefined : 700}>
                        {now}
                        {before !== now && (
                          <Badge ml={6} size="xs" variant="light" color="blue">
                            changed
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}

function Block(props: { title: string; children: ReactNode; right?: ReactNode; id?: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={props.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} fz="md" id={props.id}>
          {props.title}
        </Title>
        {props.right}
      </Group>
      {props.children}
    </Stack>
  );
}

/**
 * PRODUCT.md §12 'The firm's workbench': the case on the version on screen. The assumptions belong to the
 * request: the form starts from the saved ones (or from what this tab typed and could not save yet), every
 * keystroke recomputes the case in the browser with the shared module, and the autosave keeps them.
 */
export default function BusinessCaseTab(props: {
  request: FirmRequestDetail;
  pkg: SharedPackage;
  onCompare?: (from: number) => void;
}) {
  const { request, pkg, onCompare } = props;
  const userId = useAuth().user?.id ?? '';
  const remote = useBusinessCase(request.id, pkg.version);
  const localKey = localCaseKey(userId, request.id);
  const [values, setValues] = useState<AssumptionValues | null>(null);
  const [restored, setRestored] = useState(false);
  // The form opens once per request, from the first answer; a version change keeps what is typed.
  useEffect(() => {
    if (values || !remote.data) return;
    const local = readLocalValues(localKey);
    if (local) setRestored(true);
    setValues(local ?? valuesOf(remote.data.assumptions));
  }, [values, remote.data, localKey]);

  const ledger = pkg.masterLpq as Ledger | undefined;
  const parsed = useMemo(() => (values ? parseValues(values) : null), [values]);
  const savedBody = useMemo(() => {
    if (!remote.data) return null;
    const p = parseValues(valuesOf(remote.data.assumptions));
    return p.ok ? p.input : null;
  }, [remote.data]);
  const body = parsed?.ok ? parsed.input : null;
  const autosave = useCaseAutosave({
    requestId: request.id,
    version: pkg.version,
    localKey,
    values,
    body,
    savedBody,
  });

  // The case as typed (the last valid entry while a field is not): the shared module, in the browser.
  const lastGood = useRef<BusinessCase | null>(null);
  const kase = useMemo(() => {
    if (!ledger || !remote.data) return null;
    if (!body) return lastGood.current;
    return businessCase(ledger, resolveAssumptions(body, remote.data.assumptions));
  }, [ledger, body, remote.data]);
  if (kase) lastGood.current = kase;

  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await apiDownload('GET /api/firm/lpq-requests/:id/business-case.xlsx', 'business-case.xlsx', {
        params: { id: request.id },
        query: { version: pkg.version },
      });
    } catch (error) {
      showToast(
        { title: 'The workbook could not be downloaded', message: 'Please try again.' },
        { variant: 'destructive', message: errorMessage(error, 'Please try again.') },
      );
    } finally {
      setDownloading(false);
    }
  };

  if (remote.isLoading || (!values && !remote.isError))
    return (
      <Center py="xl">
        <Loader aria-label="Loading the business case" />
      </Center>
    );
  if (remote.isError && !kase)
    return (
      <Alert color="red" role="alert" title="The business case could not be loaded">
        <Text size="sm">{errorMessage(remote.error, 'Please reload the page.')}</Text>
        <Button mt="xs" size="compact-sm" variant="subtle" px={0} onClick={() => remote.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!kase || !values) return null;

  const errors = { ...(parsed && !parsed.ok ? parsed.errors : {}) };
  for (const [field, message] of Object.entries(autosave.fieldProblems))
    errors[field] ??= percentMessage(message);
  const setField = (key: string, value: FieldValue) => setValues((v) => (v ? { ...v, [key]: value } : v));
  const setHaircut = (index: number, value: FieldValue) =>
    setValues((v) => (v ? { ...v, clientHaircuts: { ...v.clientHaircuts, [String(index)]: value } } : v));
  const clientName = (i: number) => clientLabelOf(kase.clients[i]?.clientName, i);

  return (
    <Stack gap="xl" data-testid="business-case">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap" maw={640}>
          <IconLock size={16} aria-hidden color="var(--mantine-color-gray-7)" style={{ flexShrink: 0 }} />
          <Text size="sm" c="gray.7">
            {BUSINESS_CASE_TEXT.privateNote} Version {pkg.version}.
          </Text>
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={download}
          loading={downloading}
        >
          Download workbook
        </Button>
      </Group>

      <Block title="First look" id="bc-first-look">
        <FirstLook kase={kase} />
      </Block>

      <Block title="Questions to ask" id="bc-flags">
        <Flags flags={kase.flags} clientName={clientName} />
      </Block>

      <Block title="Contribution and breakeven" id="bc-results">
        <Results kase={kase} />
      </Block>

      <Block title="Assumptions" id="bc-assumptions" right={<SaveState autosave={autosave} />}>
        {restored && (
          <Text size="sm" c="blue.9">
            {SAVE_STATE_TEXT.restored}
          </Text>
        )}
        {autosave.problem && (
          <Alert color="red" variant="light" role="alert" title="Your assumptions are not saved yet">
            <Text size="sm">{autosave.problem} What you typed is kept here.</Text>
            <Anchor component="button" type="button" size="sm" fw={600} onClick={autosave.retry}>
              Try again
            </Anchor>
          </Alert>
        )}
        <AssumptionFields values={values} errors={errors} onChange={setField} cols={4} />
      </Block>

      <Block title="Clients and their haircuts" id="bc-clients">
        <Text size="sm" c="gray.7">
          Leave a client’s haircut empty to use the default ({formatFraction(kase.assumptions.haircut)}).
        </Text>
        <Clients kase={kase} values={values} errors={errors} onHaircut={setHaircut} />
      </Block>

      <Block title="Sensitivity" id="bc-sensitivity">
        <Sensitivity kase={kase} />
      </Block>

      <Block title="Charts" id="bc-charts">
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" aria-label="Loading the charts" />
            </Center>
          }
        >
          {ledger && <BusinessCaseCharts ledger={ledger} kase={kase} />}
        </Suspense>
      </Block>

      {pkg.versions.length > 1 && (
        <Block title="Other versions" id="bc-versions">
          <CompareVersions
            requestId={request.id}
            pkg={pkg}
            kase={kase}
            assumptions={kase.assumptions}
            onCompare={onCompare}
          />
        </Block>
      )}
    </Stack>
  );
}
