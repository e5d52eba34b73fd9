import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirm } from '../modules/firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../modules/requests/sharing/sharing.test-support';
import { buildAttorney } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { createMailDispatcher } from './dispatcher';
import { createMailTransport } from './transport';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a random local port, keeping what it receives. */
async function startSmtpCatcher() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('e-mail over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the share notification to the firm user with both parts and a working link', async () => {
    const firm = await buildFirm(t.app);
    const attorney = await buildAttorney(t.app, { firstName: 'Casey', lastName: 'Nguyen' });
    await completeMasterLpqFor(t.app, attorney.cookie);
    const requestId = await sendRequest(t.app, firm.cookie, attorney.user.email);
    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
    expect(shared.statusCode).toBe(200);

    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Lateral Passport <no-reply@example.com>',
    });
    await createMailDispatcher({ db: t.db, transport, pollMs: 0 }).runOnce();
    transport.close();

    const toFirm = smtp.received.filter((m) => m.to.includes(firm.user.email));
    const shareMail = toFirm.find((m) => m.raw.includes('shared their LPQ'));
    expect(shareMail).toBeDefined();
    expect(shareMail!.from).toBe('no-reply@example.com');
    expect(shareMail!.raw).toContain('Content-Type: text/plain');
    expect(shareMail!.raw).toContain('Content-Type: text/html');
    const link = shareMail!.raw
      .replace(/=\r?\n/g, '')
      .match(/http:\/\/localhost:3000\/firm\/requests\/[0-9a-f-]{36}/)?.[0];
    expect(link).toBe(`http://localhost:3000/firm/requests/${requestId}`);
    // The link opens the firm's request (the SPA route backed by this API).
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(
      smtp.received.some((m) => m.to.includes(attorney.user.email) && m.raw.includes('You shared your LPQ')),
    ).toBe(true);
  });
});
