import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { outbox } from '../db/schema';
import { createPollLoop, drainInBatches } from '../jobs/poll-loop';
import type { MailTransport } from './transport';

export type DispatcherOptions = {
  db: Db;
  transport: MailTransport;
  log?: FastifyBaseLogger;
  /** Poll interval; 0 means no background loop (tests call runOnce). */
  pollMs: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed row stays claimed before another sender may take it. */
  claimMs?: number;
  batchSize?: number;
};

/** Delay before attempt n+1 after n failed attempts: base·2^(n−1), capped. */
export function backoffDelay(attempts: number, baseMs: number, maxMs: number) {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

type ClaimedRow = {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
};

/**
 * A delivered row keeps its body for support ("what did we send?") but not the token of any link in it:
 * reset, verification and invitation links live in the outbox only until the mail is delivered.
 */
export const REDACTED_TOKEN = '[redacted]';
const TOKEN_VALUE = String.raw`([?&](amp;)?token=)[^&\s"'<>]+`;

export function createMailDispatcher(opts: DispatcherOptions) {
  const maxAttempts = opts.maxAttempts ?? 8;
  const baseDelayMs = opts.baseDelayMs ?? 5_000;
  const maxDelayMs = opts.maxDelayMs ?? 30 * 60_000;
  const claimMs = opts.claimMs ?? 60_000;
  const batchSize = opts.batchSize ?? 10;

  // SKIP LOCKED: two processes on one database never claim the same row.
  async function claim(): Promise<ClaimedRow[]> {
    return rowsOf<ClaimedRow>(
      opts.db,
      sql`
      UPDATE ${outbox} SET status = 'sending', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${claimMs / 1000})
      WHERE id IN (
        SELECT id FROM ${outbox}
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND locked_until < now())
        ORDER BY id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, "to", subject, text, html, attempts`,
    );
  }

  /** True when sent; a failed row waits for a later run. */
  async function deliver(row: ClaimedRow): Promise<boolean> {
    try {
      await opts.transport.send(row);
      await opts.db.execute(
        sql`UPDATE ${outbox} SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL,
          text = regexp_replace(text, ${TOKEN_VALUE}, ${`\\1${REDACTED_TOKEN}`}, 'g'),
          html = regexp_replace(html, ${TOKEN_VALUE}, ${`\\1${REDACTED_TOKEN}`}, 'g')
        WHERE id = ${row.id}`,
      );
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message.slice(0, 500) : 'send failed';
      const failed = row.attempts >= maxAttempts;
      const delay = backoffDelay(row.attempts, baseDelayMs, maxDelayMs);
      await opts.db.execute(sql`
        UPDATE ${outbox} SET status = ${failed ? 'failed' : 'pending'}, locked_until = NULL, last_error = ${message},
          next_attempt_at = now() + make_interval(secs => ${delay / 1000})
        WHERE id = ${row.id}`);
      opts.log?.warn({ outboxId: row.id, attempts: row.attempts, failed }, 'mail delivery failed');
      return false;
    }
  }

  /** Claims and delivers due mail until none is left or a delivery fails; returns how many were attempted. */
  const drain = () => drainInBatches(claim, deliver, { batchSize, stopOnFailure: true });
  // Its `kick` asks for a delivery soon, after a transaction that queued mail has committed.
  return createPollLoop({ run: drain, pollMs: opts.pollMs, log: opts.log, name: 'outbox' });
}

export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
