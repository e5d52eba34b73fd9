import { LPQ_MESSAGES } from '@shared/lpq';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { lpqRequests, outbox, positionLpqs } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { pdfBytes, putBytes } from '../files/files.test-support';
import { buildFirm } from '../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing.test-support';

describeEachDb('position LPQ', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  /** A shared request and its position LPQ id. */
  async function sharedLpq(requestOverrides: Record<string, unknown> = {}) {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email, requestOverrides);
    const shared = await inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
    return { firm, attorney, requestId, lpqId: shared.json().lpqId as string };
  }
  const status = async (requestId: string) =>
    (await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, requestId)))[0].status;

  it('GET answers the LPQ with its request, prefilled form and the firm questions', async () => {
    const { attorney, requestId, lpqId } = await sharedLpq();
    const res = await inject({
      method: 'GET',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: lpqId,
      requestId,
      firmName: 'Whitfield & Cole LLP',
      positionTitle: 'Corporate Partner',
      practiceArea: 'Corporate',
      status: 'draft',
      requestStatus: 'accepted',
      formData: { name: 'Dana Whitfield', email: 'dana@example.com' },
      firmSpecificQuestions: { sections: [{ title: 'Practice fit' }] },
      firmAnswers: {},
    });
  });

  it('PUT saves progress and moves the request to in_progress; answers to unknown questions are dropped', async () => {
    const { attorney, requestId, lpqId } = await sharedLpq();
    const res = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
      payload: {
        formData: { name: 'Casey Nguyen', publications: 'Two articles' },
        firmAnswers: { 'fit-2': true, bogus: 'x' },
        status: 'in_progress',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'in_progress',
      requestStatus: 'in_progress',
      formData: { publications: 'Two articles' },
      firmAnswers: { 'fit-2': true },
    });
    expect(res.json().firmAnswers).not.toHaveProperty('bogus');
    expect(await status(requestId)).toBe('in_progress');
    const again = await inject({
      method: 'GET',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
    });
    expect(again.json().formData.publications).toBe('Two articles');
  });

  it('PUT refuses a wrong answer type and over-long text with 400, storing nothing', async () => {
    const { attorney, lpqId } = await sharedLpq();
    const wrongType = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
      payload: { formData: {}, firmAnswers: { 'fit-2': 'maybe' } },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors['firmAnswers.fit-2']).toBe(LPQ_MESSAGES.invalidAnswer);
    const tooLong = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
      payload: { formData: { publications: 'x'.repeat(10001) } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors['formData.publications']).toBeTypeOf('string');
    const [row] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqId));
    expect(row.firmAnswers).toEqual({});
  });

  it('a date answer must be a real calendar date (400 naming the question)', async () => {
    const { attorney, lpqId } = await sharedLpq({
      firmSpecificQuestions: {
        sections: [
          { title: 'Timing', questions: [{ id: 'start', text: 'Start?', type: 'date', required: true }] },
        ],
      },
    });
    const put = (answer: string) =>
      inject({
        method: 'PUT',
        url: `/api/lpqs/${lpqId}`,
        headers: { cookie: attorney.cookie },
        payload: { formData: {}, firmAnswers: { start: answer } },
      });
    for (const answer of ['2099-02-31', '2021-13-40']) {
      const res = await put(answer);
      expect(res.statusCode, answer).toBe(400);
      expect(res.json().errors).toEqual({ 'firmAnswers.start': LPQ_MESSAGES.invalidAnswer });
    }
    const [row] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqId));
    expect(row.firmAnswers).toEqual({});
    expect((await put('2099-02-28')).statusCode).toBe(200);
  });

  it('submits with questions whose ids are Object.prototype names (stored before ids were checked)', async () => {
    const { attorney, firm, requestId, lpqId } = await sharedLpq();
    const questions = {
      sections: [
        {
          title: 'Legacy',
          questions: [
            { id: 'toString', text: 'Why us?', type: 'textarea', required: true },
            { id: 'constructor', text: 'Relocate?', type: 'yesno', required: false },
            { id: '__proto__', text: 'Anything else?', type: 'text', required: false },
            { id: 'hasOwnProperty', text: 'Team size?', type: 'number', required: false },
          ],
        },
      ],
    };
    await t()
      .db.update(lpqRequests)
      .set({ firmSpecificQuestions: questions })
      .where(eq(lpqRequests.id, requestId));
    const complete = (firmAnswers: Record<string, unknown>) =>
      inject({
        method: 'PUT',
        url: `/api/lpqs/${lpqId}/complete`,
        headers: { cookie: attorney.cookie },
        payload: { formData: { name: 'Casey Nguyen', email: 'casey@example.com' }, firmAnswers },
      });
    // An unanswered required question is missing, not "answered" by what every object inherits.
    const missing = await complete({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ 'firmAnswers.toString': LPQ_MESSAGES.answerRequired });
    const res = await complete({ toString: 'Your platform', constructor: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firmAnswers).toEqual({ toString: 'Your platform', constructor: true });
    const [row] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqId));
    expect(row.firmAnswers).toEqual({ toString: 'Your platform', constructor: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The firm reads the answers, the inherited names showing as not answered.
    const detail = await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    expect(detail.json().package.positionLpq.firmAnswers).toEqual({
      toString: 'Your platform',
      constructor: true,
    });
    const pdf = await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}/package.pdf`,
      headers: { cookie: firm.cookie },
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('Submit needs name, e-mail and every required firm question', async () => {
    const { attorney, requestId, lpqId } = await sharedLpq();
    const missing = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}/complete`,
      headers: { cookie: attorney.cookie },
      payload: { formData: { name: '', email: 'nope' }, firmAnswers: {} },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      'formData.name': LPQ_MESSAGES.nameRequired,
      'formData.email': LPQ_MESSAGES.emailRequired,
    });
    const noAnswer = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}/complete`,
      headers: { cookie: attorney.cookie },
      payload: {
        formData: { name: 'Casey Nguyen', email: 'casey@example.com' },
        firmAnswers: { 'fit-2': false },
      },
    });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().errors).toEqual({ 'firmAnswers.fit-1': LPQ_MESSAGES.answerRequired });
    expect(await status(requestId)).toBe('accepted');
  });

  it('Submit moves the request to reviewed, e-mails the firm, and the LPQ is then read-only', async () => {
    const { firm, attorney, requestId, lpqId } = await sharedLpq();
    const res = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}/complete`,
      headers: { cookie: attorney.cookie },
      payload: {
        formData: { name: 'Casey Nguyen', email: 'casey@example.com' },
        firmAnswers: { 'fit-1': 'Your platform' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'submitted',
      requestStatus: 'reviewed',
      firmAnswers: { 'fit-1': 'Your platform' },
    });
    expect(await status(requestId)).toBe('reviewed');
    const mails = (await t().db.select().from(outbox)).filter(
      (m) => m.kind === 'position_lpq_submitted' && m.to === firm.user.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/firm/requests/${requestId}`);
    const firmView = await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    expect(firmView.json().package.positionLpq.firmAnswers).toEqual({ 'fit-1': 'Your platform' });

    for (const url of [`/api/lpqs/${lpqId}`, `/api/lpqs/${lpqId}/complete`]) {
      const late = await inject({
        method: 'PUT',
        url,
        headers: { cookie: attorney.cookie },
        payload: {
          formData: { name: 'Casey Nguyen', email: 'casey@example.com' },
          firmAnswers: { 'fit-1': 'x' },
        },
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(LPQ_MESSAGES.alreadySubmitted);
    }
  });

  it("the firm's Under Review never blocks the attorney: save and submit still work and the firm is mailed", async () => {
    const { firm, attorney, requestId, lpqId } = await sharedLpq();
    const dashboard = async () =>
      (
        await inject({
          method: 'GET',
          url: '/api/attorney/dashboard-stats',
          headers: { cookie: attorney.cookie },
        })
      ).json();
    expect((await dashboard()).sharedDocuments).toBe(1);
    const marked = await inject({
      method: 'POST',
      url: `/api/firm/lpq-requests/${requestId}/status`,
      headers: { cookie: firm.cookie },
      payload: { status: 'reviewed' },
    });
    expect(marked.statusCode).toBe(200);
    // 'Documents Shared' counts the request under review too.
    expect((await dashboard()).sharedDocuments).toBe(1);

    const got = await inject({
      method: 'GET',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
    });
    expect(got.json()).toMatchObject({ status: 'draft', requestStatus: 'reviewed' });
    const body = {
      formData: { name: 'Casey Nguyen', email: 'casey@example.com' },
      firmAnswers: { 'fit-1': 'Your platform' },
    };
    const saved = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
      payload: body,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'in_progress', requestStatus: 'reviewed' });
    expect(await status(requestId)).toBe('reviewed');

    const submitted = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}/complete`,
      headers: { cookie: attorney.cookie },
      payload: body,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', requestStatus: 'reviewed' });
    const mails = (await t().db.select().from(outbox)).filter(
      (m) => m.kind === 'position_lpq_submitted' && m.to === firm.user.email,
    );
    expect(mails).toHaveLength(1);
    const firmView = await inject({
      method: 'GET',
      url: `/api/firm/lpq-requests/${requestId}`,
      headers: { cookie: firm.cookie },
    });
    expect(firmView.json().package.positionLpq).toMatchObject({
      status: 'submitted',
      firmAnswers: { 'fit-1': 'Your platform' },
    });
  });

  it('after the firm completes its review the LPQ is closed (409) and nothing changes', async () => {
    const { firm, attorney, requestId, lpqId } = await sharedLpq();
    for (const to of ['completed']) {
      const res = await inject({
        method: 'POST',
        url: `/api/firm/lpq-requests/${requestId}/status`,
        headers: { cookie: firm.cookie },
        payload: { status: to },
      });
      expect(res.statusCode).toBe(200);
    }
    const body = {
      formData: { name: 'Casey Nguyen', email: 'casey@example.com' },
      firmAnswers: { 'fit-1': 'x' },
    };
    for (const url of [`/api/lpqs/${lpqId}`, `/api/lpqs/${lpqId}/complete`]) {
      const res = await inject({ method: 'PUT', url, headers: { cookie: attorney.cookie }, payload: body });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LPQ_MESSAGES.requestClosed);
    }
    const [row] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqId));
    expect(row.status).toBe('draft');
    expect(await status(requestId)).toBe('completed');
  });

  it('a document attached to the position LPQ can be downloaded by that firm, and the read is recorded', async () => {
    const { firm, attorney, requestId, lpqId } = await sharedLpq();
    const bytes = pdfBytes(4096, 'writing-sample');
    const ticket = await inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: attorney.cookie },
      payload: { filename: 'Writing sample.pdf', contentType: 'application/pdf', size: bytes.length },
    });
    const { uploadURL, objectPath } = ticket.json();
    expect((await putBytes(t().app, uploadURL, bytes, 'application/pdf')).status).toBe(200);
    const fileId = objectPath.split('/').pop();
    const confirmed = await inject({
      method: 'POST',
      url: `/api/objects/${fileId}/confirm`,
      headers: { cookie: attorney.cookie },
    });
    expect(confirmed.statusCode).toBe(200);

    const otherFirm = await buildFirm(t().app);
    expect(
      (await inject({ method: 'GET', url: `/objects/${fileId}`, headers: { cookie: firm.cookie } }))
        .statusCode,
    ).toBe(404);
    await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}`,
      headers: { cookie: attorney.cookie },
      payload: { formData: { name: 'Casey Nguyen', documents: [confirmed.json()] } },
    });
    const res = await inject({ method: 'GET', url: `/objects/${fileId}`, headers: { cookie: firm.cookie } });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.rawPayload).equals(bytes)).toBe(true);
    expect(
      (await inject({ method: 'GET', url: `/objects/${fileId}`, headers: { cookie: otherFirm.cookie } }))
        .statusCode,
    ).toBe(404);
    const log = await inject({
      method: 'GET',
      url: '/api/attorney/access-log',
      headers: { cookie: attorney.cookie },
    });
    expect(log.json()[0]).toMatchObject({
      requestId,
      action: 'downloaded',
      what: 'Writing sample.pdf',
    });
  });

  describe('access', () => {
    it('401 signed out, 403 firm user, 404 for another attorney and unknown ids', async () => {
      const { firm, lpqId } = await sharedLpq();
      const other = await buildAttorney(t().app);
      const body = { formData: { name: 'X', email: 'x@example.com' } };
      for (const [method, url] of [
        ['GET', `/api/lpqs/${lpqId}`],
        ['PUT', `/api/lpqs/${lpqId}`],
        ['PUT', `/api/lpqs/${lpqId}/complete`],
      ] as const) {
        expect((await inject({ method, url, payload: method === 'PUT' ? body : undefined })).statusCode).toBe(
          401,
        );
        expect(
          (
            await inject({
              method,
              url,
              headers: { cookie: firm.cookie },
              payload: method === 'PUT' ? body : undefined,
            })
          ).statusCode,
        ).toBe(403);
        const res = await inject({
          method,
          url,
          headers: { cookie: other.cookie },
          payload: method === 'PUT' ? body : undefined,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not Found' });
      }
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect(
          (await inject({ method: 'GET', url: `/api/lpqs/${id}`, headers: { cookie: other.cookie } }))
            .statusCode,
        ).toBe(404);
      }
    });
  });
});
