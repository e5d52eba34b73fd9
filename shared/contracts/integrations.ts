import { z } from 'zod';
import { API_SCOPES, apiTokenSchema, WEBHOOK_EVENTS, webhookSchema } from '../integrations';
import { defineContracts, idParams, raw, timestamp } from './contract';

/** PRODUCT.md §14: the firm's API tokens and webhooks (admins, recent sign-in for what grants access). */

const scopes = z.array(z.enum(API_SCOPES));
const events = z.array(z.enum(WEBHOOK_EVENTS));

export const apiTokenItem = z.object({
  id: z.string(),
  name: z.string(),
  scopes,
  createdAt: timestamp(),
  lastUsedAt: timestamp().nullable(),
});
export const createdApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scopes,
  /** The token itself (`lpt_…`), shown this once: only its hash is kept. */
  token: z.string(),
});

export const webhookItem = z.object({
  id: z.string(),
  url: z.string(),
  events,
  createdAt: timestamp(),
});
export const createdWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events,
  /** The signing secret (`whsec_…`), shown this once. */
  secret: z.string(),
});
export const webhookAttemptItem = z.object({
  at: timestamp(),
  /** The receiver's HTTP status; null when it gave none (refused address, timeout, connection error). */
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
});
export const webhookDeliveryItem = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'sending', 'delivered', 'failed']),
  createdAt: timestamp(),
  deliveredAt: timestamp().nullable(),
  nextAttemptAt: timestamp().nullable(),
  attempts: z.array(webhookAttemptItem),
});

export const integrationContracts = defineContracts('Integrations', {
  listApiTokens: {
    method: 'GET',
    path: '/api/firm/api-tokens',
    summary: 'The firm’s API tokens, with their scopes and last use (admins, recent sign-in)',
    audience: 'firm',
    response: { 200: z.array(apiTokenItem) },
  },
  createApiToken: {
    method: 'POST',
    path: '/api/firm/api-tokens',
    summary: 'A new API token, shown once (admins, recent sign-in)',
    description:
      'The token is sent as `Authorization: Bearer lpt_…`. It acts as a recruiter of the firm, limited to the routes its scopes name; every package read through it is an access event named ‘API token NAME’.',
    audience: 'firm',
    body: apiTokenSchema,
    response: { 201: createdApiToken },
  },
  revokeApiToken: {
    method: 'DELETE',
    path: '/api/firm/api-tokens/:id',
    summary: 'Revoke an API token: it is refused from the next request (admins, recent sign-in)',
    audience: 'firm',
    params: idParams,
    response: { 204: raw('Revoked') },
  },
  listWebhooks: {
    method: 'GET',
    path: '/api/firm/webhooks',
    summary: 'The firm’s webhooks (admins)',
    audience: 'firm',
    response: { 200: z.array(webhookItem) },
  },
  createWebhook: {
    method: 'POST',
    path: '/api/firm/webhooks',
    summary: 'Subscribe a URL to events; the signing secret is shown once (admins, recent sign-in)',
    description:
      'Deliveries are signed as the Standard Webhooks specification says (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 after `whsec_`). Payloads carry ids, statuses and times only. In production only https:// URLs to public addresses.',
    audience: 'firm',
    body: webhookSchema,
    errors: { 409: 'the firm has the most webhooks it may have' },
    response: { 201: createdWebhook },
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/firm/webhooks/:id',
    summary: 'Delete a webhook and its delivery log (admins, recent sign-in)',
    audience: 'firm',
    params: idParams,
    response: { 204: raw('Deleted') },
  },
  webhookDeliveries: {
    method: 'GET',
    path: '/api/firm/webhooks/:id/deliveries',
    summary: 'A webhook’s latest deliveries, newest first, each with its attempts (admins)',
    audience: 'firm',
    params: idParams,
    response: { 200: z.array(webhookDeliveryItem) },
  },
  testWebhook: {
    method: 'POST',
    path: '/api/firm/webhooks/:id/test',
    summary: 'Send a test event (`webhook.test`) to a webhook through its delivery queue (admins)',
    audience: 'firm',
    params: idParams,
    response: { 202: z.object({ deliveryId: z.string() }) },
  },
});
