import type { WebhookEvent } from '@shared/integrations';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';

/** PRODUCT.md §14: the firm's webhooks and their delivery log (server/webhooks/ queues and delivers). */

export async function listFirmWebhooks(db: Db, firmId: string) {
  return db
    .select({ id: webhooks.id, url: webhooks.url, events: webhooks.events, createdAt: webhooks.createdAt })
    .from(webhooks)
    .where(eq(webhooks.firmId, firmId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
}

export async function countFirmWebhooks(tx: Tx, firmId: string) {
  const [row] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.firmId, firmId));
  return row.n;
}

export async function insertWebhook(
  tx: Tx,
  hook: {
    firmId: string;
    url: string;
    events: WebhookEvent[];
    secretEncrypted: string;
    createdByUserId: string;
  },
) {
  const [row] = await tx.insert(webhooks).values(hook).returning();
  return row;
}

export async function findWebhook(db: Db | Tx, id: string) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function deleteWebhookRow(tx: Tx, id: string) {
  await tx.delete(webhooks).where(eq(webhooks.id, id));
}

/** The webhook's latest deliveries, newest first, each with its attempts in order. */
export async function listDeliveries(db: Db, webhookId: string, limit = 50) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(webhookAttempts.attemptedAt)
    : [];
  return deliveries.map((d) => ({
    id: d.id,
    event: d.event,
    status: d.status,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        at: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
      })),
  }));
}
