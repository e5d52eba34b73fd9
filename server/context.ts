import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { MailDispatcher } from './mail/dispatcher';
import type { MailTransport } from './mail/transport';

/** What every module gets: configuration, the database and the mail pipeline. */
export type AppContext = {
  config: AppConfig;
  db: Db;
  mailTransport: MailTransport;
  mailDispatcher: MailDispatcher;
  /** Call after a transaction that wrote to the outbox has committed. */
  onMailQueued: () => void;
  publicUrl: string;
};
