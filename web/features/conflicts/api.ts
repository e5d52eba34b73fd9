import type { ConflictsStatus } from '@shared/team';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';
import { api, type ResultOf } from '../../lib/client';

export const CONFLICTS_KEYS = {
  queue: ['/api/firm/conflicts'],
  queueOf: (status: ConflictsStatus | null) => ['/api/firm/conflicts', status],
  view: (id: string) => ['/api/firm/lpq-requests', id, 'conflicts'],
};

export type ConflictsView = ResultOf<'GET /api/firm/lpq-requests/:id/conflicts'>;

/** PRODUCT.md §9: the firm's shared requests with their conflicts status (the conflicts role). */
export const useConflictsQueue = (status: ConflictsStatus | null) =>
  useQuery({
    queryKey: CONFLICTS_KEYS.queueOf(status),
    queryFn: () => api('GET /api/firm/conflicts', { query: { status: status ?? undefined } }),
  });

/** The conflicts view of one request: the conflicts form, employers and top clients' names. */
export const useConflictsView = (id: string) =>
  useQuery({
    queryKey: CONFLICTS_KEYS.view(id),
    queryFn: () => api('GET /api/firm/lpq-requests/:id/conflicts', { params: { id } }),
  });

/** After a decision: the view shows the answer, every filtered queue is read again. */
export function afterDecision(id: string, view: ConflictsView) {
  queryClient.setQueryData(CONFLICTS_KEYS.view(id), view);
  void queryClient.invalidateQueries({ queryKey: CONFLICTS_KEYS.queue });
}
