import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { outbox } from '../../db/schema';
import { REDACTED_TOKEN } from '../../mail/dispatcher';
import { sessionCookie, uniqueEmail } from '../../test/factories';
import { createTestApp, createTestDatabase, dbKinds, type TestApp, testConfig } from '../../test/harness';
import { isLoopbackAddress } from './dev-mail.routes';

describe('the embedded setup listens on this machine only', () => {
  it('binds 127.0.0.1 unless HOST is set', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('knows a loopback peer', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', '192.168.1.5', 'fe80::1', '', undefined])
      expect(isLoopbackAddress(a)).toBe(false);
  });
});

for (const kind of dbKinds) {
  describe(`/dev/mail [${kind}]`, () => {
    let t: TestApp;
    const email = uniqueEmail('devmail');
    beforeAll(async () => {
      t = await createTestApp({
        kind,
        local: true,
        config: { publicUrl: 'http://lp.test:3000', trustProxy: true },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody@example.com' },
      });
      expect(res.statusCode).toBe(202);
      await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          email,
          password: 'a long password',
          firstName: 'Dev',
          lastName: 'Mail',
          userType: 'attorney',
        },
      });
      await t.app.ctx.mailDispatcher.runOnce();
    });
    afterAll(() => t.close());

    const read = (opts: Partial<InjectOptions> = {}) =>
      t.app.inject({ method: 'GET', url: '/dev/mail?format=json', ...opts });

    it('serves the local mailbox to a loopback client addressed by a local name', async () => {
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'lp.test:3000', 'LOCALHOST']) {
        const res = await read({ headers: { host } });
        expect(res.statusCode, host).toBe(200);
        const mail = (res.json() as { to: string; text: string }[]).find((m) => m.to === email);
        expect(mail?.text).toContain('/verify-email?token=');
      }
      expect((await read({ remoteAddress: '::1', headers: { host: 'localhost' } })).statusCode).toBe(200);
    });

    it('answers 404 to a client on another machine, even one claiming to be local', async () => {
      for (const remoteAddress of ['192.168.1.5', '10.0.0.7', '::ffff:10.0.0.7']) {
        const res = await read({
          remoteAddress,
          headers: { host: 'localhost', 'x-forwarded-for': '127.0.0.1' },
        });
        expect(res.statusCode, remoteAddress).toBe(404);
        expect(res.json()).toEqual({ message: 'Not Found' });
      }
    });

    it('answers 404 to any other Host (DNS rebinding)', async () => {
      for (const host of [
        'evil.example',
        'evil.example:3000',
        '127.0.0.1.nip.io',
        'localhost.evil.example',
      ]) {
        expect((await read({ headers: { host } })).statusCode, host).toBe(404);
      }
    });

    it('POST /dev/session/age makes the caller’s sign-in not recent (loopback only), then asks to confirm', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'a long password' },
      });
      const cookie = sessionCookie(login);
      const changePassword = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: {} });
      // Fresh: the bad input is answered (400), not the recent sign-in.
      expect((await changePassword()).statusCode).toBe(400);
      const away = await t.app.inject({
        method: 'POST',
        url: '/dev/session/age',
        remoteAddress: '10.0.0.7',
        headers: { cookie, host: 'localhost' },
      });
      expect(away.statusCode).toBe(404);
      const age = await t.app.inject({
        method: 'POST',
        url: '/dev/session/age',
        headers: { cookie, host: 'localhost' },
      });
      expect(age.statusCode).toBe(204);
      const body = {
        currentPassword: 'a long password',
        newPassword: 'another long one',
      };
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        headers: { cookie },
        payload: body,
      });
      expect(stale.json()).toEqual({ message: 'Confirm it is you.', code: 'reauthenticate' });
      // Signed out it does nothing.
      expect(
        (await t.app.inject({ method: 'POST', url: '/dev/session/age', headers: { host: 'localhost' } }))
          .statusCode,
      ).toBe(204);
    });

    it('the outbox forgets the token of a delivered mail; the mailbox keeps its copy', async () => {
      const rows = await t.db.select().from(outbox).where(eq(outbox.to, email));
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('sent');
      expect(rows[0].text).toContain(`/verify-email?token=${REDACTED_TOKEN}`);
      expect(rows[0].html).toContain(`/verify-email?token=${REDACTED_TOKEN}`);
      expect(rows[0].text).toContain('Dev');
      expect(JSON.stringify(rows[0])).not.toMatch(/token=(?!\[redacted\])/);
    });
  });
}

describe('/dev/mail is never served', () => {
  it('when mail goes out through SMTP', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('with NODE_ENV=production, even with mail kept locally', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildApp({ config: testConfig({ env: 'production' }), db: database.db, logger: false });
    try {
      expect(app.ctx.mailTransport.kind).toBe('local');
      expect((await app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
