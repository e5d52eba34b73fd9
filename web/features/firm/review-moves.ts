import { FIRM_TOASTS } from '@shared/firm-toasts';
import { type FIRM_REVIEW_STATUSES, REQUEST_TRANSITIONS, type RequestStatus } from '@shared/request-status';
import type { ToastText } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { refreshRequests } from './api';

/** POST /api/firm/lpq-requests/{id}/status: the firm's own two moves (the attorney owns every other). */
export type ReviewStatus = (typeof FIRM_REVIEW_STATUSES)[number];

export const REVIEW_MOVES: Record<ReviewStatus, { label: string; confirm: string; toast: ToastText }> = {
  reviewed: {
    label: 'Mark Under Review',
    confirm: 'Mark this request as under review? The attorney sees the new status.',
    toast: FIRM_TOASTS.reviewStarted,
  },
  completed: {
    label: 'Mark Review Complete',
    confirm: 'Mark the review of this request as complete? This cannot be undone.',
    toast: FIRM_TOASTS.reviewCompleted,
  },
};

/** Whether a request in `status` may make the firm's move to `to` (the server's rule, REQUEST_TRANSITIONS). */
export const canMove = (status: RequestStatus, to: ReviewStatus) => REQUEST_TRANSITIONS[status].includes(to);

/**
 * A firm's review move behind its confirmation: the request page and the pipeline's board both use it, so
 * both ask the same question, send the same request and say the same thing after.
 */
export function useReviewMove() {
  const [confirming, setConfirming] = useState<{ id: string; to: ReviewStatus } | null>(null);
  const move = useMutation({
    mutationFn: ({ id, to }: { id: string; to: ReviewStatus }) =>
      api('POST /api/firm/lpq-requests/:id/status', { params: { id }, body: { status: to } }),
    onSuccess: (_item, { id, to }) => {
      refreshRequests(id);
      showToast(REVIEW_MOVES[to].toast, { variant: 'success' });
      setConfirming(null);
    },
    onError: (error, { id }) => {
      refreshRequests(id);
      showToast(FIRM_TOASTS.statusFailed, {
        variant: 'destructive',
        message: errorMessage(error, FIRM_TOASTS.statusFailed.message),
      });
      setConfirming(null);
    },
  });
  return { confirming, ask: setConfirming, cancel: () => setConfirming(null), move };
}
