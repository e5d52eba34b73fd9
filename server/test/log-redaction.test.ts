import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { pdfBytes, putBytes } from '../modules/files/files.test-support';
import { buildFirm } from '../modules/firm/firm.factories';
import { conflictsForm } from '../modules/master-lpq/master-lpq.fixtures';
import { sendRequest } from '../modules/requests/sharing/sharing.test-support';
import { createLogger, redactMessage, redactUrl, serializeError } from '../plugins/log-redaction';
import { sessionCookie, uniqueEmail } from './factories';
import { createTestDatabase, dbKinds, linkIn, recordingTransport, testConfig } from './harness';

describe('log redaction helpers', () => {
  it('redacts a secret field at the top of a line and one level down', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('info', stream);
    log.info({ token: 'top-token-1', password: 'top-pass-1', body: { recoveryCode: 'nested-code-1' } }, 'x');
    expect(lines.join('')).not.toMatch(/top-token-1|top-pass-1|nested-code-1/);
    expect(lines.join('')).toContain('"token":"[redacted]"');
  });

  it('keeps query names and drops their values', () => {
    expect(redactUrl('/verify-email?token=abc&x=1')).toBe('/verify-email?token=[redacted]&x=[redacted]');
    expect(redactUrl('/api/user')).toBe('/api/user');
  });

  it('drops the values of a failed statement from the message, the stack and the cause', () => {
    const cause = Object.assign(new Error('new row violates check constraint "boom"'), {
      detail: 'Failing row contains (secret value).',
      code: '23514',
    });
    const err = Object.assign(new Error('Failed query: insert into t values ($1)\nparams: secret value'), {
      params: ['secret value'],
      cause,
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('secret value');
    expect(out).toContain('Failed query: insert into t values ($1)');
    expect(out).toContain('23514');
    expect(redactMessage('see http://h/reset-password?token=abc now')).toBe(
      'see http://h/reset-password?[redacted] now',
    );
  });
});

for (const kind of dbKinds) {
  describe(`nothing sensitive reaches the log [${kind}]`, () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const log = () => chunks.join('');
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    const secrets: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildApp({
        config: testConfig({ logLevel: 'trace' }),
        db: database.db,
        mailTransport: recordingTransport(),
        logStream: stream,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    const outbox = async (to: string) => {
      const result = await database.db.execute(
        sql`select kind, text from outbox where "to" = ${to} order by id`,
      );
      return (result as unknown as { rows: { kind: string; text: string }[] }).rows;
    };

    it('register → verify → forgot → reset → invite → upload → a failing query', async () => {
      const email = uniqueEmail('logged');
      const password = 'Zebra-Quasar-7781-password';
      const newPassword = 'Orchid-Nebula-4410-password';
      secrets.push(password, newPassword);
      const registered = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email, password, firstName: 'Quillon', lastName: 'Vantablack', userType: 'attorney' },
      });
      expect(registered.statusCode).toBe(201);
      const cookie = sessionCookie(registered);

      const verifyLink = linkIn((await outbox(email))[0].text, '/verify-email');
      const verifyToken = verifyLink.searchParams.get('token')!;
      secrets.push(verifyToken);
      // The browser opens the mailed link (the SPA page), then the page posts the token.
      await app.inject({ method: 'GET', url: `${verifyLink.pathname}${verifyLink.search}` });
      expect(
        (await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verifyToken } }))
          .statusCode,
      ).toBe(200);

      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      const resetMail = (await outbox(email)).find((m) => m.kind === 'reset_password')!;
      const resetLink = linkIn(resetMail.text, '/reset-password');
      const resetToken = resetLink.searchParams.get('token')!;
      secrets.push(resetToken);
      await app.inject({ method: 'GET', url: `${resetLink.pathname}${resetLink.search}` });
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token: resetToken, password: newPassword },
          })
        ).statusCode,
      ).toBe(200);
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: newPassword },
      });
      expect(signedIn.statusCode).toBe(200);
      const attorneyCookie = sessionCookie(signedIn);
      expect(cookie).not.toBe(attorneyCookie);

      const firm = await buildFirm(app);
      const invited = uniqueEmail('newcomer');
      await sendRequest(app, firm.cookie, invited);
      const inviteMail = (await outbox(invited))[0];
      const inviteLink = linkIn(inviteMail.text, '/register/attorney');
      const inviteToken = inviteLink.searchParams.get('token')!;
      secrets.push(inviteToken);
      await app.inject({ method: 'GET', url: `${inviteLink.pathname}${inviteLink.search}` });

      const bytes = pdfBytes(4096, 'log-test');
      const ticket = await app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: { cookie: attorneyCookie },
        payload: { filename: 'resume.pdf', contentType: 'application/pdf', size: bytes.length },
      });
      expect(ticket.statusCode).toBe(200);
      const { uploadURL, objectPath } = ticket.json() as { uploadURL: string; objectPath: string };
      const signed = new URL(uploadURL);
      for (const value of signed.searchParams.values()) if (value.length >= 8) secrets.push(value);
      expect(secrets.length).toBeGreaterThan(5);
      expect((await putBytes(app, uploadURL, bytes, 'application/pdf')).status).toBeLessThan(300);
      const fileId = objectPath.split('/').pop()!;
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/objects/${fileId}/confirm`,
            headers: { cookie: attorneyCookie },
          })
        ).statusCode,
      ).toBe(200);

      // A statement the database refuses, carrying form contents: logged as a 500, without the values.
      await database.db.execute(
        sql.raw('alter table conflicts_forms add constraint log_test_boom check (false) not valid'),
      );
      const distinctive = 'Xylophone Holdings Confidential Matter 99';
      secrets.push(distinctive);
      const failed = await app.inject({
        method: 'PUT',
        url: '/api/attorney/conflicts-form',
        headers: { cookie: attorneyCookie },
        payload: conflictsForm({ potentialConflicts: distinctive }),
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain(distinctive);

      const text = log();
      // The log did record the journey (so the checks below are about a real log).
      expect(text).toContain('/verify-email?token=[redacted]');
      expect(text).toContain('request failed');
      expect(text).toContain('log_test_boom');
      // Each request's lines carry its id (the request logger is made on the first line it writes).
      const lines = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg?: string; reqId?: string });
      const failure = lines.find((line) => line.msg === 'request failed');
      expect(failure?.reqId).toMatch(/^req-/);
      expect(lines.filter((line) => line.reqId === failure?.reqId).map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request failed', 'request completed']),
      );
      for (const secret of secrets)
        expect(text, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(inviteToken));
    });
  });
}
