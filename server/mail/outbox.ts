import type { Tx } from '../db/client';
import { outbox } from '../db/schema';
import type { MailContent } from './layout';

/**
 * Writes an e-mail to the outbox inside the caller's transaction: the mail exists exactly when the
 * change that causes it is committed. The dispatcher delivers it.
 */
export async function enqueueMail(tx: Tx, mail: MailContent & { to: string; kind: string }) {
  const [row] = await tx
    .insert(outbox)
    .values({ kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    .returning({ id: outbox.id });
  return row.id;
}
