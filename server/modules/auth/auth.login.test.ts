import { AUTH_MESSAGES } from '@shared/auth';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import {
  buildAttorney,
  buildFirmUser,
  DEFAULT_PASSWORD,
  sessionCookie,
  uniqueEmail,
} from '../../test/factories';
import { describeEachDb, linkIn } from '../../test/harness';
import { registration } from './auth.test-support';

// Registering, signing in and out, and sessions.
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
  // Issue 67 item 13: a first visit is greeted as one. The server keeps the fact (users.first_signed_in_at,
  // sessions.first_visit); the web reads `firstVisit` and says 'Welcome', not 'Welcome back'.
  describe('first visit', () => {
    const me = async (cookie: string) =>
      (await inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();

    it('the account’s first session is a first visit through all its reads; later sign-ins are returns', async () => {
      const res = await inject({ method: 'POST', url: '/api/register', payload: registration() });
      expect(res.statusCode).toBe(201);
      expect(res.json().firstVisit).toBe(true);
      const first = sessionCookie(res);
      expect((await me(first)).firstVisit).toBe(true);
      // Still the first visit on its next read, however many.
      expect((await me(first)).firstVisit).toBe(true);
      const [row] = await t().db.select().from(users).where(eq(users.id, res.json().id));
      expect(row.firstSignedInAt).toBeInstanceOf(Date);

      // Signing in again (here or elsewhere) is a return: no firstVisit on the answer or the session.
      const again = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: res.json().email, password: DEFAULT_PASSWORD },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).not.toHaveProperty('firstVisit');
      expect(await me(sessionCookie(again))).not.toHaveProperty('firstVisit');
      const third = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: res.json().email, password: DEFAULT_PASSWORD },
      });
      expect(third.json()).not.toHaveProperty('firstVisit');
      // The first sign-in's moment is kept, not moved by later ones.
      const [after] = await t().db.select().from(users).where(eq(users.id, res.json().id));
      expect(after.firstSignedInAt).toEqual(row.firstSignedInAt);
    });

    it('a firm’s registration is its first visit too', async () => {
      const { user, cookie } = await buildFirmUser(t().app);
      expect(user.firstVisit).toBe(true);
      expect((await me(cookie)).firstVisit).toBe(true);
      await inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      const back = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(back.json()).not.toHaveProperty('firstVisit');
    });

    it('an account that never had a session is greeted as new at its first sign-in', async () => {
      const { user } = await buildAttorney(t().app);
      // As if made without a session (the migration leaves only accounts made before it set).
      await t().db.delete(sessions).where(eq(sessions.userId, user.id));
      await t().db.update(users).set({ firstSignedInAt: null }).where(eq(users.id, user.id));
      const res = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
      });
      expect(res.json().firstVisit).toBe(true);
      expect((await me(sessionCookie(res))).firstVisit).toBe(true);
    });
  });
});
