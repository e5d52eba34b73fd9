import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { positionLpqs, sharedPackages } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { completeMasterLpqFor, sendRequest, shareRequest } from '../requests/sharing/sharing.test-support';

/** What the attorney wrote in the first firm's position LPQ that no profile or master LPQ field holds. */
const NARRATIVE = {
  significantMatters: 'Led the $400M Acme carve-out.',
  publications: 'Earn-outs in practice, Deal Review 2023.',
  clientOriginationExperience: 'Originated $2M a year through referrals.',
};
const FIRM_A_ANSWER = 'Arden alone has the cross-border desk I need.';

describeEachDb('enter once: a second firm’s position LPQ starts from the first', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  const shareWith = (attorney: { cookie: string }, requestId: string) =>
    shareRequest(t().app, attorney.cookie, requestId);
  const getLpq = async (cookie: string, lpqId: string) => {
    const res = await inject({ method: 'GET', url: `/api/lpqs/${lpqId}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** An attorney with a profile and a complete master LPQ, invited by two firms with the same question ids. */
  async function twoInvitations() {
    const firmA = await buildFirm(t().app, { firmName: 'Arden & Vale LLP' });
    const firmB = await buildFirm(t().app, { firmName: 'Byrne Partners' });
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const profile = await inject({
      method: 'PUT',
      url: '/api/attorney/profile',
      headers: { cookie: attorney.cookie },
      payload: {
        phone: '+1 617 555 0111',
        currentFirm: 'Hale & Stone LLP',
        position: 'partner',
        yearsExperience: 14,
        barAdmissions: 'Massachusetts 2010',
        practiceAreas: ['Corporate', 'Tax'],
      },
    });
    expect(profile.statusCode).toBe(200);
    await completeMasterLpqFor(t().app, attorney.cookie);
    const requestA = await sendRequest(t().app, firmA.cookie, attorney.user.email);
    const requestB = await sendRequest(t().app, firmB.cookie, attorney.user.email);
    return { attorney, requestA, requestB };
  }

  it('carries the first LPQ’s narrative answers, marked, but never the first firm’s answers', async () => {
    const { attorney, requestA, requestB } = await twoInvitations();

    const lpqA = await shareWith(attorney, requestA);
    const first = await getLpq(attorney.cookie, lpqA);
    const submitted = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqA}/complete`,
      headers: { cookie: attorney.cookie },
      payload: {
        formData: { ...first.formData, ...NARRATIVE },
        firmAnswers: { 'fit-1': FIRM_A_ANSWER, 'fit-2': true },
      },
    });
    expect(submitted.statusCode).toBe(200);

    // Firm B asks questions with the same ids as firm A's: still nothing of firm A's answers.
    const lpqB = await shareWith(attorney, requestB);
    const second = await getLpq(attorney.cookie, lpqB);
    expect(second.status).toBe('draft');
    expect(second.formData).toMatchObject({
      ...NARRATIVE,
      name: 'Dana Whitfield',
      phone: '+1 617 555 0111',
      currentFirm: 'Hale & Stone LLP',
      yearsExperience: 14,
      practiceAreas: ['Corporate', 'Tax'],
    });
    expect(second.firmAnswers).toEqual({});
    expect(second.prefilled).toMatchObject({
      significantMatters: 'your previous LPQ',
      publications: 'your previous LPQ',
      name: 'master LPQ',
      phone: 'profile',
    });

    const [row] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqB));
    expect(row.firmAnswers).toEqual({});
    expect(JSON.stringify(row.formData)).not.toContain(FIRM_A_ANSWER);
    // Firm B's frozen package holds none of firm A's answers either.
    const [pkg] = await t().db.select().from(sharedPackages).where(eq(sharedPackages.requestId, requestB));
    expect(JSON.stringify(pkg)).not.toContain(FIRM_A_ANSWER);

    // Firm A's answers are still its own.
    const [rowA] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, lpqA));
    expect(rowA.firmAnswers).toEqual({ 'fit-1': FIRM_A_ANSWER, 'fit-2': true });
  });

  it('an LPQ only prefilled (a draft nobody saved) is not a source; the latest saved one is', async () => {
    const { attorney, requestA, requestB } = await twoInvitations();
    const lpqA = await shareWith(attorney, requestA);
    const lpqB = await shareWith(attorney, requestB);
    expect((await getLpq(attorney.cookie, lpqB)).formData.significantMatters).toBeUndefined();

    const first = await getLpq(attorney.cookie, lpqA);
    await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqA}`,
      headers: { cookie: attorney.cookie },
      payload: { formData: { ...first.formData, significantMatters: 'Older answer' } },
    });
    const second = await getLpq(attorney.cookie, lpqB);
    const saved = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqB}`,
      headers: { cookie: attorney.cookie },
      payload: { formData: { ...second.formData, significantMatters: 'Newest answer' } },
    });
    expect(saved.statusCode).toBe(200);

    const firmC = await buildFirm(t().app, { firmName: 'Cole & Marsh' });
    const requestC = await sendRequest(t().app, firmC.cookie, attorney.user.email);
    const third = await getLpq(attorney.cookie, await shareWith(attorney, requestC));
    expect(third.formData.significantMatters).toBe('Newest answer');
    expect(third.prefilled.significantMatters).toBe('your previous LPQ');
  });

  it('a field the attorney changes is no longer marked; a submitted LPQ has no marks', async () => {
    const { attorney, requestA } = await twoInvitations();
    const lpqA = await shareWith(attorney, requestA);
    const first = await getLpq(attorney.cookie, lpqA);
    expect(first.prefilled).toMatchObject({ phone: 'profile', address: 'master LPQ', email: 'master LPQ' });

    const saved = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqA}`,
      headers: { cookie: attorney.cookie },
      payload: { formData: { ...first.formData, phone: '+1 000 000 0000' } },
    });
    expect(saved.json().prefilled).not.toHaveProperty('phone');
    expect(saved.json().prefilled).toHaveProperty('address', 'master LPQ');

    const done = await inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqA}/complete`,
      headers: { cookie: attorney.cookie },
      payload: { formData: first.formData, firmAnswers: { 'fit-1': 'Fit' } },
    });
    expect(done.statusCode).toBe(200);
    expect((await getLpq(attorney.cookie, lpqA)).prefilled).toEqual({});
  });
});
