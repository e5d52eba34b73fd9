import { POSITION_LPQ_MESSAGES } from '@shared/position-lpq';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, positionLpqs } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { pdfBytes, putBytes } from '../files/files.test-support';
import { buildFirm } from '../firm/firm.factories';
import { positionLpqClient } from './position-lpq.test-support';

// Submitting, the firm's review, attached documents and who may reach a position LPQ.
describeEachDb('position LPQ', (t) => {
  const { inject, sharedLpq, status } = positionLpqClient(t);

  it('Submit leaves the request as it was, e-mails the firm, puts the submission on the firm’s timeline, and the LPQ is then read-only', async () => {
    const { firm, attorney, requestId, lpqId } = await sharedLpq();
    const before = await status(requestId);
    expect(before).toBe('accepted');
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
      requestStatus: before,
      firmAnswers: { 'fit-1': 'Your platform' },
    });
    // PRODUCT.md §5: Under Review is only the firm's own action.
    expect(await status(requestId)).toBe(before);
    const [lpqRow] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqId));
    expect(lpqRow.submittedAt).toBeInstanceOf(Date);
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
    const timeline = firmView.json().timeline as { event: string; at: string }[];
    expect(timeline.map((e) => e.event)).toEqual(['sent', 'shared', 'submitted']);
    expect(timeline.at(-1)?.at).toBe(lpqRow.submittedAt?.toISOString());
    expect(timeline.map((e) => e.event)).not.toContain('reviewed');

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
      expect(late.json().message).toBe(POSITION_LPQ_MESSAGES.alreadySubmitted);
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
      expect(res.json().message).toBe(POSITION_LPQ_MESSAGES.requestClosed);
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
