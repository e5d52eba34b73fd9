import { once } from 'node:events';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string };

/**
 * How the catcher behaves: 'down' = nothing listens (connection refused); 'refuse' = it answers the
 * connection with 421 and hangs up; 'tempfail' = it takes the whole message, then answers 451;
 * 'accept' = it keeps the message.
 */
export type CatcherMode = 'down' | 'refuse' | 'tempfail' | 'accept';

function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A real SMTP server on a fixed loopback port whose availability a test switches. */
export function createSmtpCatcher(port: number) {
  const received: CaughtMail[] = [];
  let mode: CatcherMode = 'down';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (mode === 'refuse') return callback(smtpError(421, 'Service not available, try later'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (mode !== 'accept') return callback(smtpError(451, 'Local error, try later'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let listening = false;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async setMode(next: CatcherMode) {
      mode = next;
      if (next !== 'down' && !listening) {
        server.listen(port, '127.0.0.1');
        await once(server.server, 'listening');
        listening = true;
      }
    },
    /** How many messages each recipient got. */
    countsByRecipient() {
      const counts = new Map<string, number>();
      for (const mail of received) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        server.close(() => resolve());
      }),
  };
}
