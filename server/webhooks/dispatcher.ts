import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RETRY, webhookRetryDelayMs } from '@shared/integrations';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { type Db, rowsOf } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhooks } from '../db/schema';
import { createPollLoop, drainInBatches } from '../jobs/poll-loop';
import { decryptSecret } from '../modules/security/security.crypto';
import { resolveWebhookAddress, WebhookAddressError } from './address';

export type WebhookDispatcherOptions = {
  db: Db;
  log?: FastifyBaseLogger;
  /** The app's secret the signing secrets are encrypted with (config.storageSecret). */
  storageSecret: string;
  /** PRODUCT.md §14: only https:// to public addresses. */
  production: boolean;
  /** Poll interval; 0 means no background loop (tests call runOnce). */
  pollMs: number;
  /** How long a claimed row stays claimed before another sender may take it. */
  claimMs?: number;
  batchSize?: number;
  /** For tests: how a host name resolves (default: the system's resolver). */
  resolve?: Parameters<typeof resolveWebhookAddress>[2];
};

type ClaimedRow = {
  id: string;
  webhook_id: string;
  url: string;
  secret_encrypted: string;
  payload: unknown;
  attempts: number;
  created_at: string | Date;
};

/** One attempt's outcome: the receiver's status (null when it gave none) and what went wrong. */
type Outcome = { statusCode: number | null; error: string | null; durationMs: number };

/**
 * POSTs the body to the checked address: the connection goes to `address` whatever the name resolves to now
 * (no DNS rebinding), with the URL's host in the Host header and, over TLS, as the server name checked.
 */
function post(
  url: URL,
  address: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
): Promise<number> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: pinned,
        timeout: WEBHOOK_RETRY.timeoutMs,
        // Redirects are not followed (node's client never does): a 3xx is an answer like any other.
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${WEBHOOK_RETRY.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The webhooks' outbox poller (PRODUCT.md §14), beside the mail dispatcher: claims due deliveries with
 * FOR UPDATE SKIP LOCKED, signs each as Standard Webhooks says (standardwebhooks' `Webhook#sign`), checks the
 * address again, POSTs, and logs the attempt. A 2xx delivers; anything else waits webhookRetryDelayMs and is
 * tried again until 24 hours have passed since the event, then the delivery is failed.
 */
export function createWebhookDispatcher(opts: WebhookDispatcherOptions) {
  const claimMs = opts.claimMs ?? 60_000;
  const batchSize = opts.batchSize ?? 10;

  async function claim(): Promise<ClaimedRow[]> {
    return rowsOf<ClaimedRow>(
      opts.db,
      sql`
      update ${webhookDeliveries} d set status = 'sending', attempts = d.attempts + 1,
        locked_until = now() + make_interval(secs => ${claimMs / 1000})
      from ${webhooks} w
      where w.id = d.webhook_id and d.id in (
        select id from ${webhookDeliveries}
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and locked_until < now())
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked
      )
      returning d.id, d.webhook_id, w.url, w.secret_encrypted, d.payload::text as payload, d.attempts, d.created_at`,
    );
  }

  async function attempt(row: ClaimedRow): Promise<Outcome> {
    const started = Date.now();
    try {
      const url = new URL(row.url);
      const address = await resolveWebhookAddress(row.url, opts.production, opts.resolve);
      const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
      const at = new Date();
      const signer = new Webhook(decryptSecret(opts.storageSecret, row.secret_encrypted));
      const headers = {
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(row.id, at, body),
        'user-agent': 'LateralPassport-Webhooks/1',
      };
      const statusCode = await post(url, address, headers, body);
      const ok = statusCode >= 200 && statusCode < 300;
      return { statusCode, error: ok ? null : `HTTP ${statusCode}`, durationMs: Date.now() - started };
    } catch (err) {
      const error =
        err instanceof WebhookAddressError
          ? `Refused: ${err.message}`
          : err instanceof Error
            ? err.message.slice(0, 300)
            : 'Delivery failed';
      return { statusCode: null, error, durationMs: Date.now() - started };
    }
  }

  async function deliver(row: ClaimedRow): Promise<boolean> {
    const outcome = await attempt(row);
    const delivered = outcome.error === null;
    const age = Date.now() - new Date(row.created_at).getTime();
    const delay = webhookRetryDelayMs(row.attempts);
    const giveUp = !delivered && age + delay > WEBHOOK_RETRY.giveUpAfterMs;
    await opts.db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({ deliveryId: row.id, ...outcome });
      await tx.execute(sql`
        update ${webhookDeliveries} set locked_until = null,
          status = ${delivered ? 'delivered' : giveUp ? 'failed' : 'pending'},
          delivered_at = ${delivered ? sql`now()` : sql`null`},
          next_attempt_at = now() + make_interval(secs => ${delivered || giveUp ? 0 : delay / 1000})
        where id = ${row.id}`);
    });
    if (!delivered)
      opts.log?.warn(
        { deliveryId: row.id, attempts: row.attempts, giveUp, error: outcome.error },
        'webhook delivery failed',
      );
    return delivered;
  }

  const drain = () => drainInBatches(claim, deliver, { batchSize });
  // Its `kick` asks for a delivery soon, after a transaction that queued webhook events has committed.
  return createPollLoop({ run: drain, pollMs: opts.pollMs, log: opts.log, name: 'webhook' });
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
