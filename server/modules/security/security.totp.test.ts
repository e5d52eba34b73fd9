import { SECURITY_MESSAGES } from '@shared/security';
import { describe, expect, it } from 'vitest';
import { buildAttorney, buildFirmUser, signIn } from '../../test/factories';
import { createThreeTriesApp, describeEachDb } from '../../test/harness';
import {
  ageSession,
  awayFromStepEdge,
  codeAt,
  enrolTotp,
  firstStep,
  forgetUsedStep,
  post,
  sessionCookie,
} from './security.test-support';

// The authenticator app, the two-step sign-in and recovery codes (PRODUCT.md §10).

describeEachDb('authenticator app', (t, kind) => {
  it('answers 401 signed out on every factor route', async () => {
    for (const url of [
      '/api/auth/totp/setup',
      '/api/auth/totp/enable',
      '/api/auth/totp/disable',
      '/api/auth/recovery-codes',
    ]) {
      const res = await post(t().app, url, undefined, { code: '123456' });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
    expect((await t().app.inject({ method: 'GET', url: '/api/auth/security' })).statusCode).toBe(401);
  });

  it('enrols: a secret and its otpauth URL, a code turns it on, ten recovery codes once, a mail', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const setup = await post(app, '/api/auth/totp/setup', a.cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Lateral%20Passport');
    expect(otpauthUrl).toContain('period=30');

    const bad = await post(app, '/api/auth/totp/enable', a.cookie, { code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SECURITY_MESSAGES.codeFormat);
    await awayFromStepEdge();
    const wrong = await post(app, '/api/auth/totp/enable', a.cookie, { code: codeAt(secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: SECURITY_MESSAGES.invalidCode });

    const enable = await post(app, '/api/auth/totp/enable', a.cookie, { code: codeAt(secret) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = enable.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const mails = await t().outbox(a.user.email);
    expect(mails.at(-1)?.kind).toBe('security_totp_enabled');
    expect(mails.at(-1)?.text).toContain('authenticator app was set up');
    // The secret is never mailed, and the recovery codes are not stored in the clear.
    expect(mails.at(-1)?.text).not.toContain(secret);

    const overview = await app.inject({
      method: 'GET',
      url: '/api/auth/security',
      headers: { cookie: a.cookie },
    });
    expect(overview.json()).toEqual({
      totpEnabled: true,
      passkeyCount: 0,
      recoveryCodesRemaining: 10,
      twoFactorEnabled: true,
      requiredByFirm: false,
    });
    // 409: already on (set-up and enable alike).
    expect((await post(app, '/api/auth/totp/setup', a.cookie)).statusCode).toBe(409);
    const again = await post(app, '/api/auth/totp/enable', a.cookie, { code: codeAt(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SECURITY_MESSAGES.totpAlreadyEnabled);
  });

  it('409 for enable before set-up, disable while off, recovery codes without a factor', async () => {
    const { app } = t();
    const a = await buildFirmUser(app);
    const enable = await post(app, '/api/auth/totp/enable', a.cookie, { code: '123456' });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().message).toBe(SECURITY_MESSAGES.totpSetupMissing);
    expect((await post(app, '/api/auth/totp/disable', a.cookie, { code: '123456' })).statusCode).toBe(409);
    const codes = await post(app, '/api/auth/recovery-codes', a.cookie);
    expect(codes.statusCode).toBe(409);
    expect(codes.json().message).toBe(SECURITY_MESSAGES.recoveryNeedsTotp);
  });

  it('signs in in two steps: no session after the password, a session after the code', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { secret } = await enrolTotp(app, a.cookie);
    const first = await post(app, '/api/login', undefined, { email: a.user.email, password: a.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery_code'] });
    expect(first.cookies.some((c) => c.name.endsWith('lp_session'))).toBe(false);
    const pending = first.cookies.find((c) => c.name === 'lp_pending_login');
    expect(pending?.httpOnly).toBe(true);
    // The pending cookie is no session.
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `lp_pending_login=${pending?.value}` },
    });
    expect(me.statusCode).toBe(401);

    await awayFromStepEdge();
    const second = await post(app, '/api/login/second-factor', `lp_pending_login=${pending?.value}`, {
      code: codeAt(secret),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().email).toBe(a.user.email);
    const user = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(second) },
    });
    expect(user.statusCode).toBe(200);
    // The pending sign-in is used up.
    const reuse = await post(app, '/api/login/second-factor', `lp_pending_login=${pending?.value}`, {
      code: codeAt(secret, 1),
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(SECURITY_MESSAGES.signInExpired);
  });

  it('accepts a code one step early or late, refuses two steps away, and refuses a replayed code', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { secret } = await enrolTotp(app, a.cookie);
    await forgetUsedStep(app);
    await awayFromStepEdge(6000);
    const cases: [number, number][] = [
      [-2, 400],
      [2, 400],
      [-1, 200],
      [1, 200],
    ];
    for (const [steps, status] of cases) {
      const pending = await firstStep(app, a.user.email);
      const res = await post(app, '/api/login/second-factor', pending, { code: codeAt(secret, steps) });
      expect(res.statusCode, `${steps} steps`).toBe(status);
    }
    // +1 was used: the same code, and any older one (0, -1), is a replay.
    const pending = await firstStep(app, a.user.email);
    for (const steps of [1, 0]) {
      const replay = await post(app, '/api/login/second-factor', pending, { code: codeAt(secret, steps) });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(SECURITY_MESSAGES.invalidCode);
    }
  });

  it('takes a recovery code once, in any case and with or without its dash; a new set ends the old', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { recoveryCodes } = await enrolTotp(app, a.cookie);
    const [first, second] = recoveryCodes;
    let pending = await firstStep(app, a.user.email);
    const bad = await post(app, '/api/login/second-factor', pending, { recoveryCode: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SECURITY_MESSAGES.recoveryCodeFormat);
    const ok = await post(app, '/api/login/second-factor', pending, { recoveryCode: first.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    pending = await firstStep(app, a.user.email);
    const used = await post(app, '/api/login/second-factor', pending, {
      recoveryCode: first.replace('-', ''),
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().errors).toEqual({ recoveryCode: SECURITY_MESSAGES.invalidRecoveryCode });
    const overview = await app.inject({
      method: 'GET',
      url: '/api/auth/security',
      headers: { cookie: a.cookie },
    });
    expect(overview.json().recoveryCodesRemaining).toBe(9);

    const fresh = await post(app, '/api/auth/recovery-codes', a.cookie);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().recoveryCodes).toHaveLength(10);
    expect((await t().outbox(a.user.email)).at(-1)?.kind).toBe('security_recovery_codes');
    const old = await post(app, '/api/login/second-factor', pending, { recoveryCode: second });
    expect(old.statusCode).toBe(400);
    const neu = await post(app, '/api/login/second-factor', pending, {
      recoveryCode: fresh.json().recoveryCodes[0],
    });
    expect(neu.statusCode).toBe(200);
  });

  it.runIf(kind === 'postgres')(
    'lets one of two racing second steps use a code: one session, once',
    async () => {
      const { app } = t();
      const a = await buildAttorney(app);
      const { secret, recoveryCodes } = await enrolTotp(app, a.cookie);
      const race = async (body: object) => {
        const pendings = await Promise.all([firstStep(app, a.user.email), firstStep(app, a.user.email)]);
        const answers = await Promise.all(
          pendings.map((p) => post(app, '/api/login/second-factor', p, body)),
        );
        return answers.map((r) => r.statusCode).sort();
      };
      expect(await race({ recoveryCode: recoveryCodes[3] })).toEqual([200, 400]);
      await awayFromStepEdge();
      expect(await race({ code: codeAt(secret, 1) })).toEqual([200, 400]);
    },
  );

  it('400 for a second step with neither or both proofs; 401 without a pending sign-in', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    await enrolTotp(app, a.cookie);
    const pending = await firstStep(app, a.user.email);
    for (const body of [{}, { code: '123456', recoveryCode: 'abcde-fghjk' }]) {
      const res = await post(app, '/api/login/second-factor', pending, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SECURITY_MESSAGES.codeFormat);
    }
    const none = await post(app, '/api/login/second-factor', undefined, { code: '123456' });
    expect(none.statusCode).toBe(401);
  });

  it('turns off with a code, mails it, and signs in with the password alone again', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { secret, recoveryCodes } = await enrolTotp(app, a.cookie);
    await awayFromStepEdge();
    const wrong = await post(app, '/api/auth/totp/disable', a.cookie, { code: codeAt(secret, 3) });
    expect(wrong.statusCode).toBe(400);
    const off = await post(app, '/api/auth/totp/disable', a.cookie, { code: codeAt(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect((await t().outbox(a.user.email)).at(-1)?.kind).toBe('security_totp_disabled');
    const login = await post(app, '/api/login', undefined, { email: a.user.email, password: a.password });
    expect(login.json().email).toBe(a.user.email);
    expect(recoveryCodes).toHaveLength(10);
  });

  it('asks for a recent sign-in before any factor change (403 reauthenticate)', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { secret } = await enrolTotp(app, a.cookie);
    await ageSession(app, a.cookie);
    for (const [url, body] of [
      ['/api/auth/totp/disable', { code: '123456' }],
      ['/api/auth/recovery-codes', undefined],
      ['/api/auth/totp/setup', undefined],
    ] as const) {
      const res = await post(app, url, a.cookie, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: 'Confirm it is you.', code: 'reauthenticate' });
    }
    await awayFromStepEdge();
    const re = await post(app, '/api/auth/reauthenticate', a.cookie, { code: codeAt(secret) });
    expect(re.statusCode).toBe(200);
    expect((await post(app, '/api/auth/recovery-codes', a.cookie)).statusCode).toBe(200);
  });
});

describe('the second step keeps the sign-in limits', () => {
  it('answers 429 after too many wrong codes from one address for one account', async () => {
    const t = await createThreeTriesApp();
    try {
      const a = await buildAttorney(t.app);
      const { secret } = await enrolTotp(t.app, a.cookie);
      const pending = await firstStep(t.app, a.user.email);
      for (let i = 0; i < 3; i++)
        expect(
          (await post(t.app, '/api/login/second-factor', pending, { code: codeAt(secret, 4) })).statusCode,
        ).toBe(400);
      const limited = await post(t.app, '/api/login/second-factor', pending, { code: codeAt(secret) });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another account at the same address is not limited by it.
      const b = await buildAttorney(t.app);
      await signIn(t.app, b.user.email);
      // Guessing the code to turn the app off, with a signed-in session, is limited the same way.
      for (let i = 0; i < 3; i++)
        expect(
          (await post(t.app, '/api/auth/totp/disable', a.cookie, { code: codeAt(secret, 4) })).statusCode,
        ).toBe(400);
      expect(
        (await post(t.app, '/api/auth/totp/disable', a.cookie, { code: codeAt(secret) })).statusCode,
      ).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts only failures: the owner signs in with both steps more often than the limit', async () => {
    const t = await createThreeTriesApp();
    try {
      const a = await buildAttorney(t.app);
      const { recoveryCodes } = await enrolTotp(t.app, a.cookie);
      for (const recoveryCode of recoveryCodes.slice(0, 5)) {
        const pending = await firstStep(t.app, a.user.email);
        const done = await post(t.app, '/api/login/second-factor', pending, { recoveryCode });
        expect(done.statusCode).toBe(200);
      }
      // Failures still count: three wrong codes, then the fourth try waits.
      const pending = await firstStep(t.app, a.user.email);
      for (let i = 0; i < 3; i++)
        expect((await post(t.app, '/api/login/second-factor', pending, { code: '000000' })).statusCode).toBe(
          400,
        );
      const limited = await post(t.app, '/api/login/second-factor', pending, {
        recoveryCode: recoveryCodes[5],
      });
      expect(limited.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
