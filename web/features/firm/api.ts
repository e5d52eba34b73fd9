import type { FirmRequestSort } from '@shared/firm-pipeline';
import type { RequestStatus } from '@shared/requests';
import type { ConflictsStatus } from '@shared/team';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';
import { api, apiOrNull, apiPage, apiUrl, type QueryOf } from '../../lib/client';

export const FIRM_KEYS = {
  profile: ['/api/firm/profile'],
  stats: ['/api/firm/dashboard-stats'],
  sections: ['/api/firm/custom-sections'],
  requests: ['/api/firm/lpq-requests'],
  request: (id: string) => ['/api/firm/lpq-requests', id],
  notes: (id: string) => ['/api/firm/lpq-requests', id, 'notes'],
  /** One version of the package (null: the latest); under request(id), so refreshing a request reaches it. */
  version: (id: string, version: number | null) => ['/api/firm/lpq-requests', id, 'version', version],
  changes: (id: string, from: number, to: number) => ['/api/firm/lpq-requests', id, 'changes', from, to],
  pages: ['firm-request-pages'],
  views: ['/api/firm/views'],
};

export type RequestFilters = {
  status: RequestStatus | null;
  q: string;
  sort: FirmRequestSort;
  // PRODUCT.md §15.
  reviewer?: string | null;
  conflicts?: ConflictsStatus | null;
  new?: boolean;
  overdue?: boolean;
};

/** The list's query (also the CSV export's, without paging), in the order the URL names it. */
export function requestsQuery(filters: RequestFilters): QueryOf<'GET /api/firm/lpq-requests.csv'> {
  return {
    status: filters.status ?? undefined,
    reviewer: filters.reviewer ?? undefined,
    conflicts: filters.conflicts ?? undefined,
    new: filters.new ? 'true' : undefined,
    overdue: filters.overdue ? 'true' : undefined,
    q: filters.q.trim() || undefined,
    sort: filters.sort,
  };
}

/** PRODUCT.md §15: every request the member sees, unfiltered: the 'of 12' of the list's count. */
export const useRequestTotal = () =>
  useQuery({
    queryKey: [...FIRM_KEYS.pages, 'total'],
    queryFn: async () => {
      const page = await apiPage(
        'GET /api/firm/lpq-requests',
        apiUrl('GET /api/firm/lpq-requests', { query: { limit: 1 } }),
      );
      return page.total === null ? null : { n: page.total, capped: page.totalCapped };
    },
  });

export const useSavedViews = (enabled = true) =>
  useQuery({ queryKey: FIRM_KEYS.views, queryFn: () => api('GET /api/firm/views'), enabled });

/** PRODUCT.md §6: pages of the firm's list, the next page's URL from the Link header. */
export const useRequestPages = (filters: RequestFilters) =>
  useInfiniteQuery({
    queryKey: [...FIRM_KEYS.pages, filters],
    initialPageParam: apiUrl('GET /api/firm/lpq-requests', {
      query: { ...requestsQuery(filters), limit: 50 },
    }),
    queryFn: ({ pageParam }) => apiPage('GET /api/firm/lpq-requests', pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useRequestNotes = (id: string) =>
  useQuery({
    queryKey: FIRM_KEYS.notes(id),
    queryFn: () => api('GET /api/firm/lpq-requests/:id/notes', { params: { id } }),
  });

/** 404 is "none yet": a firm user who signed up on /auth has no profile. */
export const useFirmProfile = () =>
  useQuery({ queryKey: FIRM_KEYS.profile, queryFn: () => apiOrNull(404, 'GET /api/firm/profile') });
/** `enabled`: the member's roles include the counts (PRODUCT.md §9); else nothing is asked. */
export const useFirmStats = (enabled = true) =>
  useQuery({ queryKey: FIRM_KEYS.stats, queryFn: () => api('GET /api/firm/dashboard-stats'), enabled });
export const useCustomSections = () =>
  useQuery({ queryKey: FIRM_KEYS.sections, queryFn: () => api('GET /api/firm/custom-sections') });
export const useFirmRequests = (enabled = true) =>
  useQuery({ queryKey: FIRM_KEYS.requests, queryFn: () => api('GET /api/firm/lpq-requests'), enabled });
/**
 * PRODUCT.md §6: one request with one version of its package (the latest when `version` is null). While
 * another version loads, the one on screen stays (no flash of a loader), but never another request's.
 */
export const useFirmRequest = (id: string, version: number | null = null) =>
  useQuery({
    queryKey: FIRM_KEYS.version(id, version),
    queryFn: () =>
      api('GET /api/firm/lpq-requests/:id', { params: { id }, query: { version: version || undefined } }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === id ? previous : undefined),
  });

/** PRODUCT.md §6: what changed between two versions of a request's package, field by field. */
export const usePackageChanges = (id: string, from: number, to: number, enabled = true) =>
  useQuery({
    queryKey: FIRM_KEYS.changes(id, from, to),
    queryFn: () => api('GET /api/firm/lpq-requests/:id/changes', { params: { id }, query: { from, to } }),
    enabled,
  });

/** After a request changes: the list, the counts and that request are read again. */
export function refreshRequests(id?: string) {
  void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.requests, exact: true });
  void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.pages });
  // Filtered lists asked for by URL (the invitation screen's open-invitation check).
  void queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith('/api/firm/lpq-requests?'),
  });
  void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.stats });
  if (id) void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.request(id) });
}
