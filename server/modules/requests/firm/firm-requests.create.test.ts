import { TEXT_MESSAGES } from '@shared/form-fields';
import { REQUEST_MESSAGES } from '@shared/requests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lpqRequests } from '../../../db/schema';
import { buildFirmUser, DEFAULT_PASSWORD, uniqueEmail } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { daysFromToday, firmRequestsClient, newRequest } from './firm-requests.test-support';

// Creating a firm request: the stored request, its validation and the characters its text may hold.
describeEachDb('firm requests', (t) => {
  const { inject, requestCount, send } = firmRequestsClient(t);

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
          firmId: other.firmId,
          createdByUserId: other.user.id,
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
      expect(row.firmId).toBe(firm.firmId);
      expect(row.createdByUserId).toBe(firm.user.id);
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
});
