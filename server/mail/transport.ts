import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { localMail } from '../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html: string; kind?: string };

export type MailTransport = {
  /** 'local' delivers into the local_mail table, shown at /dev/mail. */
  kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export function createMailTransport(opts: { smtpUrl?: string; from: string; db?: Db }): MailTransport {
  if (!opts.smtpUrl) {
    const { db } = opts;
    return {
      kind: 'local',
      async send(mail) {
        if (!db) return;
        await db.insert(localMail).values({
          kind: mail.kind ?? 'mail',
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
      close: () => {},
    };
  }
  const transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    kind: 'smtp',
    async send({ kind: _kind, ...mail }) {
      await transporter.sendMail({ from: opts.from, ...mail });
    },
    close: () => transporter.close(),
  };
}
