import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type AppConfig, loadConfig, parseTrustProxy } from '../../config';
import { peekRateLimit } from '../../plugins/rate-limit';
import { buildAttorney, DEFAULT_PASSWORD, signIn, uniqueEmail } from '../../test/factories';
import {
  createTestApp,
  createTestDatabase,
  createThreeTriesApp,
  createTwoApps,
  dbKinds,
  linkIn,
  type TestApp,
  testConfig,
} from '../../test/harness';
import { registration } from './auth.test-support';
import { accountDelayMs } from './sign-in-limits';

// Rate limits on sign-in and resets, and which client address TRUST_PROXY lets the app see.

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

  it('counts only failed sign-ins against an address and account: the owner signs in as often as they like', async () => {
    const t = await createThreeTriesApp();
    try {
      const { user } = await buildAttorney(t.app);
      const attempt = (password: string) =>
        t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
      for (let i = 0; i < 8; i++) expect((await attempt(DEFAULT_PASSWORD)).statusCode).toBe(200);
      // Two failures, a success (which clears them), then three failures: the next try waits.
      for (let i = 0; i < 2; i++) expect((await attempt('guess-123')).statusCode).toBe(401);
      expect((await attempt(DEFAULT_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await attempt('guess-123')).statusCode).toBe(401);
      expect((await attempt(DEFAULT_PASSWORD)).statusCode).toBe(429);
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
      async function spray(app: TestApp['app'], email: string, password = 'guess-123', times = 30) {
        const codes: number[] = [];
        for (let i = 0; i < times; i++) {
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

      // PRODUCT.md §10: wrong passwords from other addresses only slow the account down; they never refuse
      // the owner's right password from their own address, and a completed password reset clears them.
      it('never locks the owner out: failures from other addresses only slow the account down', async () => {
        const t = await createTestApp({
          kind,
          config: { trustProxy: true, rateLimit: { ...limits, max: 1000, accountDelayMs: 5 } },
        });
        try {
          const { user } = await buildAttorney(t.app);
          const codes = await spray(t.app, user.email, 'guess-123', 11);
          expect(codes).toEqual(Array(11).fill(401));
          const right = await t.app.inject({
            method: 'POST',
            url: '/api/login',
            headers: { 'x-forwarded-for': '198.51.100.7' },
            payload: { email: user.email, password: DEFAULT_PASSWORD },
          });
          expect(right.statusCode).toBe(200);
          expect(right.json().email).toBe(user.email);
          // The success cleared the account's count.
          expect((await peekRateLimit(t.db, `login-account:${user.email}`)).count).toBe(0);
        } finally {
          await t.close();
        }
      });

      it('limits failures per address and account, and per address whatever the account', async () => {
        const t = await createTestApp({
          kind,
          config: { rateLimit: { ...limits, max: 2, accountMax: 1000 } },
        });
        try {
          const { user } = await buildAttorney(t.app);
          const attempt = (email: string, password = 'guess-123') =>
            t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
          expect((await attempt(user.email)).statusCode).toBe(401);
          expect((await attempt(user.email)).statusCode).toBe(401);
          // Per address and account: the third try, even right, waits for the window.
          expect((await attempt(user.email, DEFAULT_PASSWORD)).statusCode).toBe(429);
          // Per address: 5 × max failures over any accounts, then every account from it waits.
          for (let i = 0; i < 8; i++) expect((await attempt(uniqueEmail('spray'))).statusCode).toBe(401);
          expect((await attempt(uniqueEmail('spray'))).statusCode).toBe(429);
          // From another address the owner is not limited at all.
          const other = await t.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '192.0.2.44',
            payload: { email: user.email, password: DEFAULT_PASSWORD },
          });
          expect(other.statusCode).toBe(200);
        } finally {
          await t.close();
        }
      });

      it('a completed password reset clears the limits on the account at the owner’s address', async () => {
        const t = await createTestApp({ kind, config: { rateLimit: { ...limits, max: 3 } } });
        try {
          const { user } = await buildAttorney(t.app);
          const attempt = (password: string) =>
            t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
          for (let i = 0; i < 3; i++) expect((await attempt('guess-123')).statusCode).toBe(401);
          expect((await attempt(DEFAULT_PASSWORD)).statusCode).toBe(429);
          const forgot = await t.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: user.email },
          });
          expect(forgot.statusCode).toBe(202);
          const mail = (await t.outbox(user.email)).find((m) => m.kind === 'reset_password');
          const token = linkIn(mail?.text ?? '', '/reset-password').searchParams.get('token');
          const reset = await t.app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token, password: 'a brand new one' },
          });
          expect(reset.statusCode).toBe(200);
          expect((await attempt('a brand new one')).statusCode).toBe(200);
        } finally {
          await t.close();
        }
      });

      it('slows sign-in down by a delay that doubles past the account limit, at most 30 s', () => {
        expect([9, 10, 11, 12, 14, 15, 40].map((n) => accountDelayMs(n, 10))).toEqual([
          0, 1000, 2000, 4000, 16000, 30000, 30000,
        ]);
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
          expect((await peekRateLimit(t.db, `login-account:${user.email}`)).count).toBe(9);
          await signIn(t.app, user.email);
          expect((await peekRateLimit(t.db, `login-account:${user.email}`)).count).toBe(0);
        } finally {
          await t.close();
        }
      });

      it('two app processes on one database share the counters', async () => {
        const { a, b, close } = await createTwoApps(kind, { rateLimit: { ...limits, max: 4 } });
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
          await close();
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
