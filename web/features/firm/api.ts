import type { FirmDashboardStats, FirmProfile } from '@shared/firm';
import type { FirmRequestSort, RequestNote } from '@shared/firm-pipeline';
import type { CustomSection, FirmRequestDetail, FirmRequestItem, RequestStatus } from '@shared/requests';
import type { PackageChange } from '@shared/sharing';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, ensureOk, queryClient } from '../../lib/api';

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
};

export type RequestFilters = { status: RequestStatus | null; q: string; sort: FirmRequestSort };

/** The list's query string (also the CSV export's, without paging). */
export function requestsQuery(filters: RequestFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  params.set('sort', filters.sort);
  return params.toString();
}

async function fetchRequestsPage(url: string) {
  const res = await fetch(url, { credentials: 'include' });
  await ensureOk(res, `GET ${url}`);
  const next = res.headers.get('Link')?.match(/^<([^>]+)>;\s*rel="next"$/)?.[1] ?? null;
  return { items: (await res.json()) as FirmRequestItem[], next };
}

/** PRODUCT.md §6: pages of the firm's list, the next page's URL from the Link header. */
export const useRequestPages = (filters: RequestFilters) =>
  useInfiniteQuery({
    queryKey: [...FIRM_KEYS.pages, filters],
    initialPageParam: `/api/firm/lpq-requests?${requestsQuery(filters)}&limit=50`,
    queryFn: ({ pageParam }) => fetchRequestsPage(pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useRequestNotes = (id: string) => useQuery<RequestNote[]>({ queryKey: FIRM_KEYS.notes(id) });

/** GET that reads 404 as "none yet" (a firm user who signed up on /auth has no profile). */
async function getOrNull<T>(url: string): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 404) return null;
  await ensureOk(res, `GET ${url}`);
  return (await res.json()) as T;
}

export const useFirmProfile = () =>
  useQuery<FirmProfile | null>({
    queryKey: FIRM_KEYS.profile,
    queryFn: () => getOrNull<FirmProfile>('/api/firm/profile'),
  });
export const useFirmStats = () => useQuery<FirmDashboardStats>({ queryKey: FIRM_KEYS.stats });
export const useCustomSections = () => useQuery<CustomSection[]>({ queryKey: FIRM_KEYS.sections });
export const useFirmRequests = () => useQuery<FirmRequestItem[]>({ queryKey: FIRM_KEYS.requests });
/**
 * PRODUCT.md §6: one request with one version of its package (the latest when `version` is null). While
 * another version loads, the one on screen stays (no flash of a loader), but never another request's.
 */
export const useFirmRequest = (id: string, version: number | null = null) =>
  useQuery<FirmRequestDetail>({
    queryKey: FIRM_KEYS.version(id, version),
    queryFn: () =>
      apiRequest<FirmRequestDetail>(
        'GET',
        `/api/firm/lpq-requests/${encodeURIComponent(id)}${version ? `?version=${version}` : ''}`,
      ),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === id ? previous : undefined),
  });

/** PRODUCT.md §6: what changed between two versions of a request's package, field by field. */
export const usePackageChanges = (id: string, from: number, to: number, enabled = true) =>
  useQuery<PackageChange[]>({
    queryKey: FIRM_KEYS.changes(id, from, to),
    queryFn: () =>
      apiRequest<PackageChange[]>(
        'GET',
        `/api/firm/lpq-requests/${encodeURIComponent(id)}/changes?from=${from}&to=${to}`,
      ),
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
