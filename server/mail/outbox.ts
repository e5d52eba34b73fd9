import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { outbox } from '../db/schema';
import type { MailContent } from './layout';

type OutboxMail = MailContent & {
  to: string;
  kind: string;
  /**
   * Mails under one key merge: while one is still pending (not yet claimed by the dispatcher), enqueueing
   * another under the same key replaces its subject and body instead of adding a mail; it keeps its time.
   */
  mergeKey?: string;
  /** Sent no sooner than this: the window in which later mails under `mergeKey` merge into it. */
  delayMs?: number;
};

/**
 * Writes an e-mail to the outbox inside the caller's transaction: the mail exists exactly when the
 * change that causes it is committed. The dispatcher delivers it.
 */
export async function enqueueMail(tx: Tx, mail: OutboxMail) {
  const content = { subject: mail.subject, text: mail.text, html: mail.html };
  const insert = tx.insert(outbox).values({
    kind: mail.kind,
    to: mail.to,
    ...content,
    mergeKey: mail.mergeKey ?? null,
    ...(mail.delayMs ? { nextAttemptAt: sql`now() + make_interval(secs => ${mail.delayMs / 1000})` } : {}),
  });
  // One statement: the partial unique index (merge_key where pending) finds the waiting mail, and the
  // dispatcher's claim (status → sending) takes a row out of it, so a mail being sent is never rewritten.
  const [row] = await (mail.mergeKey
    ? insert.onConflictDoUpdate({
        target: outbox.mergeKey,
        targetWhere: sql`${outbox.status} = 'pending' and ${outbox.mergeKey} is not null`,
        set: content,
      })
    : insert
  ).returning({ id: outbox.id });
  return row.id;
}
