import type { AttorneyRequestItem, PositionLpq } from '@shared/lpq';
import type { AccessLogEntry, PackageParts, SharePreview } from '@shared/sharing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, queryClient } from '../../lib/api';

export const SHARING_PATHS = {
  requests: '/api/attorney/lpq-requests',
  accessLog: '/api/attorney/access-log',
  lpq: (id: string) => `/api/lpqs/${id}`,
} as const;

export const useAttorneyRequests = () =>
  useQuery<AttorneyRequestItem[]>({ queryKey: [SHARING_PATHS.requests] });

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
      apiRequest<AttorneyRequestItem>('POST', `${SHARING_PATHS.requests}/${id}/share`, body),
    onSuccess: refreshAfterAnswer,
  });
}

export function useDeclineRequest() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<AttorneyRequestItem>(
        'POST',
        `${SHARING_PATHS.requests}/${id}/decline`,
        reason.trim() ? { reason } : undefined,
      ),
    onSuccess: refreshAfterAnswer,
  });
}

export const usePositionLpq = (id: string) => useQuery<PositionLpq>({ queryKey: [SHARING_PATHS.lpq(id)] });

/** The access log, optionally for one firm or one request (PRODUCT.md §6). */
export function useAccessLog(filter: { firm?: string; requestId?: string } = {}) {
  const params = new URLSearchParams();
  if (filter.firm) params.set('firm', filter.firm);
  if (filter.requestId) params.set('requestId', filter.requestId);
  const query = params.toString();
  return useQuery<AccessLogEntry[]>({
    queryKey: [query ? `${SHARING_PATHS.accessLog}?${query}` : SHARING_PATHS.accessLog],
  });
}

/** The package the firm would receive with the server's defaults (PRODUCT.md §6). */
export const useSharePreview = (id: string | null, include?: Partial<PackageParts>) => {
  const params = new URLSearchParams();
  for (const [part, on] of Object.entries(include ?? {})) params.set(part, String(on));
  const query = params.toString();
  return useQuery<SharePreview>({
    queryKey: [`${SHARING_PATHS.requests}/${id}/preview${query ? `?${query}` : ''}`],
    enabled: !!id,
    // The attorney may have edited their forms since: always ask again.
    staleTime: 0,
    gcTime: 0,
  });
};

type ShareBody = { include: PackageParts; accessUntil: string | null };

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
      apiRequest<AttorneyRequestItem>('POST', `${SHARING_PATHS.requests}/${id}/update`, body),
    onSuccess: refreshShared,
  });
}

export function useRevokeShare() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<AttorneyRequestItem>('POST', `${SHARING_PATHS.requests}/${id}/revoke`),
    onSuccess: refreshShared,
  });
}
