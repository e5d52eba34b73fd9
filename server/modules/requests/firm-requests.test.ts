import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEXT_MESSAGES } from '@shared/form-fields';
import { formatDate } from '@shared/format';
import { PACKAGE_SECTIONS, REQUEST_MESSAGES } from '@shared/requests';
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/errors';
import { accessEvents, emailTokens, lpqRequests, OPEN_INVITATION_INDEX } from '../../db/schema';
import {
  buildAttorney,
  buildFirmUser,
  DEFAULT_PASSWORD,
  sessionCookie,
  uniqueEmail,
} from '../../test/factories';
import { describeEachDb, linkIn } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { buildSharedPackage } from './requests.factories';

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const newRequest = (overrides: Record<string, unknown> = {}) => ({
  attorneyEmail: uniqueEmail('invitee'),
  positionTitle: 'Corporate Partner',
  practiceArea: 'Corporate',
  dueDate: daysFromToday(14),
  additionalMessage: 'We would love to hear from you.',
  firmSpecificQuestions: {
    sections: [
      {
        title: 'Practice fit',
        questions: [
          { id: 'fit-1', text: 'Why our firm?', type: 'textarea', required: true },
          { id: 'fit-2', text: 'Relocate?', type: 'yesno', required: false },
        ],
      },
    ],
  },
  ...overrides,
});

describeEachDb('firm requests', (t, kind) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const requestCount = async () => (await t().db.select({ n: count() }).from(lpqRequests))[0].n;
  const send = (cookie: string, body: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/firm/lpq-requests', headers: { cookie }, payload: body });

  /** A firm with a request shared by a named attorney. */
  async function sharedRequest(opts: { documents?: boolean } = {}) {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const created = await send(firm.cookie, newRequest({ attorneyEmail: attorney.user.email }));
    const item = created.json();
    await buildSharedPackage(t().db, {
      requestId: item.id,
      attorneyUserId: attorney.user.id,
      documents: opts.documents
        ? [
            {
              id: '3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11',
              name: 'Resume.pdf',
              contentType: 'application/pdf',
              size: 20480,
            },
          ]
        : [],
      positionLpq: {
        formData: { name: 'Casey Nguyen' },
        firmAnswers: { 'fit-1': 'Your cross-border platform', 'fit-2': true },
      },
    });
    return { firm, attorney, item };
  }

  describe('POST /api/firm/lpq-requests', () => {
    it('needs a firm profile first (409) and stores nothing', async () => {
      const firm = await buildFirmUser(t().app);
      const before = await requestCount();
      const res = await send(firm.cookie, newRequest());
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(REQUEST_MESSAGES.firmProfileRequired);
      expect(await requestCount()).toBe(before);
    });

    it('creates a pending request with the firm’s name and contact defaults; extra fields have no effect', async () => {
      const firm = await buildFirm(t().app);
      const other = await buildFirm(t().app);
      const res = await send(
        firm.cookie,
        newRequest({
          attorneyEmail: '  Invitee.X@Example.COM ',
          status: 'completed',
          firmId: other.user.id,
          firmUserId: other.user.id,
          firmName: 'Forged LLP',
          sharedAt: new Date().toISOString(),
          id: '00000000-0000-4000-8000-000000000000',
        }),
      );
      expect(res.statusCode).toBe(201);
      const item = res.json();
      expect(item).toMatchObject({
        attorneyEmail: 'invitee.x@example.com',
        attorneyName: null,
        firmName: 'Whitfield & Cole LLP',
        positionTitle: 'Corporate Partner',
        practiceArea: 'Corporate',
        status: 'pending',
        sharedAt: null,
        declineReason: null,
        contactPersonName: 'Morgan Lee Cole',
        contactPersonTitle: 'Director of Legal Recruiting',
        contactPhone: '+1 212 555 0199',
      });
      expect(item.id).not.toBe('00000000-0000-4000-8000-000000000000');
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.firmUserId).toBe(firm.user.id);
      expect(row.status).toBe('pending');
      expect(row.firmSpecificQuestions).toEqual(newRequest().firmSpecificQuestions);

      const list = await inject({
        method: 'GET',
        url: '/api/firm/lpq-requests',
        headers: { cookie: firm.cookie },
      });
      expect(list.json().map((r: { id: string }) => r.id)).toContain(item.id);
      const otherList = await inject({
        method: 'GET',
        url: '/api/firm/lpq-requests',
        headers: { cookie: other.cookie },
      });
      expect(otherList.json()).toEqual([]);
      // The firm's name in the invitation comes from its profile, never from the body.
      const [mail] = await t().outbox('invitee.x@example.com');
      expect(mail.subject).toBe('Whitfield & Cole LLP requests your LPQ for Corporate Partner');
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Forged');
    });

    it('keeps contact details the firm gives instead of the profile’s', async () => {
      const firm = await buildFirm(t().app);
      const res = await send(
        firm.cookie,
        newRequest({ contactPersonName: 'Pat Doe', contactPersonTitle: 'Partner', contactPhone: '555' }),
      );
      expect(res.json()).toMatchObject({
        contactPersonName: 'Pat Doe',
        contactPersonTitle: 'Partner',
        contactPhone: '555',
      });
    });

    it.each([
      [{ attorneyEmail: 'not-an-email' }, 'attorneyEmail', 'Please enter a valid email'],
      [{ attorneyEmail: undefined }, 'attorneyEmail', 'Please enter a valid email'],
      [{ positionTitle: '' }, 'positionTitle', REQUEST_MESSAGES.positionTitleRequired],
      [{ positionTitle: undefined }, 'positionTitle', REQUEST_MESSAGES.positionTitleRequired],
      [{ practiceArea: ' ' }, 'practiceArea', REQUEST_MESSAGES.practiceAreaRequired],
      [{ dueDate: daysFromToday(-1) }, 'dueDate', REQUEST_MESSAGES.dueDateInPast],
      [{ dueDate: '2020-01-01' }, 'dueDate', REQUEST_MESSAGES.dueDateInPast],
      [{ dueDate: '14/02/2030' }, 'dueDate', REQUEST_MESSAGES.dueDateFormat],
      // Impossible calendar dates (PRODUCT.md §8): a 500 from the date column before.
      [{ dueDate: '2099-02-31' }, 'dueDate', REQUEST_MESSAGES.dueDateFormat],
      [{ dueDate: '2099-13-40' }, 'dueDate', REQUEST_MESSAGES.dueDateFormat],
      [
        {
          firmSpecificQuestions: {
            sections: [
              { title: 'A', questions: [{ id: 'x', text: 'Pick', type: 'select', required: true }] },
            ],
          },
        },
        'firmSpecificQuestions.sections.0.questions.0.options',
        'Add at least one option',
      ],
    ])(
      'refuses %j with a clear field message, sends no mail, stores nothing',
      async (override, field, message) => {
        const firm = await buildFirm(t().app);
        const before = await requestCount();
        const mailsBefore = (await t().outbox()).length;
        const res = await send(firm.cookie, newRequest(override));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[field]).toBe(message);
        expect(await requestCount()).toBe(before);
        expect((await t().outbox()).length).toBe(mailsBefore);
      },
    );

    it.each([
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'has space',
      'a.b',
      'x'.repeat(65),
      '',
    ])('refuses the question id %j (answers are keyed by it) with 400, storing nothing', async (id) => {
      const firm = await buildFirm(t().app);
      const before = await requestCount();
      const res = await send(
        firm.cookie,
        newRequest({
          firmSpecificQuestions: {
            sections: [
              {
                title: 'Fit',
                questions: [
                  { id: 'ok-1', text: 'Why us?', type: 'text', required: true },
                  { id, text: 'Start?', type: 'text', required: true },
                ],
              },
            ],
          },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        'firmSpecificQuestions.sections.0.questions.1.id': REQUEST_MESSAGES.invalidQuestionId,
      });
      expect(await requestCount()).toBe(before);
      const section = await inject({
        method: 'POST',
        url: '/api/firm/custom-sections',
        headers: { cookie: firm.cookie },
        payload: { title: 'Fit', questions: [{ id, text: 'Start?', type: 'text', required: true }] },
      });
      expect(section.statusCode).toBe(400);
      expect(section.json().errors['questions.0.id']).toBe(REQUEST_MESSAGES.invalidQuestionId);
    });

    it('keeps safe question ids as given and gives one to a question without', async () => {
      const firm = await buildFirm(t().app);
      const res = await send(
        firm.cookie,
        newRequest({
          firmSpecificQuestions: {
            sections: [
              {
                title: 'Fit',
                questions: [
                  { id: 'Fit_1-a', text: 'Why us?', type: 'text', required: true },
                  { text: 'Start?', type: 'date', required: false },
                ],
              },
            ],
          },
        }),
      );
      expect(res.statusCode).toBe(201);
      const [kept, given] = res.json().firmSpecificQuestions.sections[0].questions;
      expect(kept.id).toBe('Fit_1-a');
      expect(given.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('accepts today as the due date and no due date at all', async () => {
      const firm = await buildFirm(t().app);
      expect((await send(firm.cookie, newRequest({ dueDate: daysFromToday(0) }))).statusCode).toBe(201);
      const none = await send(firm.cookie, newRequest({ dueDate: undefined, firmSpecificQuestions: null }));
      expect(none.statusCode).toBe(201);
      expect(none.json()).toMatchObject({ dueDate: null, firmSpecificQuestions: null });
    });
  });

  describe('what a firm learns before the attorney shares (PRODUCT.md §5)', () => {
    // The moments differ by milliseconds; the events themselves must not.
    const withoutVolatile = ({ id, sentAt, attorneyEmail, timeline, ...rest }: Record<string, unknown>) => ({
      ...rest,
      timeline: (timeline as { event: string }[] | undefined)?.map((e) => e.event),
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
        firmUserId: firm.user.id,
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
              firmUserId: firm.user.id,
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
          .where(eq(lpqRequests.firmUserId, firm.user.id))
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
        .where(eq(lpqRequests.firmUserId, firm.user.id));
      await storeSent(149, new Date(Date.now() - 3 * 3_600_000));
      expect((await send(firm.cookie, newRequest())).statusCode).toBe(201); // the 200th today
      expect((await send(firm.cookie, newRequest())).statusCode).toBe(429);

      // A day later none of them count.
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(lpqRequests.firmUserId, firm.user.id));
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

  describe('text characters (PRODUCT.md §8)', () => {
    it('refuses a line break in a name (400 naming the field)', async () => {
      const res = await inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          email: uniqueEmail('newline'),
          password: DEFAULT_PASSWORD,
          firstName: 'Dana\nWhitfield',
          lastName: 'Stone',
          userType: 'attorney',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: TEXT_MESSAGES.singleLine,
        errors: { firstName: TEXT_MESSAGES.singleLine },
      });
      const firm = await buildFirm(t().app);
      const contact = await send(firm.cookie, newRequest({ contactPersonName: 'Pat\r\nDoe' }));
      expect(contact.statusCode).toBe(400);
      expect(contact.json().errors).toEqual({ contactPersonName: TEXT_MESSAGES.singleLine });
    });

    it.each([
      ['positionTitle', 'Corporate \u202EPartner'],
      ['practiceArea', 'Corporate\u2066'],
      ['contactPhone', '+1 212\u202D 555'],
      ['additionalMessage', 'Hello\u202Edlrow'],
    ])('refuses a bidi override in %s (400 naming the field), storing nothing', async (field, value) => {
      const firm = await buildFirm(t().app);
      const before = await requestCount();
      const res = await send(firm.cookie, newRequest({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: TEXT_MESSAGES.forbiddenCharacter });
      expect(await requestCount()).toBe(before);
    });

    it('refuses control characters in custom section and question titles', async () => {
      const firm = await buildFirm(t().app);
      const post = (title: string, text: string) =>
        inject({
          method: 'POST',
          url: '/api/firm/custom-sections',
          headers: { cookie: firm.cookie },
          payload: { title, questions: [{ id: 'q1', text, type: 'text', required: true }] },
        });
      const title = await post('Practice\nFit', 'Why us?');
      expect(title.statusCode).toBe(400);
      expect(title.json().errors).toEqual({ title: TEXT_MESSAGES.singleLine });
      const question = await post('Practice Fit', 'Why \u202Eus?');
      expect(question.statusCode).toBe(400);
      expect(question.json().errors).toEqual({ 'questions.0.text': TEXT_MESSAGES.forbiddenCharacter });
      expect((await post('Practice Fit', 'Why us?')).statusCode).toBe(201);
    });

    it('keeps line breaks in a textarea (the message to the attorney)', async () => {
      const firm = await buildFirm(t().app);
      const message = 'Dear Counsel,\n\nWe would love to hear from you.\r\n\tThe team';
      const res = await send(firm.cookie, newRequest({ additionalMessage: message }));
      expect(res.statusCode).toBe(201);
      expect(res.json().additionalMessage).toBe(message);
    });
  });

  describe('invitation mail', () => {
    it('links an existing account to its request list', async () => {
      const firm = await buildFirm(t().app);
      const attorney = await buildAttorney(t().app, { firstName: 'Riley', lastName: 'Stone' });
      const res = await send(firm.cookie, newRequest({ attorneyEmail: attorney.user.email.toUpperCase() }));
      expect(res.json().attorneyName).toBeNull();
      const mails = (await t().outbox(attorney.user.email)).filter((m) => m.kind === 'lpq_invitation');
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail.subject).toBe('Whitfield & Cole LLP requests your LPQ for Corporate Partner');
      expect(mail.text).toContain('http://localhost:3000/attorney/lpq-requests');
      expect(mail.text).toContain('We would love to hear from you.');
      expect(mail.text).not.toContain('token=');
      expect(mail.html).toContain('href="http://localhost:3000/attorney/lpq-requests"');
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

  describe('GET /api/firm/lpq-requests', () => {
    it('lists the firm’s requests newest first with the item fields of PRODUCT.md §6', async () => {
      const firm = await buildFirm(t().app);
      const first = (await send(firm.cookie, newRequest({ positionTitle: 'First' }))).json();
      const second = (await send(firm.cookie, newRequest({ positionTitle: 'Second' }))).json();
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 60_000) })
        .where(eq(lpqRequests.id, first.id));
      const res = await inject({
        method: 'GET',
        url: '/api/firm/lpq-requests',
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      const items = res.json();
      expect(items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
      for (const key of [
        'id',
        'attorneyEmail',
        'attorneyName',
        'positionTitle',
        'practiceArea',
        'status',
        'sentAt',
        'dueDate',
        'sharedAt',
        'declineReason',
      ])
        expect(items[0]).toHaveProperty(key);
    });
  });

  describe('GET /api/firm/lpq-requests/{id}', () => {
    it('has no package until shared', async () => {
      const firm = await buildFirm(t().app);
      const item = (await send(firm.cookie, newRequest())).json();
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, status: 'pending', package: null });
      const pdf = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}/package.pdf`,
        headers: { cookie: firm.cookie },
      });
      expect(pdf.statusCode).toBe(404);
    });

    it('shows the frozen package once shared and records every read', async () => {
      const { firm, attorney, item } = await sharedRequest({ documents: true });
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail.status).toBe('accepted');
      expect(detail.sharedAt).toEqual(expect.any(String));
      expect(detail.attorneyName).toBe('Casey Nguyen');
      expect(detail.package).toMatchObject({
        attorney: {
          id: attorney.user.id,
          firstName: 'Casey',
          lastName: 'Nguyen',
          email: attorney.user.email,
        },
        profile: { currentFirm: 'Hale & Porter LLP' },
        masterLpq: { generalInfo: { name: 'Casey Nguyen' } },
        conflictsForm: { attorneyName: 'Casey Nguyen' },
        diversityForm: { gender: 'female' },
        businessPlan: { executiveSummary: { businessName: 'Cross-border M&A practice' } },
        documents: [
          {
            id: '3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11',
            name: 'Resume.pdf',
            url: '/objects/3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11',
          },
        ],
        positionLpq: {
          formData: { name: 'Casey Nguyen' },
          firmAnswers: { 'fit-1': 'Your cross-border platform' },
        },
      });
      const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id));
      expect(events).toEqual([
        expect.objectContaining({
          kind: 'package_view',
          attorneyUserId: attorney.user.id,
          firmUserId: firm.user.id,
          firmName: 'Whitfield & Cole LLP',
        }),
      ]);
    });
  });

  describe('firm isolation and roles', () => {
    it('firm B never sees firm A’s request or package (404 everywhere), and nothing is recorded', async () => {
      const { item } = await sharedRequest();
      const firmB = await buildFirm(t().app);
      const headers = { cookie: firmB.cookie };
      for (const [method, url, payload] of [
        ['GET', `/api/firm/lpq-requests/${item.id}`, undefined],
        ['GET', `/api/firm/lpq-requests/${item.id}/package.pdf`, undefined],
        ['POST', `/api/firm/lpq-requests/${item.id}/status`, { status: 'reviewed' }],
        ['GET', '/api/firm/lpq-requests/not-a-uuid', undefined],
      ] as const) {
        const res = await inject({ method, url, headers, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not Found' });
      }
      expect((await inject({ method: 'GET', url: '/api/firm/lpq-requests', headers })).json()).toEqual([]);
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.status).toBe('accepted');
      expect(await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id))).toEqual([]);
    });

    it('attorneys get 403 and signed-out callers 401 on every /api/firm route', async () => {
      const { attorney, item } = await sharedRequest();
      const routes = [
        ['GET', '/api/firm/profile'],
        ['POST', '/api/firm/profile'],
        ['PUT', '/api/firm/profile'],
        ['GET', '/api/firm/dashboard-stats'],
        ['GET', '/api/firm/custom-sections'],
        ['POST', '/api/firm/custom-sections'],
        ['PUT', `/api/firm/custom-sections/${item.id}`],
        ['DELETE', `/api/firm/custom-sections/${item.id}`],
        ['GET', '/api/firm/lpq-requests'],
        ['POST', '/api/firm/lpq-requests'],
        ['GET', `/api/firm/lpq-requests/${item.id}`],
        ['POST', `/api/firm/lpq-requests/${item.id}/status`],
        ['GET', `/api/firm/lpq-requests/${item.id}/package.pdf`],
      ] as const;
      for (const [method, url] of routes) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : { status: 'completed' };
        const asAttorney = await inject({ method, url, headers: { cookie: attorney.cookie }, payload });
        expect(asAttorney.statusCode, `${method} ${url}`).toBe(403);
        expect(asAttorney.json()).toEqual({ message: 'Forbidden' });
        const signedOut = await inject({ method, url, payload });
        expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      }
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.status).toBe('accepted');
    });
  });

  describe('POST /api/firm/lpq-requests/{id}/status', () => {
    it('moves a shared request to Under Review, then Review Complete; anything else is 409', async () => {
      const { firm, item } = await sharedRequest();
      const headers = { cookie: firm.cookie };
      const url = `/api/firm/lpq-requests/${item.id}/status`;
      const reviewed = await inject({ method: 'POST', url, headers, payload: { status: 'reviewed' } });
      expect(reviewed.statusCode).toBe(200);
      expect(reviewed.json()).toMatchObject({
        id: item.id,
        status: 'reviewed',
        reviewedAt: expect.any(String),
      });
      expect(
        (await inject({ method: 'POST', url, headers, payload: { status: 'reviewed' } })).statusCode,
      ).toBe(409);
      const completed = await inject({ method: 'POST', url, headers, payload: { status: 'completed' } });
      expect(completed.json()).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
      const again = await inject({ method: 'POST', url, headers, payload: { status: 'completed' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(REQUEST_MESSAGES.invalidTransition);
    });

    it('refuses a pending request (409) and any other status value (400)', async () => {
      const firm = await buildFirm(t().app);
      const item = (await send(firm.cookie, newRequest())).json();
      const url = `/api/firm/lpq-requests/${item.id}/status`;
      const headers = { cookie: firm.cookie };
      expect(
        (await inject({ method: 'POST', url, headers, payload: { status: 'reviewed' } })).statusCode,
      ).toBe(409);
      expect(
        (await inject({ method: 'POST', url, headers, payload: { status: 'completed' } })).statusCode,
      ).toBe(409);
      for (const status of ['accepted', 'pending', 'declined', 'bogus', undefined]) {
        const res = await inject({ method: 'POST', url, headers, payload: { status } });
        expect(res.statusCode, String(status)).toBe(400);
        expect(res.json().errors).toHaveProperty('status');
      }
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.status).toBe('pending');
    });

    it('lets exactly one of two concurrent moves win', async () => {
      const { firm, item } = await sharedRequest();
      const url = `/api/firm/lpq-requests/${item.id}/status`;
      const results = await Promise.all(
        [0, 1].map(() =>
          inject({ method: 'POST', url, headers: { cookie: firm.cookie }, payload: { status: 'reviewed' } }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('GET /api/firm/lpq-requests/{id}/package.pdf', () => {
    it('renders the full package as a short PDF a person reads: header on every page, page numbers, no ids, timestamps or codes, formatted money', async () => {
      const { firm, item } = await sharedRequest({ documents: true });
      const detail = (
        await inject({
          method: 'GET',
          url: `/api/firm/lpq-requests/${item.id}`,
          headers: { cookie: firm.cookie },
        })
      ).json();
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}/package.pdf`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename=".+\.pdf"; filename\*=UTF-8''.+\.pdf$/,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const dir = mkdtempSync(path.join(tmpdir(), 'lp-pdf-'));
      try {
        const file = path.join(dir, 'package.pdf');
        writeFileSync(file, res.rawPayload);
        const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
        // The full sample package fits on a cover, a summary and a few tight pages (it took 11 before).
        expect(pages).toBeGreaterThanOrEqual(3);
        expect(pages).toBeLessThanOrEqual(6);
        const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
        const pageTexts = text.split('\f').filter((p) => p.trim());
        expect(pageTexts).toHaveLength(pages);
        const sharedOn = formatDate(detail.sharedAt);
        for (const [i, page] of pageTexts.entries()) {
          expect(page, `page ${i + 1}`).toContain(
            `Confidential — shared with Whitfield & Cole LLP on ${sharedOn}, version 1`,
          );
          expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages}`);
        }
        expect(text).toContain('Page 1 of');
        expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
        expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
        expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
        expect(text).toContain('$2,400,000');
        expect(text).toContain('$1,250,000');
        expect(text).not.toMatch(/\b2400000\b/);
        expect(text).toContain('Casey Nguyen');
        expect(text).toContain('Corporate Partner');
        expect(text).toContain('Contents');
        expect(text).toContain('Summary');
        for (const heading of [
          PACKAGE_SECTIONS.profile,
          PACKAGE_SECTIONS.masterLpq,
          PACKAGE_SECTIONS.positionLpq,
          PACKAGE_SECTIONS.conflictsForm,
          PACKAGE_SECTIONS.diversityForm,
          PACKAGE_SECTIONS.businessPlan,
          PACKAGE_SECTIONS.documents,
        ])
          expect(text).toContain(heading);
        // The sections come in the spec's order.
        const order = ['Profile', 'Master LPQ', 'Position LPQ', 'Conflicts of Interest', 'Business Plan'].map(
          (h) => text.lastIndexOf(`\n${h}\n`),
        );
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (const label of [
          'General Information',
          'Current Employment',
          'Portability Likelihood',
          'Client Name',
        ])
          expect(text).toContain(label);
        expect(text).toContain('Senior Partner');
        expect(text).toContain('Mar 01, 2016');
        expect(text).toMatch(/Has a malpractice claim ever been made against you\?\s+Yes\s+A 2019 claim/);
        expect(text).toContain(`${PACKAGE_SECTIONS.firmQuestions}: Practice fit`);
        expect(text).toMatch(/Relocate\?\s+Yes/);
        expect(text).toContain('Why our firm?');
        expect(text).toContain('Your cross-border platform');
        expect(text).toMatch(/Resume\.pdf\s+PDF, 20 KB/);
        expect(text).toMatch(/voluntary and confidential/i);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id));
      expect(events.map((e) => e.kind).sort()).toEqual(['package_view', 'pdf_download']);
    });
  });
});
