import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { HTTP_MESSAGES } from '@shared/http';
import { SECURITY_ERROR_CODES } from '@shared/security';
import { SHARED_MAIL_DOMAINS, SSO_MESSAGES } from '@shared/sso';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmInvitations, firmMembers, firmSso, firms, sessions, ssoDomains, users } from '../../db/schema';
import { buildAttorney, buildFirmUser, DEFAULT_PASSWORD, sessionCookie } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { startTestProvider, type TestAccount, type TestProvider } from '../../test/oidc-test-provider';
import { hashToken } from '../auth/crypto';
import { ageSession, enrolTotp, pendingCookie, post } from '../security/security.test-support';
import { softAuthenticator } from '../security/soft-authenticator.test-support';

/**
 * Single sign-on (PRODUCT.md §14) against a real OpenID provider (oidc-provider) on a loopback port: the
 * browser's part is played here, our app through inject, the provider over HTTP with its own cookies.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => provider?.close());

/** A cookie jar for the provider's site (its interaction and session cookies). */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair, ...attrs] = line.split(';');
        const i = pair.indexOf('=');
        const name = pair.slice(0, i).trim();
        const value = pair.slice(i + 1).trim();
        const gone = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
        if (gone || !value) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/** Follows the provider's redirects from the authorization URL until it sends the browser back to us. */
async function throughProvider(authorizationUrl: string): Promise<URL> {
  const cookies = jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(CALLBACK)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((x) => x.name.endsWith(name) && x.value);
  return c ? `${c.name}=${c.value}` : undefined;
};

describeEachDb('single sign-on', (t) => {
  const app = () => t().app as FastifyInstance;
  const inject = (opts: InjectOptions) => app().inject(opts);

  /** A firm whose admin registered at a domain of its own, with its SSO set to the test provider. */
  async function ssoFirm(opts: { requireSso?: boolean } = {}) {
    const domain = `sso-${randomBytes(4).toString('hex')}.example`;
    const admin = await buildFirmUser(app(), {
      email: `admin@${domain}`,
      firstName: 'Ada',
      lastName: 'Admin',
    });
    const res = await saveSettings(admin.cookie, {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      domains: [domain],
      requireSso: opts.requireSso ?? false,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { admin, domain, firmId: admin.firmId };
  }

  const saveSettings = (cookie: string | undefined, payload: unknown) =>
    inject({
      method: 'PUT',
      url: '/api/firm/settings/sso',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  /** The TXT record GET /api/firm/settings/sso gives this admin's firm. */
  const txtRecordOf = async (cookie: string) =>
    (await inject({ method: 'GET', url: '/api/firm/settings/sso', headers: { cookie } })).json()
      .domainTxtRecord as string;

  /** Runs `fn` while `domain` has these TXT records (the injectable resolver; no DNS in tests). */
  async function withTxt(domain: string, record: string, fn: () => Promise<void>) {
    const ctx = app().ctx;
    const before = ctx.resolveTxt;
    const asked: string[] = [];
    ctx.resolveTxt = async (name) => {
      asked.push(name);
      if (name !== domain) throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
      // As DNS answers: other records beside it, a long one in chunks.
      return [['v=spf1 -all'], [record.slice(0, 20), record.slice(20)]];
    };
    try {
      await fn();
    } finally {
      ctx.resolveTxt = before;
    }
    return asked;
  }

  /** A member of the firm with this address, registered and moved in (team.factories' way). */
  async function member(firmId: string, email: string, roles: ('recruiter' | 'admin')[] = ['recruiter']) {
    const actor = await buildFirmUser(app(), { email });
    await t().db.update(firmMembers).set({ firmId, roles }).where(eq(firmMembers.userId, actor.user.id));
    await t().db.delete(firms).where(eq(firms.id, actor.firmId));
    return actor;
  }

  /** The start, the provider (signing `account` in), and the URL it sends the browser back to. */
  async function startAndAuthorize(email: string, account: TestAccount | null, tamper?: (url: URL) => void) {
    const start = await inject({
      method: 'GET',
      url: `/api/auth/sso/start?email=${encodeURIComponent(email)}`,
    });
    expect(start.statusCode, start.body).toBe(302);
    const flowCookie = cookieOf(start, 'lp_sso');
    expect(flowCookie).toBeDefined();
    const authorization = new URL(start.headers.location as string);
    tamper?.(authorization);
    provider.nextLogin = account;
    const back = await throughProvider(authorization.href);
    return { back, flowCookie: flowCookie! };
  }

  const callback = (back: URL, cookie?: string) =>
    inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: cookie ? { cookie } : {},
    });

  async function signInThroughProvider(email: string, account: Partial<TestAccount> = {}) {
    const { back, flowCookie } = await startAndAuthorize(email, { email, ...account });
    return { res: await callback(back, flowCookie), back, flowCookie };
  }

  const me = (cookie: string) => inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  const expectRefused = (res: LightMyRequestResponse, reason = 'failed') => {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^/sso/refused\\?reason=${reason}`));
    expect(cookieOf(res, 'lp_session')).toBeUndefined();
  };

  describe('signing in through the provider', () => {
    it('signs the member in with a session like a password sign-in', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `morgan@${domain}`);
      const { res } = await signInThroughProvider(m.user.email);
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/auth');
      const cookie = sessionCookie(res);
      const who = await me(cookie);
      expect(who.json()).toMatchObject({ id: m.user.id, email: m.user.email, firm: { id: firmId } });
      const token = cookie.split('=')[1];
      const [row] = await t()
        .db.select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)));
      expect(row.authMethod).toBe('sso');
    });

    it('accepts the address’s open invitation: a new member with the invitation’s roles, no password typed', async () => {
      const { admin, domain, firmId } = await ssoFirm();
      const email = `newcomer@${domain}`;
      const invite = await inject({
        method: 'POST',
        url: '/api/firm/invitations',
        headers: { cookie: admin.cookie },
        payload: { email, roles: ['reviewer'] },
      });
      expect(invite.statusCode, invite.body).toBe(201);
      const { res } = await signInThroughProvider(email, { givenName: 'Nia', familyName: 'Newcomer' });
      expect(res.statusCode, res.body).toBe(302);
      const who = (await me(sessionCookie(res))).json();
      expect(who).toMatchObject({
        email,
        firstName: 'Nia',
        lastName: 'Newcomer',
        userType: 'firm',
        emailVerified: true,
        firm: { id: firmId, roles: ['reviewer'] },
      });
      const [inv] = await t().db.select().from(firmInvitations).where(eq(firmInvitations.email, email));
      expect(inv.acceptedAt).not.toBeNull();
    });

    it('refuses a stranger with the ask-your-admin page and creates no account', async () => {
      const { domain } = await ssoFirm();
      const email = `stranger@${domain}`;
      const { res } = await signInThroughProvider(email);
      expectRefused(res, 'no-account');
      expect(res.headers.location).toContain(encodeURIComponent(email));
      const [n] = await t().db.select({ n: count() }).from(users).where(eq(users.email, email));
      expect(n.n).toBe(0);
    });

    it('refuses an e-mail claim the provider has not verified', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `unverified@${domain}`);
      const { res } = await signInThroughProvider(m.user.email, { emailVerified: false });
      expectRefused(res);
    });

    it('refuses a forged callback: a state that is not the one this browser sent, or no flow cookie', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `forged@${domain}`);
      const { back, flowCookie } = await startAndAuthorize(m.user.email, { email: m.user.email });
      const forged = new URL(back);
      forged.searchParams.set('state', 'forged-state');
      expectRefused(await callback(forged, flowCookie));
      // The flow's record is used up by the refusal: the genuine answer cannot follow it.
      expectRefused(await callback(back, flowCookie));
      const other = await startAndAuthorize(m.user.email, { email: m.user.email });
      expectRefused(await callback(other.back));
    });

    it('refuses a replayed callback', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `replay@${domain}`);
      const { res, back, flowCookie } = await signInThroughProvider(m.user.email);
      expect(cookieOf(res, 'lp_session')).toBeDefined();
      expectRefused(await callback(back, flowCookie));
    });

    it('refuses an ID token whose nonce is not the one sent', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `nonce@${domain}`);
      const { back, flowCookie } = await startAndAuthorize(m.user.email, { email: m.user.email }, (url) =>
        url.searchParams.set('nonce', 'a-nonce-of-someone-else'),
      );
      expectRefused(await callback(back, flowCookie));
    });

    it('refuses an expired ID token', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `expired@${domain}`);
      const { back, flowCookie } = await startAndAuthorize(m.user.email, { email: m.user.email });
      provider.expireNextIdToken = true;
      expectRefused(await callback(back, flowCookie));
      expect(provider.expireNextIdToken).toBe(false);
    });

    it('refuses an ID token whose signature does not verify against the provider’s keys', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `signature@${domain}`);
      const { back, flowCookie } = await startAndAuthorize(m.user.email, { email: m.user.email });
      provider.forgeNextIdTokenSignature = true;
      expectRefused(await callback(back, flowCookie));
      expect(provider.forgeNextIdTokenSignature).toBe(false);
    });

    it('refuses an address of a domain the firm does not name', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `member@${domain}`);
      const { back, flowCookie } = await startAndAuthorize(m.user.email, {
        email: 'someone@elsewhere.example',
      });
      expectRefused(await callback(back, flowCookie), 'no-account');
    });

    it('asks for the second factor unless the provider says it did multi-factor (amr mfa)', async () => {
      const { domain, firmId } = await ssoFirm();
      const m = await member(firmId, `twofactor@${domain}`);
      await enrolTotp(app(), m.cookie);
      const without = (await signInThroughProvider(m.user.email, { amr: ['pwd'] })).res;
      expect(without.statusCode).toBe(302);
      expect(without.headers.location).toMatch(/^\/auth\?secondStep=totp/);
      expect(cookieOf(without, 'lp_session')).toBeUndefined();
      expect(pendingCookie(without)).toBeTruthy();
      const withMfa = (await signInThroughProvider(m.user.email, { amr: ['pwd', 'mfa'] })).res;
      expect(withMfa.headers.location).toBe('/auth');
      const token = sessionCookie(withMfa).split('=')[1];
      const [row] = await t()
        .db.select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token)));
      expect(row.authMethod).toBe('sso_mfa');
    });

    it('lets the provider’s multi-factor stand for the second factor the firm requires, and only that', async () => {
      const { domain, firmId } = await ssoFirm();
      await t().db.update(firms).set({ requireTwoFactor: true }).where(eq(firms.id, firmId));
      const m = await member(firmId, `nofactor@${domain}`);
      const members = (cookie: string) =>
        inject({ method: 'GET', url: '/api/firm/members', headers: { cookie } });
      const withMfa = sessionCookie((await signInThroughProvider(m.user.email, { amr: ['pwd', 'mfa'] })).res);
      expect((await me(withMfa)).json()).not.toHaveProperty('mustEnrolSecondFactor');
      expect((await members(withMfa)).statusCode).toBe(200);
      const without = sessionCookie((await signInThroughProvider(m.user.email, { amr: ['pwd'] })).res);
      expect((await me(without)).json()).toMatchObject({ mustEnrolSecondFactor: true });
      const refused = await members(without);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(SECURITY_ERROR_CODES.twoFactorRequired);
    });

    it('answers 404 at the start for an address whose domain has no SSO, and discovery says so', async () => {
      const { domain } = await ssoFirm();
      const start = await inject({ method: 'GET', url: '/api/auth/sso/start?email=a%40no-sso.example' });
      expect(start.statusCode).toBe(404);
      expect(start.json().message).toBe(SSO_MESSAGES.noSso);
      const no = await inject({ method: 'GET', url: '/api/auth/sso/discover?email=a%40no-sso.example' });
      expect(no.json()).toEqual({ sso: false });
      const yes = await inject({
        method: 'GET',
        url: `/api/auth/sso/discover?email=Someone%40${domain.toUpperCase()}`,
      });
      expect(yes.json()).toEqual({ sso: true });
      const bad = await inject({ method: 'GET', url: '/api/auth/sso/discover?email=not-an-address' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('requireSso', () => {
    it('refuses a member’s password with a clear message, not an admin’s', async () => {
      const { admin, domain, firmId } = await ssoFirm({ requireSso: true });
      const m = await member(firmId, `pwd@${domain}`);
      const refused = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: m.user.email, password: DEFAULT_PASSWORD },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SSO_MESSAGES.ssoRequired);
      expect(cookieOf(refused, 'lp_session')).toBeUndefined();
      // A wrong password still reads as a wrong password.
      const wrong = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: m.user.email, password: 'not the password' },
      });
      expect(wrong.statusCode).toBe(401);
      const adminLogin = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: admin.user.email, password: DEFAULT_PASSWORD },
      });
      expect(adminLogin.statusCode).toBe(200);
      // The member still signs in through the provider.
      const { res } = await signInThroughProvider(m.user.email);
      expect(cookieOf(res, 'lp_session')).toBeDefined();
    });

    it('refuses a member’s passkey on its own too (it stands in for the password), not an admin’s', async () => {
      const { admin, domain, firmId } = await ssoFirm({ requireSso: true });
      const m = await member(firmId, `key@${domain}`);
      const passkeySignIn = async (cookie: string) => {
        const key = softAuthenticator('http://localhost:3000');
        const options = await post(app(), '/api/auth/passkeys/registration-options', cookie);
        const added = await post(app(), '/api/auth/passkeys/registration', cookie, {
          name: 'Laptop',
          response: key.register(options.json()),
        });
        expect(added.statusCode, added.body).toBe(201);
        const open = (await post(app(), '/api/auth/passkeys/authentication-options')).json();
        return post(app(), '/api/auth/passkeys/authentication', undefined, {
          response: key.authenticate(open),
        });
      };
      const refused = await passkeySignIn(m.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SSO_MESSAGES.ssoRequired);
      expect(cookieOf(refused, 'lp_session')).toBeUndefined();
      expect((await passkeySignIn(admin.cookie)).statusCode).toBe(200);
    });
  });

  describe('settings', () => {
    const get = (cookie?: string) =>
      inject({ method: 'GET', url: '/api/firm/settings/sso', headers: cookie ? { cookie } : {} });

    it('answers 401 signed out and 403 to a member who is not an admin, and to an attorney', async () => {
      const { domain, firmId } = await ssoFirm();
      expect((await get()).statusCode).toBe(401);
      expect((await saveSettings(undefined, {})).statusCode).toBe(401);
      const recruiter = await member(firmId, `recruiter@${domain}`);
      const refused = await get(recruiter.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(HTTP_MESSAGES.forbidden);
      const valid = {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        domains: [domain],
        requireSso: true,
      };
      expect((await saveSettings(recruiter.cookie, valid)).statusCode).toBe(403);
      const attorney = await buildAttorney(app());
      expect((await get(attorney.cookie)).statusCode).toBe(403);
      expect((await saveSettings(attorney.cookie, valid)).statusCode).toBe(403);
      const test = await inject({
        method: 'GET',
        url: '/api/firm/settings/sso/test',
        headers: { cookie: recruiter.cookie },
      });
      expect(test.statusCode).toBe(403);
    });

    it('never reads the client secret back, stores it encrypted, and keeps it when left out', async () => {
      const { admin, domain, firmId } = await ssoFirm();
      const res = await get(admin.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecretSet: true,
        domains: [domain],
        unprovenDomains: [],
        domainTxtRecord: expect.stringMatching(/^lateral-passport-verification=[A-Za-z0-9_-]{32}$/),
        requireSso: false,
        redirectUri: CALLBACK,
      });
      expect(res.body).not.toContain(provider.clientSecret);
      const [row] = await t().db.select().from(firmSso).where(eq(firmSso.firmId, firmId));
      expect(row.clientSecretCiphertext).not.toContain(provider.clientSecret);
      const audit = await inject({
        method: 'GET',
        url: '/api/firm/audit',
        headers: { cookie: admin.cookie },
      });
      expect(audit.body).toContain('sso_changed');
      expect(audit.body).not.toContain(provider.clientSecret);
      // Saved again without the secret: the stored one still redeems codes.
      const again = await saveSettings(admin.cookie, {
        issuer: `${provider.issuer}/`,
        clientId: provider.clientId,
        domains: [domain],
        requireSso: false,
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().issuer).toBe(provider.issuer);
      const m = await member(firmId, `kept@${domain}`);
      const { res: signedIn } = await signInThroughProvider(m.user.email);
      expect(cookieOf(signedIn, 'lp_session')).toBeDefined();
    });

    it('answers 400 with the message for bad input, a provider that does not answer, a first save without a secret', async () => {
      const admin = await buildFirmUser(app());
      const base = {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        domains: [`sso-${randomBytes(4).toString('hex')}.example`],
        requireSso: false,
      };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ issuer: 'not a url' }, 'issuer', SSO_MESSAGES.issuerInvalid],
        [{ issuer: 'http://idp.example.com' }, 'issuer', SSO_MESSAGES.issuerHttpsOnly],
        [{ issuer: 'http://127.0.0.1:9' }, 'issuer', SSO_MESSAGES.discoveryFailed],
        [{ clientId: '' }, 'clientId', SSO_MESSAGES.clientIdRequired],
        [{ domains: [] }, 'domains', SSO_MESSAGES.domainsRequired],
        [{ domains: ['not a domain'] }, 'domains.0', SSO_MESSAGES.domainInvalid],
        [{ clientSecret: undefined }, 'clientSecret', SSO_MESSAGES.clientSecretRequired],
      ];
      for (const [override, field, message] of cases) {
        const res = await saveSettings(admin.cookie, { ...base, ...override });
        expect(res.statusCode, JSON.stringify(override)).toBe(400);
        expect(res.json().message).toBe(message);
        expect(res.json().errors?.[field], `${field}: ${res.body}`).toBe(message);
      }
      const [n] = await t().db.select({ n: count() }).from(firmSso).where(eq(firmSso.firmId, admin.firmId));
      expect(n.n).toBe(0);
    });

    it('answers 409 for a domain another firm signs in with, only to a firm that proved it too', async () => {
      const { domain } = await ssoFirm();
      const other = await buildFirmUser(app());
      const payload = {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        domains: [domain],
        requireSso: false,
      };
      // Unproven, the other firm learns nothing of the claim: the same 400 as for any domain it does not hold.
      const unproven = await saveSettings(other.cookie, payload);
      expect(unproven.statusCode).toBe(400);
      expect(unproven.json().message).toBe(SSO_MESSAGES.domainUnproven(domain));
      await withTxt(domain, await txtRecordOf(other.cookie), async () => {
        const res = await saveSettings(other.cookie, payload);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(SSO_MESSAGES.domainTaken);
      });
    });

    it('asks an admin whose sign-in is not recent to confirm it is them', async () => {
      const { admin } = await ssoFirm();
      await ageSession(app(), admin.cookie);
      const res = await get(admin.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(SECURITY_ERROR_CODES.reauthenticate);
      const save = await saveSettings(admin.cookie, {
        issuer: provider.issuer,
        clientId: provider.clientId,
        domains: ['aged.example'],
        requireSso: true,
      });
      expect(save.statusCode).toBe(403);
      expect(save.json().code).toBe(SECURITY_ERROR_CODES.reauthenticate);
    });

    it('runs a test sign-in that reports the result and signs nobody in', async () => {
      const { admin } = await ssoFirm();
      const test = await inject({
        method: 'GET',
        url: '/api/firm/settings/sso/test',
        headers: { cookie: admin.cookie },
      });
      expect(test.statusCode).toBe(302);
      provider.nextLogin = { email: admin.user.email };
      const back = await throughProvider(test.headers.location as string);
      const res = await callback(back, `${admin.cookie}; ${cookieOf(test, 'lp_sso')}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `/firm/settings?ssoTest=ok&email=${encodeURIComponent(admin.user.email)}`,
      );
      expect(cookieOf(res, 'lp_session')).toBeUndefined();
      expect((await me(admin.cookie)).statusCode).toBe(200);
      const failed = await inject({
        method: 'GET',
        url: '/api/firm/settings/sso/test',
        headers: { cookie: admin.cookie },
      });
      provider.nextLogin = { email: admin.user.email };
      const forged = await throughProvider(failed.headers.location as string);
      forged.searchParams.set('state', 'x');
      const refused = await callback(forged, cookieOf(failed, 'lp_sso'));
      expect(refused.headers.location).toBe('/firm/settings?ssoTest=failed');
    });
  });

  describe('domain proof (a domain is claimed only when proven to be the firm’s)', () => {
    const settingsFor = (domains: string[]) => ({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      domains,
      requireSso: false,
    });
    const discover = async (email: string) =>
      (
        await inject({ method: 'GET', url: `/api/auth/sso/discover?email=${encodeURIComponent(email)}` })
      ).json();
    const freshDomain = () => `proof-${randomBytes(4).toString('hex')}.example`;

    it('refuses a domain no member of the firm has a verified address at, with the message; nothing is saved or offered', async () => {
      const admin = await buildFirmUser(app());
      const domain = freshDomain();
      const res = await saveSettings(admin.cookie, settingsFor([domain]));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SSO_MESSAGES.domainUnproven(domain));
      expect(res.json().errors['domains.0']).toBe(SSO_MESSAGES.domainUnproven(domain));
      const [n] = await t().db.select({ n: count() }).from(ssoDomains).where(eq(ssoDomains.domain, domain));
      expect(n.n).toBe(0);
      expect(await discover(`anyone@${domain}`)).toEqual({ sso: false });
      const start = await inject({ method: 'GET', url: `/api/auth/sso/start?email=anyone%40${domain}` });
      expect(start.statusCode).toBe(404);
    });

    it('names the unproven one among proven domains, by its index', async () => {
      const { admin, domain } = await ssoFirm();
      const other = freshDomain();
      const res = await saveSettings(admin.cookie, settingsFor([domain, other]));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'domains.1': SSO_MESSAGES.domainUnproven(other) });
    });

    it('does not count an unverified address, nor a removed member’s', async () => {
      const domain = freshDomain();
      const admin = await buildFirmUser(app());
      const unverified = await member(admin.firmId, `unverified@${domain}`);
      await t().db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.user.id));
      const res = await saveSettings(admin.cookie, settingsFor([domain]));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SSO_MESSAGES.domainUnproven(domain));
      await t().db.delete(firmMembers).where(eq(firmMembers.userId, unverified.user.id));
      const gone = await member(admin.firmId, `gone@${domain}`);
      await t().db.delete(firmMembers).where(eq(firmMembers.userId, gone.user.id));
      const again = await saveSettings(admin.cookie, settingsFor([domain]));
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(SSO_MESSAGES.domainUnproven(domain));
    });

    it('accepts a domain a verified member (not only the admin) has an address at, recorded as the member proof', async () => {
      const admin = await buildFirmUser(app());
      const domain = freshDomain();
      await member(admin.firmId, `colleague@${domain}`);
      const res = await saveSettings(admin.cookie, settingsFor([domain]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ domains: [domain], unprovenDomains: [] });
      const [row] = await t().db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain));
      expect(row).toMatchObject({ firmId: admin.firmId, provenBy: 'member' });
      expect(row.provenAt).toBeInstanceOf(Date);
      expect(await discover(`someone@${domain}`)).toEqual({ sso: true });
    });

    it('accepts a domain with the firm’s DNS TXT record, and only the firm’s own token', async () => {
      const admin = await buildFirmUser(app());
      const other = await buildFirmUser(app());
      const domain = freshDomain();
      const record = await txtRecordOf(admin.cookie);
      expect(record).not.toBe(await txtRecordOf(other.cookie));
      // Another firm's record at the domain proves nothing for this one.
      await withTxt(domain, await txtRecordOf(other.cookie), async () => {
        const res = await saveSettings(admin.cookie, settingsFor([domain]));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(SSO_MESSAGES.domainUnproven(domain));
      });
      const asked = await withTxt(domain, record, async () => {
        const res = await saveSettings(admin.cookie, settingsFor([domain]));
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(asked).toEqual([domain]);
      const [row] = await t().db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain));
      expect(row).toMatchObject({ firmId: admin.firmId, provenBy: 'dns' });
      // Proven once, the claim stays when the settings are saved again (the record may go).
      const again = await saveSettings(admin.cookie, { ...settingsFor([domain]), clientSecret: undefined });
      expect(again.statusCode, again.body).toBe(200);
      expect(await discover(`x@${domain}`)).toEqual({ sso: true });
    });

    it('never claims a shared mail service, even for an admin with a verified address there', async () => {
      const admin = await buildFirmUser(app(), { email: `ada.${randomBytes(3).toString('hex')}@gmail.com` });
      const res = await saveSettings(admin.cookie, settingsFor(['gmail.com']));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SSO_MESSAGES.domainShared('gmail.com'));
      await withTxt('gmail.com', await txtRecordOf(admin.cookie), async () => {
        expect((await saveSettings(admin.cookie, settingsFor(['gmail.com']))).statusCode).toBe(400);
      });
      expect(await discover('victim@gmail.com')).toEqual({ sso: false });
    });

    it('answers discovery with whether, never which firm, and the same for an unproven claim as for none', async () => {
      const { admin, domain } = await ssoFirm();
      const yes = await inject({ method: 'GET', url: `/api/auth/sso/discover?email=a%40${domain}` });
      expect(yes.body).toBe('{"sso":true}');
      expect(yes.body).not.toContain(admin.firmId);
      expect(Object.keys(yes.headers).filter((h) => /firm|issuer/i.test(h))).toEqual([]);
    });

    it('offers no sign-in for a claim left unproven (made before proofs): discovery, start and callback; a proven claim of another firm replaces it', async () => {
      const { admin, domain, firmId } = await ssoFirm();
      const m = await member(firmId, `legacy@${domain}`);
      const { back, flowCookie } = await startAndAuthorize(m.user.email, { email: m.user.email });
      // The claim as the migration leaves one it cannot prove.
      await t()
        .db.update(ssoDomains)
        .set({ provenBy: null, provenAt: null })
        .where(eq(ssoDomains.domain, domain));
      expectRefused(await callback(back, flowCookie), 'no-account');
      expect(await discover(m.user.email)).toEqual({ sso: false });
      const start = await inject({
        method: 'GET',
        url: `/api/auth/sso/start?email=${encodeURIComponent(m.user.email)}`,
      });
      expect(start.statusCode).toBe(404);
      const settings = await inject({
        method: 'GET',
        url: '/api/firm/settings/sso',
        headers: { cookie: admin.cookie },
      });
      expect(settings.json()).toMatchObject({ domains: [domain], unprovenDomains: [domain] });
      // Another firm that proves the domain takes it: the unproven claim never signed anyone in.
      const other = await buildFirmUser(app());
      await withTxt(domain, await txtRecordOf(other.cookie), async () => {
        const res = await saveSettings(other.cookie, settingsFor([domain]));
        expect(res.statusCode, res.body).toBe(200);
      });
      const [row] = await t().db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain));
      expect(row).toMatchObject({ firmId: other.firmId, provenBy: 'dns' });
    });

    it('the migration proves existing claims by the same rule (a verified member at the domain, never a shared mail service)', async () => {
      const migration = readFileSync(
        new URL('../../db/migrations/0031_sso_domain_proof.sql', import.meta.url),
        'utf8',
      );
      for (const d of SHARED_MAIL_DOMAINS) expect(migration).toContain(`'${d}'`);
      const update = migration.slice(migration.indexOf('UPDATE'));
      const { domain, firmId } = await ssoFirm();
      const stranger = await buildFirmUser(app());
      const loose = freshDomain();
      await t().db.insert(ssoDomains).values({ domain: loose, firmId: stranger.firmId });
      await t()
        .db.update(ssoDomains)
        .set({ provenBy: null, provenAt: null })
        .where(eq(ssoDomains.domain, domain));
      await t().db.execute(sql.raw(update));
      const rows = await t()
        .db.select()
        .from(ssoDomains)
        .where(inArray(ssoDomains.domain, [domain, loose]));
      expect(Object.fromEntries(rows.map((r) => [r.domain, r.provenBy]))).toEqual({
        [domain]: 'member',
        [loose]: null,
      });
      expect(await discover(`a@${loose}`)).toEqual({ sso: false });
      expect(firmId).toBeTruthy();
    });
  });

  describe('attorneys are never SSO members', () => {
    it('refuses an attorney’s address at the firm’s domain, even with an invitation: no membership, no session, the account unchanged', async () => {
      const { domain, firmId } = await ssoFirm();
      const attorney = await buildAttorney(app(), { email: `counsel@${domain}` });
      // The invitation the team screen would refuse (409), written directly: the callback must refuse it too.
      await t()
        .db.insert(firmInvitations)
        .values({
          firmId,
          email: attorney.user.email,
          roles: ['recruiter'],
          tokenHash: `test-${randomBytes(8).toString('hex')}`,
          invitedByName: 'Ada Admin',
          expiresAt: new Date(Date.now() + 86_400_000),
        });
      const { res } = await signInThroughProvider(attorney.user.email);
      expectRefused(res, 'no-account');
      const [membership] = await t()
        .db.select()
        .from(firmMembers)
        .where(eq(firmMembers.userId, attorney.user.id));
      expect(membership).toBeUndefined();
      const [user] = await t().db.select().from(users).where(eq(users.id, attorney.user.id));
      expect(user.userType).toBe('attorney');
      const [inv] = await t()
        .db.select()
        .from(firmInvitations)
        .where(eq(firmInvitations.email, attorney.user.email));
      expect(inv.acceptedAt).toBeNull();
      // Their own password still signs them in as themselves.
      const login = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: attorney.user.email, password: DEFAULT_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ id: attorney.user.id, userType: 'attorney' });
    });

    it('does not let requireSso take an attorney’s password away at the firm’s domain', async () => {
      const { domain } = await ssoFirm({ requireSso: true });
      const attorney = await buildAttorney(app(), { email: `advocate@${domain}` });
      const login = await inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: attorney.user.email, password: DEFAULT_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    });
  });
});
