import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { Scheduler } from './jobs/scheduler';
import type { MailDispatcher } from './mail/dispatcher';
import type { MailTransport } from './mail/transport';
import type { PdfRenderer } from './pdf/pdf-workers';
import type { Storage } from './storage/create-storage';
import type { WebhookDispatcher } from './webhooks/dispatcher';

/** What every module gets: configuration, the database, mail, document storage, the scheduler and PDFs. */
/** A DNS TXT lookup (node's resolver in the app, a fake in tests): the SSO domain proof asks it. */
export type ResolveTxt = (domain: string) => Promise<string[][]>;

export type AppContext = {
  config: AppConfig;
  db: Db;
  /** The app's log (plugins/log-redaction.ts); a request's own lines go through request.log. */
  log: FastifyBaseLogger;
  mailTransport: MailTransport;
  mailDispatcher: MailDispatcher;
  /** PRODUCT.md §14: the webhooks' outbox poller (server/webhooks/). */
  webhookDispatcher: WebhookDispatcher;
  /** Call after a transaction that wrote to the outbox (mail or webhook events) has committed. */
  onMailQueued: () => void;
  publicUrl: string;
  storage: Storage;
  /** Periodic jobs that run once per period across processes (server/jobs/jobs.ts lists them). */
  scheduler: Scheduler;
  /** DNS TXT look-ups (the SSO domain proof): node's resolver, a fake in tests. */
  resolveTxt: ResolveTxt;
  /** Package PDFs, rendered in a bounded pool of worker threads (closed with the app). */
  pdf: PdfRenderer;
};
