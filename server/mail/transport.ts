import nodemailer from 'nodemailer';

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type MailTransport = {
  /** 'local' keeps mail in the outbox only, shown at /dev/mail. */
  kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export function createMailTransport(opts: { smtpUrl?: string; from: string }): MailTransport {
  if (!opts.smtpUrl) {
    return { kind: 'local', send: async () => {}, close: () => {} };
  }
  const transporter = nodemailer.createTransport(opts.smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from: opts.from, ...mail });
    },
    close: () => transporter.close(),
  };
}
