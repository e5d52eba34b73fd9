import {
  WEBHOOK_EVENT_SCOPES,
  WEBHOOK_PAYLOAD_FIELDS,
  type WebhookEvent,
  webhookEventsOf,
} from '@shared/integrations';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/client';
import { webhookDeliveries, webhooks } from '../db/schema';

/**
 * What a webhook event carries (PRODUCT.md §14): ids, statuses and times only — never a package's contents,
 * a name or an address.
 */
export type WebhookData = Record<string, string | number | boolean | null>;

/** The event's data cut to the fields its scope may read (WEBHOOK_PAYLOAD_FIELDS): nothing else leaves. */
export function payloadData(type: WebhookEvent, data: WebhookData): WebhookData {
  const allowed = WEBHOOK_PAYLOAD_FIELDS[WEBHOOK_EVENT_SCOPES[type]];
  return Object.fromEntries(Object.entries(data).filter(([k]) => allowed.includes(k)));
}

/**
 * Queues an event for every webhook of the firm subscribed to it, inside the caller's transaction: the
 * deliveries exist exactly when the change that causes them is committed (a rolled back action sends
 * nothing). The dispatcher (dispatcher.ts) delivers them; call `ctx.onMailQueued()` after the commit to
 * deliver soon. One statement, and none at all for a firm without webhooks beyond the look-up.
 * A conflicts event goes only to a webhook whose every event is a conflicts one (a webhook saved before the
 * scopes were kept apart may mix them: it still hears the pipeline, never a pre-check).
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  event: { firmId: string; type: WebhookEvent; data: WebhookData },
): Promise<number> {
  const scope = WEBHOOK_EVENT_SCOPES[event.type];
  const onlyThisScope =
    scope === 'conflicts' ? sql`and w.events <@ ${`{${webhookEventsOf(scope).join(',')}}`}::text[]` : sql``;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`insert into ${webhookDeliveries} (id, webhook_id, event, payload)
      select 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.id, ${event.type},
        jsonb_build_object('type', ${event.type}::text, 'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', ${JSON.stringify(payloadData(event.type, event.data))}::jsonb)
      from ${webhooks} w
      where w.firm_id = ${event.firmId} and ${event.type} = any(w.events) ${onlyThisScope}
      returning id`,
  );
  return rows.length;
}

/** 'Send test event': one delivery of `webhook.test` to one webhook, through the same queue. */
export async function enqueueTestEvent(tx: Tx, webhookId: string, data: WebhookData): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into ${webhookDeliveries} (id, webhook_id, event, payload)
      values ('msg_' || replace(gen_random_uuid()::text, '-', ''), ${webhookId}, 'webhook.test',
        jsonb_build_object('type', 'webhook.test', 'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'data', ${JSON.stringify(data)}::jsonb))
      returning id`,
  );
  return row.id;
}
