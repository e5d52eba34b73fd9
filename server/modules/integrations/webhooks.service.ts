import { randomBytes } from 'node:crypto';
import {
  INTEGRATION_MESSAGES,
  WEBHOOK_LIMIT,
  WEBHOOK_SECRET_PREFIX,
  type WebhookInput,
  webhookSchema,
} from '@shared/integrations';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { integrationPolicies as policies } from '../../policies/integration.policy';
import { resolveWebhookAddress, WebhookAddressError } from '../../webhooks/address';
import { enqueueTestEvent } from '../../webhooks/outbox';
import { encryptSecret } from '../security/security.crypto';
import { recordMemberAudit } from '../team/firm-audit';
import {
  countFirmWebhooks,
  deleteWebhookRow,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listFirmWebhooks,
} from './webhooks.repo';

/** PRODUCT.md §14: the firm's webhooks (admins). */

export async function listWebhooks(ctx: AppContext, actor: Actor) {
  const admin = authorize(policies.administer, actor);
  return (await listFirmWebhooks(ctx.db, admin.firm.id)).map((w) => ({
    ...w,
    createdAt: w.createdAt.toISOString(),
  }));
}

/**
 * A new subscription and its signing secret, answered once (`whsec_` and 32 random bytes in base64, stored
 * encrypted with the app's secret: the dispatcher must read it back to sign). In production the URL must be
 * https:// and every address its name resolves to public (checked again at each delivery).
 */
export async function createWebhook(ctx: AppContext, actor: Actor, input: WebhookInput) {
  const admin = authorize(policies.administer, actor);
  const { url, events } = webhookSchema.parse(input);
  if (ctx.config.env === 'production') {
    try {
      await resolveWebhookAddress(url, true);
    } catch (err) {
      if (err instanceof WebhookAddressError) throw badRequest(err.message, { url: err.message });
      throw err;
    }
  }
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  const row = await ctx.db.transaction(async (tx) => {
    if ((await countFirmWebhooks(tx, admin.firm.id)) >= WEBHOOK_LIMIT)
      throw conflict(INTEGRATION_MESSAGES.tooManyWebhooks);
    const created = await insertWebhook(tx, {
      firmId: admin.firm.id,
      url,
      events,
      secretEncrypted: encryptSecret(ctx.config.storageSecret, secret),
      createdByUserId: admin.id,
    });
    await recordMemberAudit(tx, admin, { action: 'webhook_created', subject: url, detail: { events } });
    return created;
  });
  return { id: row.id, url: row.url, events: row.events, secret };
}

/** Deletes the webhook and its delivery log; another firm's, or an unknown one, is 404. */
export async function deleteWebhook(ctx: AppContext, actor: Actor, input: { id: string }) {
  authorize(policies.ownFirmRow, actor);
  await ctx.db.transaction(async (tx) => {
    const row = isUuid(input.id) ? await findWebhook(tx, input.id) : undefined;
    const admin = authorize(policies.ownFirmRow, actor, row);
    await deleteWebhookRow(tx, row!.id);
    await recordMemberAudit(tx, admin, { action: 'webhook_deleted', subject: row!.url });
  });
}

/** The delivery log: the latest deliveries with each attempt's time, status code and error. */
export async function webhookDeliveryLog(ctx: AppContext, actor: Actor, input: { id: string }) {
  authorize(policies.ownFirmRow, actor);
  const row = isUuid(input.id) ? await findWebhook(ctx.db, input.id) : undefined;
  authorize(policies.ownFirmRow, actor, row);
  return listDeliveries(ctx.db, row!.id);
}

/** 'Send test event': a `webhook.test` delivery through the same queue, signed and logged like any other. */
export async function sendTestEvent(ctx: AppContext, actor: Actor, input: { id: string }) {
  authorize(policies.ownFirmRow, actor);
  const row = isUuid(input.id) ? await findWebhook(ctx.db, input.id) : undefined;
  const admin = authorize(policies.ownFirmRow, actor, row);
  const deliveryId = await ctx.db.transaction((tx) =>
    enqueueTestEvent(tx, row!.id, { webhookId: row!.id, firmId: admin.firm.id }),
  );
  ctx.onMailQueued();
  return { deliveryId };
}
