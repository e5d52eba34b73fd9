import { z } from 'zod';
import { singleLineText } from './form-fields';

/**
 * The firm's own systems (PRODUCT.md §14): API tokens and webhooks. One definition of the scopes, the events,
 * the prefixes, the bodies and the screens' texts, for the server and the web alike.
 */

/** A token's scopes. A token is never more than a recruiter: each scope gives a recruiter's reach, no further. */
export const API_SCOPES = ['requests:read', 'requests:write', 'packages:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'requests:read': 'Read the pipeline (requests and their status)',
  'requests:write': 'Send, withdraw and resend requests',
  'packages:read': 'Read shared packages (what a recruiter sees: never conflicts or diversity)',
};

/** What a token is sent as: `Authorization: Bearer lpt_…`. */
export const API_TOKEN_PREFIX = 'lpt_';
/** A webhook's signing secret, Standard Webhooks' form: `whsec_` and the key in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Requests a token may make a minute (each token its own count). */
export const API_TOKEN_RATE_LIMIT = { perMinute: 600 } as const;

/** How an access event names the reader behind a token: 'API token NAME'. */
export const API_TOKEN_READER_FIRST_NAME = 'API token';

export const INTEGRATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Must be at most 100 characters',
  scopesRequired: 'Choose at least one scope',
  urlInvalid: 'Enter a valid URL',
  urlNotHttps: 'Use an https:// URL',
  urlNotPublic: 'The URL must point to a public address',
  eventsRequired: 'Choose at least one event',
  tooManyWebhooks: 'A firm can have at most 10 webhooks',
  eventsMixScopes:
    'The conflicts pre-check goes to your conflicts system alone: add it on a webhook of its own, without the request events',
} as const;

export const apiTokenSchema = z.object({
  name: singleLineText(z.string({ error: INTEGRATION_MESSAGES.nameRequired }))
    .trim()
    .min(1, INTEGRATION_MESSAGES.nameRequired)
    .max(100, INTEGRATION_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPES), { error: INTEGRATION_MESSAGES.scopesRequired })
    .min(1, INTEGRATION_MESSAGES.scopesRequired)
    .max(API_SCOPES.length)
    .transform((s) => API_SCOPES.filter((scope) => s.includes(scope))),
});
export type ApiTokenInput = z.input<typeof apiTokenSchema>;

/** The events a webhook may subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENTS = [
  'request.shared',
  'request.updated',
  'request.declined',
  'request.revoked',
  'request.withdrawn',
  'position_lpq.submitted',
  'conflicts.precheck',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event 'Send test event' delivers (never subscribed to: every webhook gets it when asked). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'request.shared': 'An attorney shared a package',
  'request.updated': 'An attorney sent an update',
  'request.declined': 'An attorney declined a request',
  'request.revoked': 'Access to a package ended',
  'request.withdrawn': 'The firm withdrew a request',
  'position_lpq.submitted': 'An attorney submitted the position LPQ',
  'conflicts.precheck': 'An attorney sent a conflicts pre-check',
};

/**
 * Who may hear of an event (PRODUCT.md §13, §14). The pipeline's events carry what a `requests:read` token
 * reads; `conflicts.precheck` is between the attorney and the firm's conflicts department before anything is
 * shared, so it goes only to a webhook that hears conflicts events alone (the firm's conflicts system): never
 * to one that also hears the pipeline, whose receiver (an ATS) must not learn of a pre-check.
 */
export type WebhookScope = 'requests:read' | 'conflicts';
export const WEBHOOK_EVENT_SCOPES: Record<WebhookEvent, WebhookScope> = {
  'request.shared': 'requests:read',
  'request.updated': 'requests:read',
  'request.declined': 'requests:read',
  'request.revoked': 'requests:read',
  'request.withdrawn': 'requests:read',
  'position_lpq.submitted': 'requests:read',
  'conflicts.precheck': 'conflicts',
};
export const webhookEventsOf = (scope: WebhookScope) =>
  WEBHOOK_EVENTS.filter((e) => WEBHOOK_EVENT_SCOPES[e] === scope);

/**
 * The fields an event's payload (`data`) may carry, by its scope: ids, statuses and times that scope reads,
 * nothing more (the outbox drops any other). A conflicts pre-check names the request for the conflicts team
 * (their queue opens it by id); the pipeline's events name what the pipeline lists.
 */
export const WEBHOOK_PAYLOAD_FIELDS: Record<WebhookScope, readonly string[]> = {
  'requests:read': ['requestId', 'positionLpqId', 'status', 'version', 'at'],
  conflicts: ['requestId', 'status', 'at'],
};

/** At most this many webhooks per firm. */
export const WEBHOOK_LIMIT = 10;

export const webhookSchema = z.object({
  url: z
    .string({ error: INTEGRATION_MESSAGES.urlInvalid })
    .trim()
    .max(2000, INTEGRATION_MESSAGES.urlInvalid)
    .refine((u) => {
      try {
        return ['http:', 'https:'].includes(new URL(u).protocol);
      } catch {
        return false;
      }
    }, INTEGRATION_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS), { error: INTEGRATION_MESSAGES.eventsRequired })
    .min(1, INTEGRATION_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((e) => WEBHOOK_EVENTS.filter((event) => e.includes(event)))
    .refine(
      (e) => new Set(e.map((event) => WEBHOOK_EVENT_SCOPES[event])).size <= 1,
      INTEGRATION_MESSAGES.eventsMixScopes,
    ),
});
export type WebhookInput = z.input<typeof webhookSchema>;

/**
 * Retries over 24 hours: the delay before the next attempt doubles from one minute up to four hours, and no
 * attempt is made once a day has passed since the event (about 14 attempts in all).
 */
export const WEBHOOK_RETRY = {
  firstDelayMs: 60_000,
  maxDelayMs: 4 * 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  timeoutMs: 10_000,
} as const;

/** The delay before the attempt after `attempts` failed ones (1-based). */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(WEBHOOK_RETRY.firstDelayMs * 2 ** Math.max(0, attempts - 1), WEBHOOK_RETRY.maxDelayMs);

/** The Integrations screens' texts (firm settings, admins): API tokens and webhooks. */
export const INTEGRATION_TEXTS = {
  heading: 'Integrations',
  tokensTitle: 'API tokens',
  tokensDescription:
    'Let your applicant tracking or intake system read the pipeline and shared packages. A token acts as a recruiter, limited to its scopes; every package it reads is in the attorney’s access log under its name.',
  tokenName: 'Token name',
  tokenNamePlaceholder: 'e.g. Greenhouse ATS',
  scopes: 'Scopes',
  createToken: 'Create token',
  tokenShownOnce: 'Copy this token now: it will not be shown again.',
  noTokens: 'No API tokens yet.',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this token?',
  revokeMessage: (name: string) =>
    `Requests with ‘${name}’ will be refused from now on. Systems that use it stop working until they get a new token.`,
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  webhooksTitle: 'Webhooks',
  webhooksDescription:
    'Tell your systems when something happens to a request. Deliveries are signed (Standard Webhooks) and carry ids, statuses and times, never a package’s contents.',
  webhookUrl: 'Endpoint URL',
  webhookUrlPlaceholder: 'https://ats.example.com/hooks/lateral-passport',
  events: 'Events',
  eventsHint:
    'The conflicts pre-check is for your conflicts system only: it goes on a webhook of its own, never with the request events your applicant tracking system hears.',
  addWebhook: 'Add webhook',
  secretShownOnce: 'Copy this signing secret now: it will not be shown again.',
  noWebhooks: 'No webhooks yet.',
  deleteWebhook: 'Delete',
  deleteTitle: 'Delete this webhook?',
  deleteMessage: (url: string) => `Nothing more will be sent to ${url}, and its delivery log is deleted.`,
  sendTest: 'Send test event',
  deliveryLog: 'Delivery log',
  hideLog: 'Hide delivery log',
  noDeliveries: 'Nothing delivered yet. Send a test event to check the endpoint.',
  loadFailed: 'This could not be loaded. Please reload the page.',
} as const;

export const DELIVERY_STATUS_LABELS = {
  pending: 'Retrying',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
} as const;

export const INTEGRATION_TOASTS = {
  tokenCreated: { title: 'Token created', message: 'Copy it now: it is shown only once.' },
  tokenRevoked: { title: 'Token revoked', message: 'Requests with it are refused from now on.' },
  webhookAdded: { title: 'Webhook added', message: 'Copy the signing secret now: it is shown only once.' },
  webhookDeleted: { title: 'Webhook deleted', message: 'Nothing more will be sent to it.' },
  testQueued: { title: 'Test event sent', message: 'Its delivery shows in the log in a moment.' },
  failed: { title: 'Error', message: 'That did not work. Please try again.' },
} as const;
