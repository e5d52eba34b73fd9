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

type RowsAnswer = ResultOf<'PUT /api/firm/lpq-requests/:id/conflicts/rows/:rowId'>;

/** After an answer: the view shows the rows as they are now, every filtered queue is read again. */
export function afterAnswer(id: string, rows: RowsAnswer) {
  queryClient.setQueryData(CONFLICTS_KEYS.view(id), (view: ConflictsView | undefined) =>
    view ? { ...view, ...rows } : view,
  );
  void queryClient.invalidateQueries({ queryKey: CONFLICTS_KEYS.queue });
}
