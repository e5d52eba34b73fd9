import { AUTH_MESSAGES } from '@shared/auth';
import { TEAM_MESSAGES } from '@shared/team';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { firmAuditEvents, firmInvitations, firmMembers, users } from '../../db/schema';
import {
  buildAttorney,
  buildFirmUser,
  DEFAULT_PASSWORD,
  sessionCookie,
  uniqueEmail,
} from '../../test/factories';
import { describeEachDb, linkIn, type TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { enrolTotp } from '../security/security.test-support';
import { addFirmMember } from './team.factories';

/** PRODUCT.md §9: an admin invites by e-mail with roles; the mailed link creates the account or joins one. */
describeEachDb('firm team: invitations', (t: () => TestApp) => {
  const as = (cookie: string | undefined, opts: InjectOptions) =>
    t().app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(cookie ? { cookie } : {}) } });
  const invite = (cookie: string, email: string, roles: string[]) =>
    as(cookie, { method: 'POST', url: '/api/firm/invitations', payload: { email, roles } });
  const tokenOf = async (email: string) => {
    const mails = (await t().outbox(email)).filter((m) => m.kind === 'member_invitation');
    return linkIn(mails.at(-1)!.text, '/join').searchParams.get('token')!;
  };

  it('invites with roles, mails a 7-day link, and the new member signs up through it with those roles', async () => {
    const firm = await buildFirm(t().app, { firmName: 'Arden & Vale' });
    const email = uniqueEmail('dana');
    const res = await invite(firm.cookie, email.toUpperCase(), ['conflicts']);
    expect(res.statusCode).toBe(201);
    const invitation = res.json();
    expect(invitation).toMatchObject({ email, roles: ['conflicts'] });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const [mail] = await t().outbox(email);
    expect(mail.subject).toContain('Arden & Vale');
    expect(mail.text).toContain('Conflicts');
    const token = await tokenOf(email);

    const lookup = await as(undefined, { method: 'POST', url: '/api/auth/invitation', payload: { token } });
    expect(lookup.json()).toEqual({
      firmName: 'Arden & Vale',
      email,
      roles: ['conflicts'],
      accountExists: false,
    });

    const missing = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ firstName: AUTH_MESSAGES.firstNameRequired });

    const accepted = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, firstName: 'Dana', lastName: 'Reed', password: DEFAULT_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      email,
      userType: 'firm',
      emailVerified: true,
      firm: { id: firm.firmId, roles: ['conflicts'] },
      // Issue 67 item 13: a new member's first screen greets them 'Welcome', not 'Welcome back'.
      firstVisit: true,
    });
    const cookie = sessionCookie(accepted);
    expect((await as(cookie, { method: 'GET', url: '/api/user' })).json().firm).toEqual({
      id: firm.firmId,
      roles: ['conflicts'],
    });
    // Used once.
    const again = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, firstName: 'Eve', lastName: 'X', password: DEFAULT_PASSWORD },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationInvalid);
    const members = (await as(firm.cookie, { method: 'GET', url: '/api/firm/members' })).json();
    expect(members.map((m: { email: string }) => m.email)).toContain(email);
    const trail = await t().db.select().from(firmAuditEvents).where(eq(firmAuditEvents.firmId, firm.firmId));
    expect(trail.map((e) => e.action).sort()).toEqual(['member_invited', 'member_joined']);
  });

  it('sends a new member of a firm that requires a second factor to enrol from the answer that signs them in', async () => {
    const firm = await buildFirm(t().app);
    await enrolTotp(t().app, firm.cookie);
    const required = await as(firm.cookie, {
      method: 'PUT',
      url: '/api/firm/settings',
      payload: { requireTwoFactor: true, acceptSelfIdentification: true },
    });
    expect(required.statusCode).toBe(200);
    const email = uniqueEmail('kim');
    expect((await invite(firm.cookie, email, ['recruiter'])).statusCode).toBe(201);
    const accepted = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token: await tokenOf(email), firstName: 'Kim', lastName: 'Lee', password: DEFAULT_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      firm: { id: firm.firmId, roles: ['recruiter'] },
      mustEnrolSecondFactor: true,
    });
    const refused = await as(sessionCookie(accepted), { method: 'GET', url: '/api/firm/lpq-requests' });
    expect(refused.json().code).toBe('two_factor_required');
  });

  it('joins an existing firm account that belongs to no firm, with its password', async () => {
    const firm = await buildFirm(t().app);
    const loner = await buildFirmUser(t().app);
    // Removed from its own firm: a firm account without a firm.
    await t().db.delete(firmMembers).where(eq(firmMembers.userId, loner.user.id));
    expect((await invite(firm.cookie, loner.user.email, ['reviewer'])).statusCode).toBe(201);
    const token = await tokenOf(loner.user.email);
    expect(
      (await as(undefined, { method: 'POST', url: '/api/auth/invitation', payload: { token } })).json()
        .accountExists,
    ).toBe(true);
    const wrong = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, password: DEFAULT_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().firm).toEqual({ id: firm.firmId, roles: ['reviewer'] });
  });

  it('refuses an attorney’s address, a member’s, an open duplicate and a diversity officer who reviews (409)', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    const member = await addFirmMember(t().app, firm.firmId, ['recruiter']);
    const other = await buildFirm(t().app);
    const cases: [string, string[], string][] = [
      [attorney.user.email, ['reviewer'], TEAM_MESSAGES.attorneyAddress],
      [member.user.email, ['reviewer'], TEAM_MESSAGES.alreadyMember],
      [other.user.email, ['reviewer'], TEAM_MESSAGES.memberOfOtherFirm],
      [uniqueEmail('both'), ['reviewer', 'diversity'], TEAM_MESSAGES.diversityCannotReview],
    ];
    for (const [email, roles, message] of cases) {
      const res = await invite(firm.cookie, email, roles);
      expect(res.statusCode, email).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const email = uniqueEmail('twice');
    expect((await invite(firm.cookie, email, ['reviewer'])).statusCode).toBe(201);
    const twice = await invite(firm.cookie, email, ['recruiter']);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TEAM_MESSAGES.invitationOpen);
    const stored = await t().db.select().from(firmInvitations).where(eq(firmInvitations.firmId, firm.firmId));
    expect(stored).toHaveLength(1);
  });

  it('refuses bad roles and addresses with the message, storing nothing', async () => {
    const firm = await buildFirm(t().app);
    for (const [payload, field, message] of [
      [{ email: 'nope', roles: ['reviewer'] }, 'email', AUTH_MESSAGES.invalidEmail],
      [{ email: uniqueEmail('x'), roles: [] }, 'roles', TEAM_MESSAGES.rolesRequired],
      [{ email: uniqueEmail('x'), roles: ['owner'] }, 'roles.0', TEAM_MESSAGES.roleUnknown],
    ] as const) {
      const res = await as(firm.cookie, { method: 'POST', url: '/api/firm/invitations', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(
      await t().db.select().from(firmInvitations).where(eq(firmInvitations.firmId, firm.firmId)),
    ).toEqual([]);
  });

  it('resends with a new link (the old one dies) and cancels; another firm’s invitation is 404', async () => {
    const firm = await buildFirm(t().app);
    const other = await buildFirm(t().app);
    const email = uniqueEmail('resent');
    const { id } = (await invite(firm.cookie, email, ['reviewer'])).json();
    const first = await tokenOf(email);
    expect(
      (await as(other.cookie, { method: 'POST', url: `/api/firm/invitations/${id}/resend` })).statusCode,
    ).toBe(404);
    expect(
      (await as(firm.cookie, { method: 'POST', url: `/api/firm/invitations/${id}/resend` })).statusCode,
    ).toBe(200);
    const second = await tokenOf(email);
    expect(second).not.toBe(first);
    const lookup = (token: string) =>
      as(undefined, { method: 'POST', url: '/api/auth/invitation', payload: { token } });
    expect((await lookup(first)).statusCode).toBe(400);
    expect((await lookup(second)).statusCode).toBe(200);
    expect(
      (await as(other.cookie, { method: 'DELETE', url: `/api/firm/invitations/${id}` })).statusCode,
    ).toBe(404);
    expect((await as(firm.cookie, { method: 'DELETE', url: `/api/firm/invitations/${id}` })).statusCode).toBe(
      204,
    );
    expect((await lookup(second)).statusCode).toBe(400);
    expect((await as(firm.cookie, { method: 'GET', url: '/api/firm/invitations' })).json()).toEqual([]);
  });

  it('expired links do not work', async () => {
    const firm = await buildFirm(t().app);
    const email = uniqueEmail('late');
    const { id } = (await invite(firm.cookie, email, ['reviewer'])).json();
    await t()
      .db.update(firmInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(firmInvitations.id, id));
    const res = await as(undefined, {
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token: await tokenOf(email), firstName: 'L', lastName: 'Ate', password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(await t().db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
