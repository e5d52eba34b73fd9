import { TEAM_MESSAGES } from '@shared/team';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { firmAuditEvents, requestNotes, sessions } from '../../db/schema';
import { signIn } from '../../test/factories';
import { describeEachDb, type TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { enrolTotp } from '../security/security.test-support';
import { addFirmMember } from './team.factories';

/** PRODUCT.md §9: roles change, members leave, the last admin stays, settings and the audit trail. */
describeEachDb('firm team: members and settings', (t: () => TestApp, kind) => {
  const as = (cookie: string | undefined, opts: InjectOptions) =>
    t().app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(cookie ? { cookie } : {}) } });
  const { post, get, world } = sharingControlClient(t);

  it('lists members with roles, two-factor status and last activity (admins and recruiters)', async () => {
    const firm = await buildFirm(t().app);
    const recruiter = await addFirmMember(t().app, firm.firmId, ['recruiter'], { firstName: 'Remy' });
    const list = (await as(recruiter.cookie, { method: 'GET', url: '/api/firm/members' })).json();
    expect(list).toHaveLength(2);
    expect(list.find((m: { userId: string }) => m.userId === recruiter.user.id)).toMatchObject({
      email: recruiter.user.email,
      firstName: 'Remy',
      roles: ['recruiter'],
      twoFactorEnabled: false,
      lastActiveAt: expect.any(String),
    });
  });

  it('changes roles (mailed, in the trail); the last admin keeps the role; diversity never reviews', async () => {
    const firm = await buildFirm(t().app);
    const member = await addFirmMember(t().app, firm.firmId, ['reviewer']);
    const put = (cookie: string, userId: string, roles: string[]) =>
      as(cookie, { method: 'PUT', url: `/api/firm/members/${userId}`, payload: { roles } });
    const changed = await put(firm.cookie, member.user.id, ['recruiter', 'conflicts']);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().roles).toEqual(['recruiter', 'conflicts']);
    expect((await t().outbox(member.user.email)).map((m) => m.kind)).toContain('member_roles_changed');
    // Takes effect on the member's next request: no new sign-in needed.
    expect((await as(member.cookie, { method: 'GET', url: '/api/user' })).json().firm.roles).toEqual([
      'recruiter',
      'conflicts',
    ]);
    const last = await put(firm.cookie, firm.user.id, ['recruiter']);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(TEAM_MESSAGES.lastAdmin);
    const both = await put(firm.cookie, member.user.id, ['reviewer', 'diversity']);
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe(TEAM_MESSAGES.diversityCannotReview);
    // A recruiter may not change roles; another firm's member is 404.
    expect((await put(member.cookie, firm.user.id, ['admin'])).statusCode).toBe(403);
    const other = await buildFirm(t().app);
    expect((await put(other.cookie, member.user.id, ['admin'])).statusCode).toBe(404);
    const trail = (await as(firm.cookie, { method: 'GET', url: '/api/firm/audit' })).json();
    expect(trail[0]).toMatchObject({
      action: 'roles_changed',
      subject: member.user.email,
      detail: { from: ['reviewer'], to: ['recruiter', 'conflicts'] },
    });
  });

  it('removes a member: sessions end at once, the firm’s rows stay, notes keep the name; the last admin stays', async () => {
    const w = await world();
    await post(w.attorney, `${w.base}/share`);
    const reviewer = await addFirmMember(t().app, w.firm.firmId, ['reviewer'], {
      firstName: 'Rosa',
      lastName: 'Lind',
    });
    await as(w.firm.cookie, {
      method: 'PUT',
      url: `${w.firmUrl}/reviewers`,
      payload: { userIds: [reviewer.user.id] },
    });
    expect((await post(reviewer, `${w.firmUrl}/notes`, { body: 'Strong book.' })).statusCode).toBe(201);
    const link = (await get(reviewer, w.firmUrl)).json().package.documents[0].url as string;
    expect((await get(reviewer, link)).statusCode).toBe(200);

    const removed = await as(w.firm.cookie, {
      method: 'DELETE',
      url: `/api/firm/members/${reviewer.user.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await t().db.select().from(sessions).where(eq(sessions.userId, reviewer.user.id))).toEqual([]);
    expect((await get(reviewer, w.firmUrl)).statusCode).toBe(401);
    // Signed in again, a firm account without a firm reaches nothing of it, the handed-out link included.
    const again = { cookie: await signIn(t().app, reviewer.user.email) };
    expect((await get(again, '/api/user')).json().firm).toBeNull();
    expect((await get(again, w.firmUrl)).statusCode).toBe(403);
    expect((await get(again, link)).statusCode).toBe(404);
    const [note] = await t().db.select().from(requestNotes).where(eq(requestNotes.requestId, w.requestId));
    expect(note.authorName).toBe('Rosa Lind');
    expect((await t().outbox(reviewer.user.email)).map((m) => m.kind)).toContain('member_removed');

    const self = await as(w.firm.cookie, { method: 'DELETE', url: `/api/firm/members/${w.firm.user.id}` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(TEAM_MESSAGES.lastAdmin);
    const actions = (
      await t().db.select().from(firmAuditEvents).where(eq(firmAuditEvents.firmId, w.firm.firmId))
    ).map((e) => e.action);
    expect(actions).toContain('member_removed');
  });

  it('keeps settings (admins), in the audit trail, and a refused self-identification setting reaches the share', async () => {
    const w = await world();
    expect((await get(w.firm, '/api/firm/settings')).json()).toEqual({
      requireTwoFactor: false,
      acceptSelfIdentification: true,
    });
    const saved = await as(w.firm.cookie, {
      method: 'PUT',
      url: '/api/firm/settings',
      payload: { requireTwoFactor: false, acceptSelfIdentification: false },
    });
    expect(saved.json().acceptSelfIdentification).toBe(false);
    const bad = await as(w.firm.cookie, {
      method: 'PUT',
      url: '/api/firm/settings',
      payload: { requireTwoFactor: 'yes', acceptSelfIdentification: false },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(w.diversity, '/api/firm/settings')).statusCode).toBe(403);
    const trail = (await get(w.firm, '/api/firm/audit')).json();
    expect(trail[0]).toMatchObject({ action: 'setting_changed', subject: 'acceptSelfIdentification' });
    const audience = (await get(w.attorney, `${w.base}/audience`)).json();
    expect(audience).toMatchObject({
      diversityAccepted: false,
      diversityRefusal: TEAM_MESSAGES.selfIdentificationOff,
    });
    const res = await post(w.attorney, `${w.base}/share`, { include: { diversityForm: true } });
    expect(res.statusCode).toBe(409);
  });

  it.runIf(kind === 'postgres')(
    'two admins demoting each other at once: one admin always remains',
    async () => {
      const firm = await buildFirm(t().app);
      const second = await addFirmMember(t().app, firm.firmId, ['admin']);
      const [a, b] = await Promise.all([
        as(firm.cookie, {
          method: 'PUT',
          url: `/api/firm/members/${second.user.id}`,
          payload: { roles: ['recruiter'] },
        }),
        as(second.cookie, {
          method: 'PUT',
          url: `/api/firm/members/${firm.user.id}`,
          payload: { roles: ['recruiter'] },
        }),
      ]);
      // One wins; the other is refused: 409 (no admin would remain) or 403 (already no admin when it asked).
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const members = (await as(firm.cookie, { method: 'GET', url: '/api/firm/members' })).json();
      expect(members.filter((m: { roles: string[] }) => m.roles.includes('admin'))).toHaveLength(1);
    },
  );
});

/** PRODUCT.md §10: a firm may require a second factor of every member; the admin enrols first. */
describeEachDb('firm team: a required second factor', (t: () => TestApp) => {
  const as = (cookie: string, opts: InjectOptions) =>
    t().app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });
  const requireIt = (cookie: string) =>
    as(cookie, {
      method: 'PUT',
      url: '/api/firm/settings',
      payload: { requireTwoFactor: true, acceptSelfIdentification: true },
    });

  it('refuses an admin without one, then lets members without one use only enrolment (403 two_factor_required)', async () => {
    const firm = await buildFirm(t().app);
    const member = await addFirmMember(t().app, firm.firmId, ['recruiter']);
    const refused = await requireIt(firm.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MESSAGES.enrolBeforeRequiring);

    await enrolTotp(t().app, firm.cookie);
    expect((await requireIt(firm.cookie)).statusCode).toBe(200);
    // The admin has one: everything still answers.
    expect((await as(firm.cookie, { method: 'GET', url: '/api/firm/lpq-requests' })).statusCode).toBe(200);
    // The recruiter has none: firm routes, the hot read included, answer 403 with the code; enrolment works.
    for (const url of [
      '/api/firm/lpq-requests',
      '/api/firm/profile',
      `/api/firm/lpq-requests/${crypto.randomUUID()}`,
    ]) {
      const res = await as(member.cookie, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('two_factor_required');
    }
    // The user says so, from the session and from a sign-in: the web sends the member to enrol at once.
    const me = await as(member.cookie, { method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      mustEnrolSecondFactor: true,
      firm: { id: firm.firmId, roles: ['recruiter'] },
    });
    const signedIn = await t().app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: member.user.email, password: member.password },
    });
    expect(signedIn.json()).toMatchObject({ mustEnrolSecondFactor: true, firm: { id: firm.firmId } });
    expect((await as(firm.cookie, { method: 'GET', url: '/api/user' })).json()).not.toHaveProperty(
      'mustEnrolSecondFactor',
    );
    const security = await as(member.cookie, { method: 'GET', url: '/api/auth/security' });
    expect(security.statusCode).toBe(200);
    // The security page can warn before the last factor goes (only these screens would be left).
    expect(security.json()).toMatchObject({ twoFactorEnabled: false, requiredByFirm: true });
    const admin = await as(firm.cookie, { method: 'GET', url: '/api/auth/security' });
    expect(admin.json()).toMatchObject({ twoFactorEnabled: true, requiredByFirm: true });
    const elsewhere = await buildFirm(t().app);
    const other = await as(elsewhere.cookie, { method: 'GET', url: '/api/auth/security' });
    expect(other.json().requiredByFirm).toBe(false);
    const members = (await as(firm.cookie, { method: 'GET', url: '/api/firm/members' })).json();
    expect(members.map((m: { twoFactorEnabled: boolean }) => m.twoFactorEnabled).sort()).toEqual([
      false,
      true,
    ]);
    await enrolTotp(t().app, member.cookie);
    expect((await as(member.cookie, { method: 'GET', url: '/api/firm/lpq-requests' })).statusCode).toBe(200);
    expect((await as(member.cookie, { method: 'GET', url: '/api/user' })).json()).not.toHaveProperty(
      'mustEnrolSecondFactor',
    );
  });
});
