import { SECURITY_MESSAGES } from '@shared/security';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildAttorney, buildFirmUser } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { ageSession, enrolTotp, firstStep, post, sessionCookie } from './security.test-support';
import { softAuthenticator } from './soft-authenticator.test-support';

// Passkeys (WebAuthn): add, name, remove; the second step; signing in without a password.

const ORIGIN = 'http://localhost:3000'; // the test configuration's PUBLIC_URL

async function addPasskey(app: FastifyInstance, cookie: string, name = 'Work laptop') {
  const key = softAuthenticator(ORIGIN);
  const options = await post(app, '/api/auth/passkeys/registration-options', cookie);
  expect(options.statusCode).toBe(200);
  const res = await post(app, '/api/auth/passkeys/registration', cookie, {
    name,
    response: key.register(options.json()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { key, passkey: res.json() as { id: string; name: string } };
}

describeEachDb('passkeys', (t) => {
  it('answers 401 signed out on the account routes', async () => {
    const { app } = t();
    for (const [method, url] of [
      ['POST', '/api/auth/passkeys/registration-options'],
      ['POST', '/api/auth/passkeys/registration'],
      ['GET', '/api/auth/passkeys'],
      ['PUT', '/api/auth/passkeys/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/auth/passkeys/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'GET' ? undefined : { name: 'x' } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('registers a passkey with its options, lists it, mails it; the options name the site', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const options = (await post(app, '/api/auth/passkeys/registration-options', a.cookie)).json();
    expect(options.rp).toEqual({ name: 'Lateral Passport', id: 'localhost' });
    expect(options.user.name).toBe(a.user.email);
    const key = softAuthenticator(ORIGIN);
    const noName = await post(app, '/api/auth/passkeys/registration', a.cookie, {
      name: ' ',
      response: key.register(options),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(SECURITY_MESSAGES.passkeyNameRequired);
    const saved = await post(app, '/api/auth/passkeys/registration', a.cookie, {
      name: 'Work laptop',
      response: key.register(options),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
    // A challenge is used once.
    const replay = await post(app, '/api/auth/passkeys/registration', a.cookie, {
      name: 'Again',
      response: key.register(options),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(SECURITY_MESSAGES.passkeyFailed);
    const list = await app.inject({
      method: 'GET',
      url: '/api/auth/passkeys',
      headers: { cookie: a.cookie },
    });
    expect(list.json()).toEqual([saved.json()]);
    const mail = (await t().outbox(a.user.email)).at(-1);
    expect(mail?.kind).toBe('security_passkey_added');
    expect(mail?.text).toContain('“Work laptop”');
  });

  it('refuses a response signed for another origin (400)', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const options = (await post(app, '/api/auth/passkeys/registration-options', a.cookie)).json();
    const res = await post(app, '/api/auth/passkeys/registration', a.cookie, {
      name: 'Phishing page',
      response: softAuthenticator(ORIGIN).register(options, { origin: 'https://evil.example' }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('renames and removes only the owner’s passkeys (404 for another’s), removal mailed', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const other = await buildFirmUser(app);
    const { passkey } = await addPasskey(app, a.cookie);
    const rename = (cookie: string, name: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/auth/passkeys/${passkey.id}`,
        headers: { cookie },
        payload: { name },
      });
    expect((await rename(other.cookie, 'Mine now')).statusCode).toBe(404);
    const tooLong = await rename(a.cookie, 'x'.repeat(61));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(SECURITY_MESSAGES.passkeyNameTooLong);
    const renamed = await rename(a.cookie, 'Phone');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Phone');
    const remove = (cookie: string) =>
      app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey.id}`, headers: { cookie } });
    expect((await remove(other.cookie)).statusCode).toBe(404);
    expect((await remove(a.cookie)).statusCode).toBe(204);
    expect((await remove(a.cookie)).statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'DELETE',
      url: '/api/auth/passkeys/nope',
      headers: { cookie: a.cookie },
    });
    expect(malformed.statusCode).toBe(404);
    expect((await t().outbox(a.user.email)).at(-1)?.text).toContain('“Phone” was removed');
  });

  it('is the second step after the password, and signs in without one', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { key } = await addPasskey(app, a.cookie);
    const first = await post(app, '/api/login', undefined, { email: a.user.email, password: a.password });
    expect(first.json()).toEqual({ twoFactorRequired: true, methods: ['passkey'] });

    const pending = await firstStep(app, a.user.email);
    const options = (await post(app, '/api/auth/passkeys/authentication-options', pending)).json();
    expect(options.allowCredentials).toEqual([
      { id: key.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const second = await post(app, '/api/auth/passkeys/authentication', pending, {
      response: key.authenticate(options),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().email).toBe(a.user.email);

    // Password-less: any passkey of this site; it names the account.
    const open = (await post(app, '/api/auth/passkeys/authentication-options')).json();
    expect(open.allowCredentials).toEqual([]);
    expect(open.userVerification).toBe('required');
    const signedIn = await post(app, '/api/auth/passkeys/authentication', undefined, {
      response: key.authenticate(open),
    });
    expect(signedIn.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: sessionCookie(signedIn) },
    });
    expect(me.json().id).toBe(a.user.id);
    const list = await app.inject({
      method: 'GET',
      url: '/api/auth/passkeys',
      headers: { cookie: a.cookie },
    });
    expect(list.json()[0].lastUsedAt).not.toBeNull();
  });

  it('refuses an unknown passkey, a used challenge, and another account’s passkey as a second step', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const b = await buildAttorney(app);
    await enrolTotp(app, a.cookie);
    const { key: bKey } = await addPasskey(app, b.cookie);
    const stranger = softAuthenticator(ORIGIN);
    const open = (await post(app, '/api/auth/passkeys/authentication-options')).json();
    const unknown = await post(app, '/api/auth/passkeys/authentication', undefined, {
      response: stranger.authenticate(open),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(SECURITY_MESSAGES.passkeyUnknown);
    // The challenge went with that try: b's own passkey cannot use it now.
    const used = await post(app, '/api/auth/passkeys/authentication', undefined, {
      response: bKey.authenticate(open),
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(SECURITY_MESSAGES.passkeyFailed);

    // a's pending sign-in, b's passkey.
    const pending = await firstStep(app, a.user.email);
    const options = (await post(app, '/api/auth/passkeys/authentication-options', pending)).json();
    const wrong = await post(app, '/api/auth/passkeys/authentication', pending, {
      response: bKey.authenticate(options),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECURITY_MESSAGES.passkeyUnknown);
    const bad = await post(app, '/api/auth/passkeys/authentication', pending, { response: { id: 'x' } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a response nested thousands of levels deep (400, not a 500) and changes nothing', async () => {
    const { app } = t();
    const b = await buildAttorney(app);
    const { key } = await addPasskey(app, b.cookie);
    // JSON.parse reads any depth; JSON.stringify of such a value stops with a RangeError. So the body is
    // written as text, the deep array put where the marker is.
    const DEEP = '"deep-marker"';
    const deepBody = (body: unknown) =>
      JSON.stringify(body).replace(DEEP, `${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    const send = (url: string, body: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: body,
      });
    const open = (await post(app, '/api/auth/passkeys/authentication-options')).json();
    const genuine = key.authenticate(open) as { response: Record<string, unknown> };
    for (const response of [
      { ...genuine, response: { ...genuine.response, signature: JSON.parse(DEEP) } },
      { ...genuine, clientExtensionResults: { nested: JSON.parse(DEEP) } },
    ]) {
      const res = await send('/api/auth/passkeys/authentication', deepBody({ response }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(SECURITY_MESSAGES.passkeyFailed);
    }
    const registration = await send(
      '/api/auth/passkeys/registration',
      deepBody({
        name: 'Deep',
        response: {
          id: 'x',
          rawId: 'x',
          type: 'public-key',
          response: { attestationObject: JSON.parse(DEEP) },
        },
      }),
      b.cookie,
    );
    expect(registration.statusCode, registration.body).toBe(400);
    expect(registration.json().message).toBe(SECURITY_MESSAGES.passkeyFailed);
    // The refused tries did not use the challenge up: the genuine response still signs in.
    const signedIn = await post(app, '/api/auth/passkeys/authentication', undefined, { response: genuine });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().email).toBe(b.user.email);
  });

  it('asks for a recent sign-in to add or remove one, and takes a passkey to confirm', async () => {
    const { app } = t();
    const a = await buildAttorney(app);
    const { key, passkey } = await addPasskey(app, a.cookie);
    await ageSession(app, a.cookie);
    const add = await post(app, '/api/auth/passkeys/registration-options', a.cookie);
    expect(add.statusCode).toBe(403);
    expect(add.json().code).toBe('reauthenticate');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      headers: { cookie: a.cookie },
    });
    expect(del.json()).toEqual({ message: 'Confirm it is you.', code: 'reauthenticate' });
    // Renaming changes nothing about signing in: no confirmation.
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/auth/passkeys/${passkey.id}`,
      headers: { cookie: a.cookie },
      payload: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    const options = (await post(app, '/api/auth/passkeys/authentication-options', a.cookie)).json();
    expect(options.allowCredentials).toHaveLength(1);
    const re = await post(app, '/api/auth/reauthenticate', a.cookie, { passkey: key.authenticate(options) });
    expect(re.statusCode, re.body).toBe(200);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      headers: { cookie: a.cookie },
    });
    expect(again.statusCode).toBe(204);
  });
});
