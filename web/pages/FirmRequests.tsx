import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  countLabel,
  FIRM_REQUEST_SORT_LABELS,
  FIRM_REQUEST_SORTS,
  type FirmRequestSort,
  parseViewQuery,
  viewQueryString,
} from '@shared/firm-pipeline';
import { formatDate } from '@shared/format';
import { type FirmRequestListItem, REQUEST_STATUS_LABELS, REQUEST_STATUSES } from '@shared/requests';
import { CONFLICTS_STATUS_LABELS, CONFLICTS_STATUSES } from '@shared/team';
import { IconBookmark, IconDownload, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { NoAccess } from '../components/NoAccess';
import { PageShell } from '../components/PageShell';
import {
  FIRM_KEYS,
  type RequestFilters,
  refreshRequests,
  requestsQuery,
  useRequestPages,
  useRequestTotal,
  useSavedViews,
} from '../features/firm/api';
import { NewRequestButton } from '../features/firm/NewRequestButton';
import { memberCan } from '../features/firm/permissions';
import { RequestsBoard } from '../features/firm/RequestsBoard';
import { conflictsText, RequestsTable } from '../features/firm/RequestsTable';
import { useReviewerCandidates } from '../features/firm/ReviewerPicker';
import { queryClient, statusOf } from '../lib/api';
import { useAuth } from '../lib/auth';
import { api, apiUrl } from '../lib/client';

const ALL = 'all';
const LAYOUT_KEY = 'layout';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] })),
];
const CONFLICTS_OPTIONS = [
  { value: ALL, label: 'Any conflicts status' },
  ...CONFLICTS_STATUSES.map((s) => ({ value: s, label: CONFLICTS_STATUS_LABELS[s] })),
];
const SORT_OPTIONS = FIRM_REQUEST_SORTS.map((s) => ({ value: s, label: FIRM_REQUEST_SORT_LABELS[s] }));

/** The list's heading and empty state for each kind of reader (PRODUCT.md §9: the server narrows the list). */
function listTexts(member: ReturnType<typeof memberCan>) {
  if (member.assignedOnly)
    return {
      title: 'Assigned to Me',
      subtitle: 'The requests your firm assigned you to review.',
      empty: 'No requests are assigned to you yet',
      emptyDetail: 'When a recruiter assigns you a request, it appears here and you receive an email.',
    };
  if (member.conflictsOnly)
    return {
      title: 'Shared Requests',
      subtitle: 'Requests whose packages were shared with your firm.',
      empty: 'No packages have been shared yet',
      emptyDetail: 'Shared requests appear here and in your conflicts queue.',
    };
  return {
    title: 'LPQ Requests',
    subtitle: 'Every invitation your firm has sent.',
    empty: 'No invitations sent yet',
    emptyDetail: 'Invite an attorney to share their LPQ for one of your open positions.',
  };
}

/** The URL's query without the layout: what a saved view and the list's filters read. */
function filtersOf(search: string) {
  const params = new URLSearchParams(search);
  params.delete(LAYOUT_KEY);
  return params.toString();
}

/** PRODUCT.md §15: the filters live in the URL, so a view can be bookmarked and sent to a colleague. */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const parsed = parseViewQuery(filtersOf(params.toString())) ?? parseViewQuery('')!;
  const filters: RequestFilters = {
    status: parsed.status ?? null,
    reviewer: parsed.reviewer ?? null,
    conflicts: parsed.conflicts ?? null,
    new: parsed.new ?? false,
    overdue: parsed.overdue ?? false,
    q: parsed.q ?? '',
    sort: parsed.sort,
  };
  // From the URL as it is now (the browser's, which a navigation updates at once), not as this render or
  // React Router's last render read it: a change made in the same moment as another (the search box settling
  // as a sort is chosen) keeps the other.
  // The board or the list ('layout=board') stays in the URL beside the filters, and survives their changes.
  const board = params.get(LAYOUT_KEY) === 'board';
  const withLayout = (next: URLSearchParams, onBoard: boolean) => {
    if (onBoard) next.set(LAYOUT_KEY, 'board');
    return next;
  };
  const onBoardNow = () => new URLSearchParams(window.location.search).get(LAYOUT_KEY) === 'board';
  const set = (change: Partial<RequestFilters>) => {
    const current = parseViewQuery(filtersOf(window.location.search)) ?? parseViewQuery('')!;
    setParams(withLayout(new URLSearchParams(viewQueryString({ ...current, ...change })), onBoardNow()), {
      replace: true,
    });
  };
  const setBoard = (onBoard: boolean) => {
    const next = new URLSearchParams(window.location.search);
    next.delete(LAYOUT_KEY);
    setParams(withLayout(next, onBoard), { replace: true });
  };
  return {
    filters,
    set,
    board,
    setBoard,
    clear: () => setParams(withLayout(new URLSearchParams(), onBoardNow()), { replace: true }),
  };
}

const BULK_DONE: Record<string, string> = { resend: 'Resent', withdraw: 'Withdrawn', assign: 'Assigned' };

/** The selection as CSV, in the browser (the rows are on screen already). */
function selectionCsv(rows: FirmRequestListItem[]) {
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    [
      'Attorney Email',
      'Attorney Name',
      'Position',
      'Stage',
      'Reviewers',
      'Conflicts',
      'Last Activity',
      'Due',
      'Overdue',
    ],
    ...rows.map((r) => [
      r.attorneyEmail,
      r.attorneyName ?? '',
      r.positionTitle,
      REQUEST_STATUS_LABELS[r.status],
      r.reviewers.map((v) => v.name).join('; '),
      conflictsText(r),
      `${r.lastActivity.text} · ${formatDate(r.lastActivity.at)}`,
      r.dueDate ? formatDate(r.dueDate) : '',
      r.overdue ? 'Yes' : 'No',
    ]),
  ];
  return `\uFEFF${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}

function downloadCsv(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'lpq-requests-selection.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * PRODUCT.md §4, §6, §15: every sent request with who reviews it, its conflicts, its position LPQ and what
 * happened last; filtered (stage, reviewer, conflicts, new, overdue), searched and sorted, the filters in the
 * URL; saved views; bulk resend, withdraw and CSV export of a selection. A reviewer's list holds only the
 * requests assigned to them (§9); sending, bulk actions and exporting are the recruiter's.
 */
export default function FirmRequests() {
  const { filters, set, clear, board, setBoard } = useUrlFilters();
  const [search, setSearch] = useState(filters.q);
  const [q] = useDebouncedValue(search, 300);
  // The typed text reaches the URL once it settles; a URL that changes otherwise (a saved view, Clear
  // filters) sets the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text drives this
  useEffect(() => {
    if (q !== filters.q) set({ q });
  }, [q]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL's text drives this
  useEffect(() => {
    if (filters.q !== q) setSearch(filters.q);
  }, [filters.q]);
  const pages = useRequestPages(filters);
  const total = useRequestTotal();
  const views = useSavedViews();
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const first = pages.data?.pages[0];
  // Issue 64 item 6: counted up to COUNT_CAP, '1,000+' beyond.
  const matched = first?.total == null ? null : countLabel(first.total, first.totalCapped);
  const filtered = Boolean(
    filters.status ||
      filters.q.trim() ||
      filters.reviewer ||
      filters.conflicts ||
      filters.new ||
      filters.overdue,
  );
  const { user } = useAuth();
  const member = memberCan(user);
  const reviewers = useReviewerCandidates(member.assigns);
  const [assignTo, setAssignTo] = useState<string | null>(null);
  const texts = listTexts(member);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [viewName, setViewName] = useState('');
  const [summary, setSummary] = useState<{
    action: string;
    done: number;
    refused: { id: string; message: string }[];
  } | null>(null);
  const chosen = rows.filter((r) => selected.has(r.id));
  const label = (id: string) => {
    const r = rows.find((x) => x.id === id);
    return r ? `${r.attorneyName ?? r.attorneyEmail} — ${r.positionTitle}` : id;
  };

  const bulk = useMutation({
    mutationFn: (action: 'resend' | 'withdraw' | 'assign') =>
      api('POST /api/firm/lpq-requests/bulk', {
        body: {
          action,
          ids: [...selected],
          ...(action === 'assign' && assignTo ? { reviewerId: assignTo } : {}),
        },
      }),
    onSuccess: (result, action) => {
      setSummary({ action, done: result.done.length, refused: result.refused });
      setSelected(new Set(result.refused.map((r) => r.id)));
      setConfirmWithdraw(false);
      refreshRequests();
    },
  });
  const saveView = useMutation({
    mutationFn: () =>
      api('POST /api/firm/views', { body: { name: viewName, query: viewQueryString(filters) } }),
    onSuccess: () => {
      setViewName('');
      void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.views });
    },
  });
  const deleteView = useMutation({
    mutationFn: (id: string) => api('DELETE /api/firm/views/:id', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.views }),
  });

  if (pages.isError && statusOf(pages.error) === 403) return <NoAccess />;
  const countText =
    matched === null
      ? null
      : filtered && total.data
        ? `${matched} of ${countLabel(total.data.n, total.data.capped)}`
        : matched;
  return (
    <PageShell
      title={texts.title}
      subtitle={texts.subtitle}
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
      actions={
        member.pipeline && (
          <Group gap="xs">
            <Button
              component="a"
              variant="default"
              href={apiUrl('GET /api/firm/lpq-requests.csv', { query: requestsQuery(filters) })}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Export CSV
            </Button>
            <NewRequestButton />
          </Group>
        )
      }
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Attorney or position"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status ?? ALL}
            onChange={(v) => set({ status: !v || v === ALL ? null : (v as RequestFilters['status']) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label="Reviewer"
            data={[
              { value: ALL, label: 'Anyone' },
              { value: 'me', label: 'Assigned to me' },
              ...(reviewers.data ?? [])
                .filter((m) => m.userId !== member.userId)
                .map((m) => ({ value: m.userId, label: `${m.firstName} ${m.lastName}`.trim() })),
            ]}
            value={filters.reviewer ?? ALL}
            onChange={(v) => set({ reviewer: !v || v === ALL ? null : v })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <Select
            label="Conflicts"
            data={CONFLICTS_OPTIONS}
            value={filters.conflicts ?? ALL}
            onChange={(v) => set({ conflicts: !v || v === ALL ? null : (v as RequestFilters['conflicts']) })}
            allowDeselect={false}
            w={{ base: '100%', xs: 190 }}
          />
          <Select
            label="Sort by"
            data={SORT_OPTIONS}
            value={filters.sort}
            onChange={(v) => set({ sort: (v as FirmRequestSort | null) ?? '-sent' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        <Group gap="md" wrap="wrap" justify="space-between">
          <Group gap="md">
            <SegmentedControl
              aria-label="Show as"
              size="xs"
              data={[
                { value: 'list', label: 'List' },
                { value: 'board', label: 'Board' },
              ]}
              value={board ? 'board' : 'list'}
              onChange={(v) => setBoard(v === 'board')}
            />
            <Checkbox
              label="New"
              checked={filters.new}
              onChange={(e) => set({ new: e.currentTarget.checked })}
            />
            <Checkbox
              label="Overdue"
              checked={filters.overdue}
              onChange={(e) => set({ overdue: e.currentTarget.checked })}
            />
            {countText && (
              <Text size="sm" c="gray.7" aria-live="polite" data-testid="result-count">
                {countText}{' '}
                {(filtered && total.data ? total.data.n : first?.total) === 1 ? 'request' : 'requests'}
              </Text>
            )}
            {filtered && (
              <Button variant="subtle" size="compact-sm" onClick={clear}>
                Clear filters
              </Button>
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" size="sm" leftSection={<IconBookmark size={16} aria-hidden />}>
                  Saved views{views.data?.length ? ` (${views.data.length})` : ''}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {views.data?.length ? (
                  views.data.map((v) => (
                    <Group key={v.id} gap={4} wrap="nowrap" pr={4}>
                      <Menu.Item component={Link} to={`/firm/requests${v.query ? `?${v.query}` : ''}`}>
                        {v.name}
                      </Menu.Item>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete view ${v.name}`}
                        onClick={() => deleteView.mutate(v.id)}
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))
                ) : (
                  <Menu.Label>No saved views yet</Menu.Label>
                )}
              </Menu.Dropdown>
            </Menu>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                saveView.mutate();
              }}
            >
              <Group gap={4} wrap="nowrap">
                <TextInput
                  aria-label="View name"
                  placeholder="Name this view"
                  size="sm"
                  value={viewName}
                  onChange={(e) => setViewName(e.currentTarget.value)}
                  error={saveView.error ? (saveView.error as Error).message : undefined}
                />
                <Button type="submit" size="sm" variant="light" loading={saveView.isPending}>
                  Save view
                </Button>
              </Group>
            </form>
          </Group>
        </Group>
        {summary && (
          <Alert
            color={summary.refused.length ? 'yellow' : 'teal'}
            title={`${BULK_DONE[summary.action] ?? 'Done'}: ${summary.done} · Refused: ${summary.refused.length}`}
            withCloseButton
            closeButtonLabel="Dismiss summary"
            onClose={() => setSummary(null)}
            role="status"
          >
            {summary.refused.length > 0 && (
              <Stack gap={2}>
                {summary.refused.map((r) => (
                  <Text key={r.id} size="sm">
                    {label(r.id)}: {r.message}
                  </Text>
                ))}
              </Stack>
            )}
          </Alert>
        )}
        {member.pipeline && selected.size > 0 && (
          <Paper withBorder p="sm" bg="gray.0">
            <Group gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                {selected.size} selected
              </Text>
              <Button size="xs" loading={bulk.isPending} onClick={() => bulk.mutate('resend')}>
                Resend
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setConfirmWithdraw(true)}>
                Withdraw
              </Button>
              {member.assigns && (
                <Group gap={4} wrap="nowrap">
                  <Select
                    aria-label="Reviewer to assign"
                    placeholder="Reviewer to assign"
                    size="xs"
                    data={(reviewers.data ?? []).map((m) => ({
                      value: m.userId,
                      label: `${m.firstName} ${m.lastName}`.trim(),
                    }))}
                    value={assignTo}
                    onChange={setAssignTo}
                    w={180}
                  />
                  <Button
                    size="xs"
                    variant="light"
                    disabled={!assignTo}
                    loading={bulk.isPending && bulk.variables === 'assign'}
                    onClick={() => bulk.mutate('assign')}
                  >
                    Assign
                  </Button>
                </Group>
              )}
              <Button size="xs" variant="default" onClick={() => downloadCsv(selectionCsv(chosen))}>
                Export selection as CSV
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                Clear selection
              </Button>
            </Group>
          </Paper>
        )}
        <ConfirmDialog
          opened={confirmWithdraw}
          title={`Withdraw ${selected.size} ${selected.size === 1 ? 'invitation' : 'invitations'}?`}
          message={
            <Stack gap={2}>
              {[...selected].map((id) => (
                <Text key={id} size="sm">
                  {label(id)}
                </Text>
              ))}
            </Stack>
          }
          warning="Their sign-up links stop working. Invitations that are not pending are refused and stay as they are."
          confirmLabel="Withdraw"
          color="red"
          loading={bulk.isPending}
          onConfirm={() => bulk.mutate('withdraw')}
          onClose={() => setConfirmWithdraw(false)}
        />
        <Paper withBorder p="md">
          {pages.isLoading ? (
            <Center py="lg">
              <Loader aria-label="Loading requests" />
            </Center>
          ) : pages.isError ? (
            <Text c="red.8" role="alert">
              The requests could not be loaded. Please reload the page.
            </Text>
          ) : rows.length > 0 ? (
            <Stack gap="md">
              {board ? (
                <RequestsBoard requests={rows} user={user} />
              ) : (
                <RequestsTable
                  requests={rows}
                  sort={{ sort: filters.sort, onSort: (sort) => set({ sort }) }}
                  selection={member.pipeline ? { selected, onChange: setSelected } : undefined}
                  hideHiring={member.conflictsOnly}
                />
              )}
              {pages.hasNextPage && (
                <Center>
                  <Button
                    variant="default"
                    loading={pages.isFetchingNextPage}
                    onClick={() => void pages.fetchNextPage()}
                  >
                    Show more
                  </Button>
                </Center>
              )}
            </Stack>
          ) : filtered ? (
            <Stack align="center" gap="sm" py="lg">
              <Text c="dimmed" ta="center">
                No requests match your filters.
              </Text>
              <Button variant="default" onClick={clear}>
                Clear filters
              </Button>
            </Stack>
          ) : (
            <Stack align="center" gap="sm" py="lg">
              <Text fw={500}>{texts.empty}</Text>
              <Text c="dimmed" size="sm" ta="center">
                {texts.emptyDetail}
              </Text>
              {member.pipeline && <NewRequestButton />}
            </Stack>
          )}
        </Paper>
      </Stack>
    </PageShell>
  );
}
