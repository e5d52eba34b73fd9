import type { AccessLogEntry, PackageParts } from '@shared/sharing';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';
import { api, apiOrNull, apiPage, apiUrl, type BodyOf, type QueryOf, type ResultOf } from '../../lib/client';

/** The query keys: each is the URL it reads. */
export const SHARING_PATHS = {
  requests: '/api/attorney/lpq-requests',
  accessLog: '/api/attorney/access-log',
  lpq: (id: string) => apiUrl('GET /api/lpqs/:id', { params: { id } }),
} as const;

/**
 * The attorney's requests, newest first, a page at a time (the server's Link header names the next);
 * `fetchNextPage` loads the next. Under the list's key, so every refresh of the list reaches it.
 */
export const useAttorneyRequestPages = () =>
  useInfiniteQuery({
    queryKey: [SHARING_PATHS.requests, 'pages'],
    initialPageParam: apiUrl('GET /api/attorney/lpq-requests'),
    queryFn: ({ pageParam }) => apiPage('GET /api/attorney/lpq-requests', pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** Every request, all pages: for the rare screens that must see them all (deleting the account). */
export const useAllAttorneyRequests = () =>
  useQuery({
    queryKey: [SHARING_PATHS.requests, 'all'],
    queryFn: async () => {
      const items: ResultOf<'GET /api/attorney/lpq-requests'> = [];
      let url: string | null = apiUrl('GET /api/attorney/lpq-requests', { query: { limit: 200 } });
      while (url) {
        const { items: rows, next }: { items: typeof items; next: string | null } = await apiPage(
          'GET /api/attorney/lpq-requests',
          url,
        );
        items.push(...rows);
        url = next;
      }
      return items;
    },
  });

/** The LPQ Requests page's counts over every request (the list comes in pages). */
export const useAttorneyRequestSummary = () =>
  useQuery({
    queryKey: [SHARING_PATHS.requests, 'summary'],
    queryFn: () => api('GET /api/attorney/lpq-requests/summary'),
  });

/** After a share or decline: the list, and the dashboard numbers that count requests. */
function refreshAfterAnswer() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [SHARING_PATHS.requests] }),
    queryClient.invalidateQueries({ queryKey: ['/api/attorney/dashboard-stats'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/attorney/activity'] }),
  ]);
}

export function useShareRequest() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body?: ShareBody }) =>
      api('POST /api/attorney/lpq-requests/:id/share', { params: { id }, body }),
    onSuccess: refreshAfterAnswer,
  });
}

export function useDeclineRequest() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api('POST /api/attorney/lpq-requests/:id/decline', {
        params: { id },
        body: reason.trim() ? { reason } : undefined,
      }),
    onSuccess: refreshAfterAnswer,
  });
}

export const usePositionLpq = (id: string) =>
  useQuery({
    queryKey: [SHARING_PATHS.lpq(id)],
    queryFn: () => api('GET /api/lpqs/:id', { params: { id } }),
  });

/** The access log, optionally for one firm or one request (PRODUCT.md §6). */
export function useAccessLog(filter: { firm?: string; requestId?: string } = {}) {
  const query: QueryOf<'GET /api/attorney/access-log'> = {
    firm: filter.firm || undefined,
    requestId: filter.requestId || undefined,
  };
  const url = apiUrl('GET /api/attorney/access-log', { query });
  return useQuery({ queryKey: [url], queryFn: () => api('GET /api/attorney/access-log', { query }) });
}

/**
 * What Send update would change for the firm: under the list's key, so every refresh of
 * the list (a save, a share, an update) asks again.
 */
export const useChangesSinceShare = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [SHARING_PATHS.requests, id, 'changes'],
    queryFn: () => api('GET /api/attorney/lpq-requests/:id/changes', { params: { id } }),
    enabled,
  });

/** The inviting firm's profile for candidates; null while the firm has none. */
export const useFirmProfileOfRequest = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [SHARING_PATHS.requests, id, 'firm-profile'],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/lpq-requests/:id/firm-profile', { params: { id } }),
    enabled,
  });

/** The individual reads of one access log entry, newest first, a page at a time. */
export const useAccessReads = (entry: AccessLogEntry, enabled: boolean) => {
  const query = { requestId: entry.requestId, readerId: entry.readerId, from: entry.firstAt, to: entry.at };
  return useInfiniteQuery({
    queryKey: [SHARING_PATHS.accessLog, 'reads', query],
    initialPageParam: apiUrl('GET /api/attorney/access-log/reads', { query: { ...query, limit: 50 } }),
    queryFn: ({ pageParam }) => apiPage('GET /api/attorney/access-log/reads', pageParam),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
  });
};

/** The package the firm would receive with the server's defaults (PRODUCT.md §6). */
export const useSharePreview = (id: string | null, include?: Partial<PackageParts>) => {
  const query: QueryOf<'GET /api/attorney/lpq-requests/:id/preview'> = {};
  for (const [part, on] of Object.entries(include ?? {}) as [keyof PackageParts, boolean][])
    query[part] = String(on) as 'true' | 'false';
  const params = { id: String(id) };
  return useQuery({
    queryKey: [apiUrl('GET /api/attorney/lpq-requests/:id/preview', { params, query })],
    queryFn: () => api('GET /api/attorney/lpq-requests/:id/preview', { params, query }),
    enabled: !!id,
    // The attorney may have edited their forms since: always ask again.
    staleTime: 0,
    gcTime: 0,
  });
};

/**
 * PRODUCT.md §9: who at the firm reads each part, and whether it can receive the diversity form. Under the
 * list's key and never kept: the firm may have changed its members or settings since the dialog last opened.
 */
export const useRequestAudience = (id: string | null) =>
  useQuery({
    queryKey: [SHARING_PATHS.requests, id, 'audience'],
    queryFn: () => api('GET /api/attorney/lpq-requests/:id/audience', { params: { id: String(id) } }),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });

type ShareBody = BodyOf<'POST /api/attorney/lpq-requests/:id/share'>;

/** Refreshes what a change of a shared request touches, its access history included. */
function refreshShared() {
  return Promise.all([
    refreshAfterAnswer(),
    queryClient.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith(SHARING_PATHS.accessLog),
    }),
  ]);
}

export function useSendUpdate() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShareBody }) =>
      api('POST /api/attorney/lpq-requests/:id/update', { params: { id }, body }),
    onSuccess: refreshShared,
  });
}

export function useRevokeShare() {
  return useMutation({
    mutationFn: (id: string) => api('POST /api/attorney/lpq-requests/:id/revoke', { params: { id } }),
    onSuccess: refreshShared,
  });
}
