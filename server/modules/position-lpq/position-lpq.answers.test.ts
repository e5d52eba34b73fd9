import { POSITION_LPQ_MESSAGES } from '@shared/position-lpq';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lpqRequests, positionLpqs } from '../../db/schema';
import { describeEachDb } from '../../test/harness';
import { positionLpqClient } from './position-lpq.test-support';

// Reading and saving a position LPQ's answers, and what Submit needs.
describeEachDb('position LPQ', (t) => {
  const { inject, sharedLpq, status } = positionLpqClient(t);

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
    expect(wrongType.json().errors['firmAnswers.fit-2']).toBe(POSITION_LPQ_MESSAGES.invalidAnswer);
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
      expect(res.json().errors).toEqual({ 'firmAnswers.start': POSITION_LPQ_MESSAGES.invalidAnswer });
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
    expect(missing.json().errors).toEqual({ 'firmAnswers.toString': POSITION_LPQ_MESSAGES.answerRequired });
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
      'formData.name': POSITION_LPQ_MESSAGES.nameRequired,
      'formData.email': POSITION_LPQ_MESSAGES.emailRequired,
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
    expect(noAnswer.json().errors).toEqual({ 'firmAnswers.fit-1': POSITION_LPQ_MESSAGES.answerRequired });
    expect(await status(requestId)).toBe('accepted');
  });
});
