import { REQUEST_MESSAGES } from '@shared/requests';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../db/errors';
import { emailTokens, lpqRequests, OPEN_INVITATION_INDEX } from '../../../db/schema';
import { buildAttorney, DEFAULT_PASSWORD, sessionCookie, uniqueEmail } from '../../../test/factories';
import { describeEachDb, linkIn } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { buildSharedPackage } from '../lifecycle/requests.factories';
import { firmRequestsClient, newRequest } from './firm-requests.test-support';

// What a firm learns before the attorney shares, the invitation rules and the invitation mail.
describeEachDb('firm requests', (t, kind) => {
  const { inject, requestCount, send } = firmRequestsClient(t);

  describe('what a firm learns before the attorney shares (PRODUCT.md §5)', () => {
    // The moments differ by milliseconds; the events themselves must not.
    // The moments differ by the milliseconds between the two sends; what happened (the timeline's events, the
    // last activity's text) must not.
    const withoutVolatile = ({
      id,
      sentAt,
      attorneyEmail,
      timeline,
      lastActivity,
      ...rest
    }: Record<string, unknown>) => ({
      ...rest,
      timeline: (timeline as { event: string }[] | undefined)?.map((e) => e.event),
      lastActivity: (lastActivity as { text: string } | undefined)?.text,
    });

    it('answers a registered and an unregistered address identically', async () => {
      const firm = await buildFirm(t().app);
      const registered = await buildAttorney(t().app, { firstName: 'Riley', lastName: 'Stone' });
      const unregistered = uniqueEmail('nobody');
      const a = await send(firm.cookie, newRequest({ attorneyEmail: registered.user.email }));
      const b = await send(firm.cookie, newRequest({ attorneyEmail: unregistered }));
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(a.json().attorneyEmail).toBe(registered.user.email);
      expect(b.json().attorneyEmail).toBe(unregistered);
      expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
      expect(withoutVolatile(a.json())).toEqual(withoutVolatile(b.json()));
      expect(a.json().attorneyName).toBeNull();

      const headers = { cookie: firm.cookie };
      const details = await Promise.all(
        [a, b].map((r) => inject({ method: 'GET', url: `/api/firm/lpq-requests/${r.json().id}`, headers })),
      );
      expect(details.map((d) => d.statusCode)).toEqual([200, 200]);
      expect(withoutVolatile(details[0].json())).toEqual(withoutVolatile(details[1].json()));
      const list = (await inject({ method: 'GET', url: '/api/firm/lpq-requests', headers })).json();
      const [la, lb] = [a, b].map((r) => list.find((i: { id: string }) => i.id === r.json().id));
      expect(withoutVolatile(la)).toEqual(withoutVolatile(lb));
      expect(la.attorneyName).toBeNull();

      // The same work for both: each gets a stored invitation token and one mail.
      for (const email of [registered.user.email, unregistered]) {
        const tokens = await t().db.select().from(emailTokens).where(eq(emailTokens.email, email));
        expect(tokens.filter((x) => x.purpose === 'invitation')).toHaveLength(1);
        expect((await t().outbox(email)).filter((m) => m.kind === 'lpq_invitation')).toHaveLength(1);
      }
    });

    it('shows no name while pending or declined, and the sharing attorney’s name once shared', async () => {
      const firm = await buildFirm(t().app);
      const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
      const headers = { cookie: firm.cookie };
      const nameOf = async (id: string) => {
        const detail = (await inject({ method: 'GET', url: `/api/firm/lpq-requests/${id}`, headers })).json();
        const list = (await inject({ method: 'GET', url: '/api/firm/lpq-requests', headers })).json();
        const item = list.find((i: { id: string }) => i.id === id);
        expect(item.attorneyName).toBe(detail.attorneyName);
        return detail.attorneyName;
      };
      const declined = (
        await send(firm.cookie, newRequest({ attorneyEmail: attorney.user.email, positionTitle: 'Counsel' }))
      ).json();
      const shared = (await send(firm.cookie, newRequest({ attorneyEmail: attorney.user.email }))).json();
      expect(await nameOf(shared.id)).toBeNull();
      expect(await nameOf(declined.id)).toBeNull();

      const decline = await inject({
        method: 'POST',
        url: `/api/attorney/lpq-requests/${declined.id}/decline`,
        headers: { cookie: attorney.cookie },
        payload: { reason: 'Not now' },
      });
      expect(decline.statusCode).toBe(200);
      expect(await nameOf(declined.id)).toBeNull();

      await buildSharedPackage(t().db, { requestId: shared.id, attorneyUserId: attorney.user.id });
      expect(await nameOf(shared.id)).toBe('Casey Nguyen');
    });
  });

  describe('invitation rules (PRODUCT.md §6)', () => {
    it('needs a verified firm address (409), stores nothing and sends no mail', async () => {
      const firm = await buildFirm(t().app, {}, { verified: false });
      const before = await requestCount();
      const mailsBefore = (await t().outbox()).filter((m) => m.kind === 'lpq_invitation').length;
      const res = await send(firm.cookie, newRequest());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: REQUEST_MESSAGES.firmEmailUnverified });
      expect(await requestCount()).toBe(before);
      expect((await t().outbox()).filter((m) => m.kind === 'lpq_invitation').length).toBe(mailsBefore);
    });

    it('keeps one open invitation per address and position, in any letter case (409)', async () => {
      const firm = await buildFirm(t().app);
      const email = uniqueEmail('twice');
      const first = await send(firm.cookie, newRequest({ attorneyEmail: email }));
      expect(first.statusCode).toBe(201);
      const before = await requestCount();
      for (const override of [
        { attorneyEmail: email },
        { attorneyEmail: email.toUpperCase(), positionTitle: 'corporate PARTNER' },
        { attorneyEmail: ` ${email} `, positionTitle: ' Corporate Partner ' },
      ]) {
        const res = await send(firm.cookie, newRequest(override));
        expect(res.statusCode, JSON.stringify(override)).toBe(409);
        expect(res.json()).toEqual({ message: REQUEST_MESSAGES.invitationAlreadyOpen });
      }
      expect(await requestCount()).toBe(before);
      expect((await t().outbox(email)).filter((m) => m.kind === 'lpq_invitation')).toHaveLength(1);

      // Another position, or another firm, is a different invitation.
      expect(
        (await send(firm.cookie, newRequest({ attorneyEmail: email, positionTitle: 'Counsel' }))).statusCode,
      ).toBe(201);
      const other = await buildFirm(t().app);
      expect((await send(other.cookie, newRequest({ attorneyEmail: email }))).statusCode).toBe(201);
      // Once the first is answered it is no longer open.
      await t().db.update(lpqRequests).set({ status: 'declined' }).where(eq(lpqRequests.id, first.json().id));
      expect((await send(firm.cookie, newRequest({ attorneyEmail: email }))).statusCode).toBe(201);
    });

    it('the database itself refuses a second open invitation (the unique index the 409 maps)', async () => {
      const firm = await buildFirm(t().app);
      const row = {
        firmId: firm.firmId,
        firmName: 'Whitfield & Cole LLP',
        attorneyEmail: uniqueEmail('direct'),
        positionTitle: 'Counsel',
        practiceArea: 'Tax',
      };
      await t().db.insert(lpqRequests).values(row);
      const err = await t()
        .db.insert(lpqRequests)
        .values({ ...row, positionTitle: 'COUNSEL' })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(err, OPEN_INVITATION_INDEX)).toBe(true);
      // Not pending: no longer covered.
      await t()
        .db.insert(lpqRequests)
        .values({ ...row, status: 'declined' });
    });

    it('allows 50 invitations an hour and 200 a day (429 beyond), counted from stored rows', async () => {
      const firm = await buildFirm(t().app);
      const storeSent = (n: number, sentAt: Date) =>
        t()
          .db.insert(lpqRequests)
          .values(
            Array.from({ length: n }, () => ({
              firmId: firm.firmId,
              firmName: 'Whitfield & Cole LLP',
              attorneyEmail: uniqueEmail('bulk'),
              positionTitle: 'Associate',
              practiceArea: 'Tax',
              sentAt,
            })),
          );
      const mine = () =>
        t()
          .db.select({ n: count() })
          .from(lpqRequests)
          .where(eq(lpqRequests.firmId, firm.firmId))
          .then(([r]) => r.n);
      await storeSent(49, new Date(Date.now() - 60_000));
      expect((await send(firm.cookie, newRequest())).statusCode).toBe(201); // the 50th this hour
      const before = await mine();
      const refused = await send(firm.cookie, newRequest()); // the 51st
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: REQUEST_MESSAGES.tooManyInvitations });
      expect(await mine()).toBe(before);

      // An hour later the hourly limit is free again; the daily one still counts them.
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(lpqRequests.firmId, firm.firmId));
      await storeSent(149, new Date(Date.now() - 3 * 3_600_000));
      expect((await send(firm.cookie, newRequest())).statusCode).toBe(201); // the 200th today
      expect((await send(firm.cookie, newRequest())).statusCode).toBe(429);

      // A day later none of them count.
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(lpqRequests.firmId, firm.firmId));
      expect((await send(firm.cookie, newRequest())).statusCode).toBe(201);
    });

    it.runIf(kind === 'postgres')(
      'of two concurrent posts of the same invitation exactly one succeeds',
      async () => {
        const firm = await buildFirm(t().app);
        for (let round = 0; round < 5; round++) {
          const body = newRequest({ attorneyEmail: uniqueEmail('race') });
          const results = await Promise.all([send(firm.cookie, body), send(firm.cookie, body)]);
          expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
          const conflictBody = results.find((r) => r.statusCode === 409)!.json();
          expect(conflictBody).toEqual({ message: REQUEST_MESSAGES.invitationAlreadyOpen });
          const rows = await t()
            .db.select()
            .from(lpqRequests)
            .where(eq(lpqRequests.attorneyEmail, body.attorneyEmail as string));
          expect(rows).toHaveLength(1);
        }
      },
    );
  });
  describe('invitation mail', () => {
    it('links an existing account to the request itself', async () => {
      const firm = await buildFirm(t().app);
      const attorney = await buildAttorney(t().app, { firstName: 'Riley', lastName: 'Stone' });
      const res = await send(firm.cookie, newRequest({ attorneyEmail: attorney.user.email.toUpperCase() }));
      expect(res.json().attorneyName).toBeNull();
      const mails = (await t().outbox(attorney.user.email)).filter((m) => m.kind === 'lpq_invitation');
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe('Whitfield & Cole LLP requests your LPQ for Corporate Partner');
      // Issue 67: the request itself, not the list.
      const link = `http://localhost:3000/attorney/lpq-requests?request=${res.json().id}`;
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('We would love to hear from you.');
      expect(mail.text).not.toContain('token=');
      expect(mail.html).toContain(`href="${link}"`);
    });

    it('sends a sign-up link with a single-use token that verifies the invited address', async () => {
      const firm = await buildFirm(t().app);
      const email = uniqueEmail('newcomer');
      const created = await send(firm.cookie, newRequest({ attorneyEmail: email }));
      const [mail] = await t().outbox(email);
      expect(mail.kind).toBe('lpq_invitation');
      expect(mail.html).toContain('/register/attorney?token=');
      const link = linkIn(mail.text, '/register/attorney');
      expect(link.origin).toBe('http://localhost:3000');
      expect(link.searchParams.get('email')).toBe(email);
      const token = link.searchParams.get('token')!;
      const [stored] = await t()
        .db.select()
        .from(emailTokens)
        .where(and(eq(emailTokens.email, email), eq(emailTokens.purpose, 'invitation')));
      expect(stored.requestId).toBe(created.json().id);

      const register = (invitationToken: string, address: string) =>
        inject({
          method: 'POST',
          url: '/api/register',
          payload: {
            email: address,
            password: DEFAULT_PASSWORD,
            firstName: 'New',
            lastName: 'Comer',
            userType: 'attorney',
            invitationToken,
          },
        });
      const first = await register(token, email.toUpperCase());
      expect(first.statusCode).toBe(201);
      expect(first.json().emailVerified).toBe(true);
      expect(sessionCookie(first)).toBeTruthy();
      const reuse = await register(token, uniqueEmail('second'));
      expect(reuse.json().emailVerified).toBe(false);

      // Registering is not sharing: the firm still sees only the address it typed.
      const list = await inject({
        method: 'GET',
        url: '/api/firm/lpq-requests',
        headers: { cookie: firm.cookie },
      });
      expect(list.json().find((r: { id: string }) => r.id === created.json().id).attorneyName).toBeNull();
    });
  });
});
