import { REQUEST_MESSAGES, REQUEST_TRANSITIONS, type RequestStatus } from '@shared/requests';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { lpqRequests } from '../../../db/schema';
import { HttpError } from '../../../plugins/errors';
import { enqueueWebhookEvent } from '../../../webhooks/outbox';

type RequestRow = typeof lpqRequests.$inferSelect;

/** Which of the given statuses may move to `to` (PRODUCT.md §5). */
export function sourcesOf(to: RequestStatus): RequestStatus[] {
  return (Object.keys(REQUEST_TRANSITIONS) as RequestStatus[]).filter((from) =>
    REQUEST_TRANSITIONS[from].includes(to),
  );
}

/**
 * PRODUCT.md §14: the moves a firm's webhooks hear of, queued in the move's own transaction (the outbox), so a
 * move that is rolled back sends nothing.
 */
const WEBHOOK_EVENT_OF = {
  accepted: 'request.shared',
  declined: 'request.declined',
  revoked: 'request.revoked',
  withdrawn: 'request.withdrawn',
} as const satisfies Partial<Record<RequestStatus, string>>;

/**
 * The one place a request changes status: a guarded `UPDATE … WHERE id = ? AND status IN (allowed)`.
 * Of two concurrent moves on one request exactly one matches; the other gets 409.
 * `scope` narrows the row to its owner (firm or attorney) — the caller has already answered 404 when
 * the request is not theirs.
 */
export async function transitionRequest(
  tx: Tx,
  input: {
    requestId: string;
    to: RequestStatus;
    /** Restricts the allowed sources further (e.g. share and decline only from pending). */
    from?: RequestStatus[];
    scope?: SQL;
    set?: Partial<Omit<RequestRow, 'id' | 'status'>>;
    conflictMessage?: string;
  },
): Promise<RequestRow> {
  const allowed = input.from
    ? sourcesOf(input.to).filter((s) => input.from!.includes(s))
    : sourcesOf(input.to);
  const [row] = await tx
    .update(lpqRequests)
    .set({ ...input.set, status: input.to, updatedAt: new Date() })
    .where(and(eq(lpqRequests.id, input.requestId), inArray(lpqRequests.status, allowed), input.scope))
    .returning();
  if (!row) throw new HttpError(409, input.conflictMessage ?? REQUEST_MESSAGES.invalidTransition);
  const event = WEBHOOK_EVENT_OF[input.to as keyof typeof WEBHOOK_EVENT_OF];
  if (event)
    await enqueueWebhookEvent(tx, {
      firmId: row.firmId,
      type: event,
      data: {
        requestId: row.id,
        status: row.status,
        version: row.currentVersion,
        at: row.updatedAt.toISOString(),
      },
    });
  return row;
}
