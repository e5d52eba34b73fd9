import { AUTH_MESSAGES } from '@shared/auth';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type AppConfig, loadConfig, parseTrustProxy } from '../../config';
import { emailTokens, sessions, users } from '../../db/schema';
import {
  buildAttorney,
  buildFirmUser,
  DEFAULT_PASSWORD,
  sessionCookie,
  signIn,
  uniqueEmail,
} from '../../test/factories';
import {
  createTestApp,
  createTestDatabase,
  dbKinds,
  describeEachDb,
  linkIn,
  recordingTransport,
  type TestApp,
  testConfig,
} from '../../test/harness';

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('reg'),
  password: DEFAULT_PASSWORD,
  firstName: 'Dana',
  lastName: 'Whitfield',
  userType: 'attorney',
  ...overrides,
});

describeEachDb('auth', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const userCount = async () => (await t().db.select({ n: count() }).from(users))[0].n;

  describe('POST /api/register', () => {
    it('creates the user, signs in and queues a verification mail with both parts', async () => {
      const body = registration({ email: '  Dana.W@Example.COM ' });
      const res = await inject({ method: 'POST', url: '/api/register', payload: body });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email: 'dana.w@example.com',
        firstName: 'Dana',
        userType: 'attorney',
        emailVerified: false,
      });
      expect(user).not.toHaveProperty('passwordHash');
      const me = await inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(res) } });
      expect(me.json()).toEqual(user);
      const [mail] = await t().outbox('dana.w@example.com');
      expect(mail.kind).toBe('verify_email');
      expect(mail.subject).toMatch(/verify/i);
      expect(mail.html).toContain('/verify-email?token=');
      expect(linkIn(mail.text, '/verify-email').origin).toBe('http://localhost:3000');
    });

    it.each([
      [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.invalidEmail],
      [{ password: '12345' }, 'password', AUTH_MESSAGES.passwordMin],
      [{ firstName: '' }, 'firstName', AUTH_MESSAGES.firstNameRequired],
      [{ firstName: '   ' }, 'firstName', AUTH_MESSAGES.firstNameRequired],
      [{ lastName: '' }, 'lastName', AUTH_MESSAGES.lastNameRequired],
      [{ userType: 'admin' }, 'userType', AUTH_MESSAGES.roleRequired],
      [{ userType: undefined }, 'userType', AUTH_MESSAGES.roleRequired],
      [{ firstName: 'x'.repeat(101) }, 'firstName', AUTH_MESSAGES.nameTooLong],
    ])('refuses %j with the spec message and stores nothing', async (override, field, message) => {
      const before = await userCount();
      const res = await inject({ method: 'POST', url: '/api/register', payload: registration(override) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(res.json().message).toBeTypeOf('string');
      expect(await userCount()).toBe(before);
    });

    it('refuses an address that exists in any letter case', async () => {
      const email = uniqueEmail('dup');
      await buildAttorney(t().app, { email });
      const before = await userCount();
      const res = await inject({
        method: 'POST',
        url: '/api/register',
        payload: registration({ email: email.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(AUTH_MESSAGES.emailTaken);
      expect(await userCount()).toBe(before);
    });

    it('ignores fields it does not know (no self-verification)', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/register',
        payload: registration({ emailVerified: true, emailVerifiedAt: new Date().toISOString(), id: 'x' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().emailVerified).toBe(false);
    });
  });

  describe('POST /api/login', () => {
    it('signs in with any letter case and rotates the session', async () => {
      const { user, cookie: first } = await buildFirmUser(t().app);
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
        headers: { cookie: first },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, userType: 'firm' });
      const second = sessionCookie(res);
      expect(second).not.toBe(first);
      expect((await inject({ method: 'GET', url: '/api/user', headers: { cookie: first } })).statusCode).toBe(
        401,
      );
      expect(
        (await inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: second } })).statusCode,
      ).toBe(200);
    });

    it('answers 401 with one message for a wrong password and an unknown address', async () => {
      const { user } = await buildAttorney(t().app);
      const wrong = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong-password' },
      });
      const unknown = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: uniqueEmail('nobody'), password: 'wrong-password' },
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
        expect(res.cookies).toHaveLength(0);
      }
    });

    it('validates with the spec messages', async () => {
      const res = await inject({ method: 'POST', url: '/api/login', payload: { email: 'x', password: '1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        email: AUTH_MESSAGES.invalidEmail,
        password: AUTH_MESSAGES.passwordMin,
      });
    });

    it('refuses a body that is not JSON with 4xx', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTypeOf('string');
    });
  });

  describe('current user and sign-out', () => {
    it('answers 401 Unauthorized when signed out', async () => {
      for (const url of ['/api/user', '/api/auth/user']) {
        const res = await inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Unauthorized' });
      }
    });

    it('GET /api/login redirects to /auth', async () => {
      const res = await inject({ method: 'GET', url: '/api/login' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth');
    });

    it('GET /api/login carries a path of this site back to /auth, and nothing else', async () => {
      const back = await inject({
        method: 'GET',
        url: '/api/login?returnTo=%2Fattorney%2Fmaster-lpq%3Fstep%3D2',
      });
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe('/auth?returnTo=%2Fattorney%2Fmaster-lpq%3Fstep%3D2');
      for (const hostile of [
        '//evil.example/x',
        'https://evil.example',
        '/\\evil.example',
        '/api/logout',
        'x',
      ]) {
        const res = await inject({
          method: 'GET',
          url: `/api/login?returnTo=${encodeURIComponent(hostile)}`,
        });
        expect(res.statusCode, hostile).toBe(302);
        expect(res.headers.location, hostile).toBe('/auth');
      }
    });

    it('POST /api/logout deletes the session', async () => {
      const { cookie } = await buildAttorney(t().app);
      const res = await inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect((await inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    });

    it('GET /api/logout signs out and redirects to /', async () => {
      const { cookie } = await buildAttorney(t().app);
      const res = await inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
    });

    it('stores only a hash of the session token', async () => {
      const { user, cookie } = await buildAttorney(t().app);
      const token = cookie.split('=')[1];
      const rows = await t().db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0].id).not.toContain(token);
      expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
    });

    it('the sweep removes expired and idle sessions and keeps live ones', async () => {
      const { deleteExpiredSessions } = await import('./sessions');
      const live = await buildAttorney(t().app);
      const idle = await buildAttorney(t().app);
      const old = await buildAttorney(t().app);
      await t()
        .db.update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - 13 * 3600_000) })
        .where(eq(sessions.userId, idle.user.id));
      await t()
        .db.update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, old.user.id));
      await deleteExpiredSessions(t().db);
      const left = async (userId: string) =>
        (await t().db.select().from(sessions).where(eq(sessions.userId, userId))).length;
      expect(await left(live.user.id)).toBe(1);
      expect(await left(idle.user.id)).toBe(0);
      expect(await left(old.user.id)).toBe(0);
    });

    it('ends a session idle for over 12 hours, and any session after 7 days', async () => {
      const idle = await buildAttorney(t().app);
      await t()
        .db.update(sessions)
        .set({ lastUsedAt: new Date(Date.now() - 13 * 3600_000) })
        .where(eq(sessions.userId, idle.user.id));
      expect(
        (await inject({ method: 'GET', url: '/api/user', headers: { cookie: idle.cookie } })).statusCode,
      ).toBe(401);

      const old = await buildAttorney(t().app);
      await t()
        .db.update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, old.user.id));
      expect(
        (await inject({ method: 'GET', url: '/api/user', headers: { cookie: old.cookie } })).statusCode,
      ).toBe(401);
    });
  });

  describe('e-mail verification', () => {
    it('verifies through the mailed link once; the token cannot be reused', async () => {
      const { user, cookie } = await buildAttorney(t().app, { verified: false });
      const [mail] = await t().outbox(user.email);
      const token = linkIn(mail.text, '/verify-email').searchParams.get('token')!;
      const res = await inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ id: user.id, emailVerified: true });
      expect(
        (await inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json().emailVerified,
      ).toBe(true);
      const again = await inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(AUTH_MESSAGES.invalidToken);
    });

    it('refuses an expired, unknown or missing token', async () => {
      const { user } = await buildAttorney(t().app, { verified: false });
      const [mail] = await t().outbox(user.email);
      const token = linkIn(mail.text, '/verify-email').searchParams.get('token')!;
      await t()
        .db.update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.userId, user.id));
      const expired = await inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(AUTH_MESSAGES.invalidToken);
      const unknown = await inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: 'nope' },
      });
      expect(unknown.statusCode).toBe(400);
      const missing = await inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.token).toBe(AUTH_MESSAGES.tokenRequired);
      const [row] = await t().db.select().from(users).where(eq(users.id, user.id));
      expect(row.emailVerifiedAt).toBeNull();
    });

    it('resends a verification mail to a signed-in unverified user', async () => {
      const { user, cookie } = await buildAttorney(t().app, { verified: false });
      expect((await inject({ method: 'POST', url: '/api/auth/resend-verification' })).statusCode).toBe(401);
      const res = await inject({ method: 'POST', url: '/api/auth/resend-verification', headers: { cookie } });
      expect(res.statusCode).toBe(202);
      expect(await t().outbox(user.email)).toHaveLength(2);
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same for an unknown address and sends nothing', async () => {
      const before = (await t().outbox()).length;
      const email = uniqueEmail('ghost');
      const res = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.forgotAccepted });
      expect((await t().outbox()).length).toBe(before);
    });

    it('resets once with the mailed token, ends every session, and the old password stops working', async () => {
      const { user, cookie } = await buildAttorney(t().app);
      const forgot = await inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email.toUpperCase() },
      });
      expect(forgot.statusCode).toBe(202);
      expect(forgot.json()).toEqual({ message: AUTH_MESSAGES.forgotAccepted });
      const mail = (await t().outbox(user.email)).find((m) => m.kind === 'reset_password')!;
      expect(mail.html).toContain('/reset-password?token=');
      const token = linkIn(mail.text, '/reset-password').searchParams.get('token')!;

      const short = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: '123' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.password).toBe(AUTH_MESSAGES.passwordMin);

      const res = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a new secret' },
      });
      expect(res.statusCode).toBe(200);
      expect((await inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
      const oldLogin = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(oldLogin.statusCode).toBe(401);
      await signIn(t().app, user.email, 'a new secret');

      const reuse = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'another one' },
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().message).toBe(AUTH_MESSAGES.invalidToken);
    });

    it('a reset ends every other outstanding reset link and every session, including other devices', async () => {
      const { user, cookie } = await buildAttorney(t().app);
      const second = await signIn(t().app, user.email, DEFAULT_PASSWORD);
      for (let i = 0; i < 2; i++) {
        await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      }
      const [older, newer] = (await t().outbox(user.email))
        .filter((m) => m.kind === 'reset_password')
        .slice(-2)
        .map((m) => linkIn(m.text, '/reset-password').searchParams.get('token')!);
      const res = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: newer, password: 'a new secret' },
      });
      expect(res.statusCode).toBe(200);
      const replay = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: older, password: 'the attacker chose this' },
      });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(AUTH_MESSAGES.invalidToken);
      for (const c of [cookie, second]) {
        expect((await inject({ method: 'GET', url: '/api/user', headers: { cookie: c } })).statusCode).toBe(
          401,
        );
      }
      await signIn(t().app, user.email, 'a new secret');
    });

    it('refuses an expired reset token and leaves the password', async () => {
      const { user } = await buildAttorney(t().app);
      await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      const mail = (await t().outbox(user.email)).find((m) => m.kind === 'reset_password')!;
      const token = linkIn(mail.text, '/reset-password').searchParams.get('token')!;
      await t()
        .db.update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(emailTokens.userId, user.id));
      const res = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a new secret' },
      });
      expect(res.statusCode).toBe(400);
      await signIn(t().app, user.email, DEFAULT_PASSWORD);
    });

    it('does not accept a verification token as a reset token', async () => {
      const { user } = await buildAttorney(t().app, { verified: false });
      const [mail] = await t().outbox(user.email);
      const token = linkIn(mail.text, '/verify-email').searchParams.get('token')!;
      const res = await inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'a new secret' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('transport security', () => {
    it('refuses a state-changing request from another origin', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'a@b.co', password: 'whatever' },
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      const ok = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'a@b.co', password: 'whatever' },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(ok.statusCode).toBe(401);
    });

    it('sends no-store and the helmet headers on API answers', async () => {
      const res = await inject({ method: 'GET', url: '/api/user' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const res = await inject({ method: 'GET', url: '/api/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    });
  });
});

describe('rate limits', () => {
  it('answers 429 after too many sign-in attempts for one address, and again for resets', async () => {
    const t = await createTestApp({
      config: {
        rateLimit: { max: 3, windowMs: 60_000, accountMax: 100, registerMax: 2, registerWindowMs: 60_000 },
      },
    });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'victim@example.com', password: 'guess-123' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('Too many attempts. Please try again later.');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      const forgot = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'victim@example.com' },
        });
      for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(202);
      expect((await forgot()).statusCode).toBe(429);

      const register = () => t.app.inject({ method: 'POST', url: '/api/register', payload: registration() });
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(201);
      expect((await register()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  for (const kind of dbKinds) {
    describe(`against one account from many addresses [${kind}]`, () => {
      const limits = {
        max: 10,
        windowMs: 60_000,
        accountMax: 10,
        registerMax: 1000,
        registerWindowMs: 60_000,
      };
      // 30 failed sign-ins, each claiming another client address in X-Forwarded-For.
      async function spray(app: TestApp['app'], email: string, password = 'guess-123') {
        const codes: number[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
            payload: { email, password },
          });
          codes.push(res.statusCode);
        }
        return codes;
      }

      it('ignores X-Forwarded-For by default: the real address is limited', async () => {
        const t = await createTestApp({ kind, config: { rateLimit: { ...limits, accountMax: 1000 } } });
        try {
          const codes = await spray(t.app, uniqueEmail('victim'));
          expect(codes.indexOf(429)).toBe(10);
          expect(codes.slice(10).every((c) => c === 429)).toBe(true);
        } finally {
          await t.close();
        }
      });

      it('behind a trusted proxy, still limits the target account whatever the address', async () => {
        const t = await createTestApp({
          kind,
          config: { trustProxy: true, rateLimit: { ...limits, max: 1000 } },
        });
        try {
          const { user } = await buildAttorney(t.app);
          const codes = await spray(t.app, user.email);
          expect(codes.indexOf(429)).toBe(10);
          expect(codes.slice(10).every((c) => c === 429)).toBe(true);
          // Even the right password waits out the window: the answer does not confirm a guess.
          const right = await t.app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { 'x-forwarded-for': '198.51.100.7' },
            payload: { email: user.email, password: DEFAULT_PASSWORD },
          });
          expect(right.statusCode).toBe(429);
          // Another account is not locked by it.
          const other = await buildAttorney(t.app);
          await signIn(t.app, other.user.email);
        } finally {
          await t.close();
        }
      });

      it('a successful sign-in clears the failures counted against the account', async () => {
        const t = await createTestApp({
          kind,
          config: { trustProxy: true, rateLimit: { ...limits, max: 1000 } },
        });
        try {
          const { user } = await buildAttorney(t.app);
          const fail = () =>
            t.app.inject({
              method: 'POST',
              url: '/api/login',
              payload: { email: user.email, password: 'x-guess' },
            });
          for (let i = 0; i < 9; i++) expect((await fail()).statusCode).toBe(401);
          await signIn(t.app, user.email);
          for (let i = 0; i < 10; i++) expect((await fail()).statusCode).toBe(401);
          expect((await fail()).statusCode).toBe(429);
        } finally {
          await t.close();
        }
      });

      it('two app processes on one database share the counters', async () => {
        const database = await createTestDatabase(kind);
        const config = testConfig({ rateLimit: { ...limits, max: 4 } });
        const a = await buildApp({
          config,
          db: database.db,
          mailTransport: recordingTransport(),
          logger: false,
        });
        const b = await buildApp({
          config,
          db: database.db,
          mailTransport: recordingTransport(),
          logger: false,
        });
        try {
          const codes: number[] = [];
          for (let i = 0; i < 6; i++) {
            const app = i % 2 === 0 ? a : b;
            const res = await app.inject({
              method: 'POST',
              url: '/api/auth/forgot-password',
              payload: { email: 'shared@example.com' },
            });
            codes.push(res.statusCode);
          }
          expect(codes).toEqual([202, 202, 202, 202, 429, 429]);
        } finally {
          await a.close();
          await b.close();
          await database.close();
        }
      });
    });
  }
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, and takes a hop count or addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes the client address from X-Forwarded-For only as far as TRUST_PROXY allows', async () => {
    const database = await createTestDatabase('pglite');
    const ipSeen = async (trustProxy: AppConfig['trustProxy'], remoteAddress: string) => {
      const app = await buildApp({ config: testConfig({ trustProxy }), db: database.db, logger: false });
      app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
      const res = await app.inject({
        method: 'GET',
        url: '/api/test-ip',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.2' },
      });
      await app.close();
      return res.json().ip;
    };
    try {
      expect(await ipSeen(false, '10.0.0.1')).toBe('10.0.0.1');
      expect(await ipSeen(1, '10.0.0.1')).toBe('10.0.0.2');
      expect(await ipSeen(2, '10.0.0.1')).toBe('203.0.113.9');
      expect(await ipSeen(['10.0.0.0/8'], '10.0.0.1')).toBe('203.0.113.9');
      expect(await ipSeen(['10.0.0.0/8'], '192.0.2.1')).toBe('192.0.2.1');
    } finally {
      await database.close();
    }
  });
});

describeEachDb('registration through an invitation', (t) => {
  const invite = async (email: string) => {
    const { createEmailToken } = await import('./tokens');
    return createEmailToken(t().db, { purpose: 'invitation', email, ttlMs: 60_000 });
  };

  it('verifies the address when the token was sent to it (any letter case) and sends no verification mail', async () => {
    const email = uniqueEmail('invited');
    const token = await invite(email);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: email.toUpperCase(), invitationToken: token }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailVerified).toBe(true);
    expect((await t().outbox(email)).filter((m) => m.kind === 'verify_email')).toHaveLength(0);
  });

  it('refuses a token sent to another address and creates nothing', async () => {
    const token = await invite(uniqueEmail('someone-else'));
    const email = uniqueEmail('intruder');
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email, invitationToken: token }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe(AUTH_MESSAGES.invitationEmailMismatch);
    expect(await t().db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('ignores a used token: the account is created unverified with a verification mail', async () => {
    const email = uniqueEmail('reuse');
    const token = await invite(email);
    await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email, invitationToken: token }),
    });
    const other = uniqueEmail('reuse2');
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: other, invitationToken: token }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailVerified).toBe(false);
  });
});
