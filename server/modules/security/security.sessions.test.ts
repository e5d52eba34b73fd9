import { SECURITY_MESSAGES } from '@shared/security';
import { expect, it } from 'vitest';
import { buildAttorney, buildFirmUser, DEFAULT_PASSWORD, signIn } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing/sharing.test-support';
import { addFirmMember } from '../team/team.factories';
import { ageSession, post } from './security.test-support';

// Sessions, the password, recent sign-in (PRODUCT.md §10).

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describeEachDb('sessions, password and recent sign-in', (t) => {
  const get = (url: string, cookie?: string) =>
    t().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const del = (url: string, cookie?: string) =>
    t().app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });

  it('answers 401 signed out on every session route', async () => {
    expect((await get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await del('/api/auth/sessions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await post(t().app, '/api/auth/sessions/revoke-others')).statusCode).toBe(401);
    expect((await post(t().app, '/api/auth/password', undefined, {})).statusCode).toBe(401);
    expect((await post(t().app, '/api/auth/reauthenticate', undefined, { password: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('lists the sessions with a public id, the browser, this one marked; never the token hash', async () => {
    const a = await buildAttorney(t().app);
    const login = await t().app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': CHROME_MAC },
      payload: { email: a.user.email, password: DEFAULT_PASSWORD },
    });
    const other = login.cookies.find((c) => c.name === 'lp_session');
    const res = await get('/api/auth/sessions', a.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; current: boolean; userAgent: string | null }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => !s.current)?.userAgent).toBe(CHROME_MAC);
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body).not.toContain(other?.value);
    }
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'current', 'id', 'lastUsedAt', 'userAgent']);
  });

  it('signs one session out (404 for another account’s), and every other one', async () => {
    const a = await buildAttorney(t().app);
    const b = await buildFirmUser(t().app);
    const second = await signIn(t().app, a.user.email);
    const third = await signIn(t().app, a.user.email);
    const list = (await get('/api/auth/sessions', a.cookie)).json() as { id: string; current: boolean }[];
    const secondId = (await get('/api/auth/sessions', second))
      .json()
      .find((s: { current: boolean }) => s.current).id;
    expect(list.map((s) => s.id)).toContain(secondId);
    expect((await del(`/api/auth/sessions/${secondId}`, b.cookie)).statusCode).toBe(404);
    expect((await del('/api/auth/sessions/not-a-uuid', a.cookie)).statusCode).toBe(404);
    expect((await del(`/api/auth/sessions/${secondId}`, a.cookie)).statusCode).toBe(204);
    expect((await get('/api/user', second)).statusCode).toBe(401);
    expect((await get('/api/user', third)).statusCode).toBe(200);

    const others = await post(t().app, '/api/auth/sessions/revoke-others', a.cookie);
    expect(others.json()).toEqual({ revoked: 1 });
    expect((await get('/api/user', third)).statusCode).toBe(401);
    expect((await get('/api/user', a.cookie)).statusCode).toBe(200);
    expect((await get('/api/user', b.cookie)).statusCode).toBe(200);
  });

  it('changes the password: the current one first, others signed out, mailed', async () => {
    const a = await buildAttorney(t().app);
    const other = await signIn(t().app, a.user.email);
    const missing = await post(t().app, '/api/auth/password', a.cookie, { newPassword: 'new password 1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(SECURITY_MESSAGES.currentPasswordRequired);
    const short = await post(t().app, '/api/auth/password', a.cookie, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: '123',
    });
    expect(short.json().errors).toEqual({ newPassword: 'Password must be at least 6 characters' });
    const wrong = await post(t().app, '/api/auth/password', a.cookie, {
      currentPassword: 'not it at all',
      newPassword: 'new password 1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: SECURITY_MESSAGES.passwordWrong });
    const ok = await post(t().app, '/api/auth/password', a.cookie, {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'new password 1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/user', other)).statusCode).toBe(401);
    expect((await get('/api/user', a.cookie)).statusCode).toBe(200);
    expect((await t().outbox(a.user.email)).at(-1)?.kind).toBe('security_password_changed');
    await signIn(t().app, a.user.email, 'new password 1');
  });

  it('re-authenticates with the password (400 when wrong or missing), then the action goes through', async () => {
    const a = await buildAttorney(t().app);
    await ageSession(t().app, a.cookie);
    const body = { currentPassword: DEFAULT_PASSWORD, newPassword: 'another one 2' };
    const stale = await post(t().app, '/api/auth/password', a.cookie, body);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ message: 'Confirm it is you.', code: 'reauthenticate' });
    const none = await post(t().app, '/api/auth/reauthenticate', a.cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SECURITY_MESSAGES.reauthenticateInput);
    const wrong = await post(t().app, '/api/auth/reauthenticate', a.cookie, { password: 'wrong one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SECURITY_MESSAGES.passwordWrong);
    // No authenticator app: a code cannot confirm.
    expect((await post(t().app, '/api/auth/reauthenticate', a.cookie, { code: '123456' })).statusCode).toBe(
      400,
    );
    const ok = await post(t().app, '/api/auth/reauthenticate', a.cookie, { password: DEFAULT_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await post(t().app, '/api/auth/password', a.cookie, body)).statusCode).toBe(200);
  });

  it('asks for a recent sign-in on share, send update, revoke, data export and deletion', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    await ageSession(t().app, attorney.cookie);
    const calls = [
      { method: 'POST', url: `/api/attorney/lpq-requests/${requestId}/share` },
      { method: 'POST', url: `/api/attorney/lpq-requests/${requestId}/update` },
      { method: 'POST', url: `/api/attorney/lpq-requests/${requestId}/revoke` },
      { method: 'GET', url: '/api/attorney/data-export' },
      {
        method: 'POST',
        url: '/api/attorney/delete-account',
        payload: { password: DEFAULT_PASSWORD, confirmation: 'DELETE' },
      },
    ] as const;
    for (const call of calls) {
      const res = await t().app.inject({ ...call, headers: { cookie: attorney.cookie } });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json(), call.url).toEqual({ message: 'Confirm it is you.', code: 'reauthenticate' });
    }
    // The guards still come first: signed out 401, the other kind of account 403 Forbidden.
    const signedOut = await t().app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
    });
    expect(signedOut.statusCode).toBe(401);
    await ageSession(t().app, firm.cookie);
    const firmCall = await t().app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: firm.cookie },
    });
    expect(firmCall.json()).toEqual({ message: 'Forbidden' });

    await post(t().app, '/api/auth/reauthenticate', attorney.cookie, { password: DEFAULT_PASSWORD });
    const shared = await t().app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().status).toBe('accepted');
  });

  // Issue 67 item 6: what grants access or ends it asks for a recent sign-in too.
  it('asks for a recent sign-in on assigning reviewers, resending an invitation and signing out other sessions', async () => {
    const firm = await buildFirm(t().app);
    const reviewer = await addFirmMember(t().app, firm.firmId, ['reviewer']);
    const attorney = await buildAttorney(t().app);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const invited = await post(t().app, '/api/firm/invitations', firm.cookie, {
      email: `invitee-${crypto.randomUUID()}@example.com`,
      roles: ['recruiter'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const other = await signIn(t().app, firm.user.email);
    await ageSession(t().app, firm.cookie);
    const calls = [
      {
        method: 'PUT',
        url: `/api/firm/lpq-requests/${requestId}/reviewers`,
        payload: { userIds: [reviewer.user.id] },
      },
      { method: 'POST', url: `/api/firm/invitations/${invited.json().id}/resend` },
      { method: 'POST', url: '/api/auth/sessions/revoke-others' },
    ] as const;
    const mailsBefore = (await t().outbox()).length;
    for (const call of calls) {
      const res = await t().app.inject({ ...call, headers: { cookie: firm.cookie } });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json(), call.url).toEqual({ message: 'Confirm it is you.', code: 'reauthenticate' });
    }
    // Nothing happened: no reviewer, no mail, the other session still signed in.
    const reviewers = await get(`/api/firm/lpq-requests/${requestId}/reviewers`, firm.cookie);
    expect(reviewers.json()).toEqual([]);
    expect((await t().outbox()).length).toBe(mailsBefore);
    expect((await get('/api/user', other)).statusCode).toBe(200);

    await post(t().app, '/api/auth/reauthenticate', firm.cookie, { password: DEFAULT_PASSWORD });
    for (const call of calls) {
      const res = await t().app.inject({ ...call, headers: { cookie: firm.cookie } });
      expect(res.statusCode, `${call.url} ${res.body}`).toBeLessThan(300);
    }
    expect((await get('/api/user', other)).statusCode).toBe(401);
  });
});
