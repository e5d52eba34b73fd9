import { AUTH_MESSAGES } from '@shared/auth';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../db/schema';
import { NON_DOCUMENT_CSP, PAGE_ONLY_HEADERS } from '../../plugins/security';
import { buildAttorney, DEFAULT_PASSWORD, signIn, uniqueEmail } from '../../test/factories';
import { describeEachDb, linkIn } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';

// E-mail verification, password resets and transport security.
describeEachDb('auth', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

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

    it('words the mail for each side: a firm verifies to send invitations, an attorney to be reached', async () => {
      const firm = await buildFirm(t().app, {}, { verified: false });
      const [firmMail] = await t().outbox(firm.user.email);
      expect(firmMail.text).toContain('send LPQ invitations to attorneys');
      expect(firmMail.text).not.toContain('so that firms can reach you');
      const attorney = await buildAttorney(t().app, { verified: false });
      const [attorneyMail] = await t().outbox(attorney.user.email);
      expect(attorneyMail.text).toContain('so that firms can reach you');
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
      // Refused before any route ran: JSON, with the headers every answer carries.
      expect(res.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP);
      for (const name of PAGE_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
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
      // JSON loads nothing and is framed nowhere.
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // A JSON answer is never rendered as a page: the headers only a page acts on stay off it.
      for (const name of PAGE_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
    });

    it('sends the page-only helmet headers on everything that is not JSON', async () => {
      const page = await inject({ method: 'GET', url: '/api/docs' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      for (const name of PAGE_ONLY_HEADERS) expect(page.headers[name], name).toBeDefined();
      // A page gets the pages' own policy: what they may load, and never in a frame.
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['cache-control']).toBe('no-store');
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const res = await inject({ method: 'GET', url: '/api/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    });
  });
});
