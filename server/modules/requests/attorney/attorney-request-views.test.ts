import { SHARING_MESSAGES } from '@shared/sharing';
import { expect, it } from 'vitest';
import { buildAttorney } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { completeMasterLpq } from '../../master-lpq/master-lpq.fixtures';
import { sendRequest } from '../sharing/sharing.test-support';
import { sharingControlClient } from '../sharing/sharing-control.test-support';

/**
 * What the attorney reads about a request beyond its card — what changed since the firm's version, the
 * firm's profile, what a pending request's share would send, and the counts and labels from the attorney's
 * point of view.
 */
describeEachDb('attorney request views', (t) => {
  const { post, get, world } = sharingControlClient(t);
  const listItem = async (attorney: { cookie: string }, id: string) =>
    (await get(attorney, '/api/attorney/lpq-requests')).json().find((i: { id: string }) => i.id === id);

  it('after a share, a saved change to the master LPQ is flagged and listed one value a line; Send update clears it', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    expect(await listItem(w.attorney, w.requestId)).toMatchObject({
      masterLpqChangedSinceShare: false,
      lpqStatus: 'draft',
      lpqSubmittedAt: null,
    });
    expect((await get(w.attorney, `${w.base}/changes`)).json()).toEqual([]);

    const lpq = completeMasterLpq();
    const changed = {
      ...lpq,
      financialInfo: {
        ...lpq.financialInfo,
        currentYear: { ...lpq.financialInfo?.currentYear, billableHours: 1720 },
      },
      isComplete: true,
    };
    const saved = await post(w.attorney, '/api/attorney/master-lpq', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listItem(w.attorney, w.requestId)).masterLpqChangedSinceShare).toBe(true);
    const changes = await get(w.attorney, `${w.base}/changes`);
    expect(changes.statusCode).toBe(200);
    expect(changes.json()).toEqual([
      {
        section: 'Master LPQ',
        field: 'Financial History',
        label: 'Billable Hours · Current Year',
        before: expect.any(String),
        after: '1,720',
      },
    ]);

    expect((await post(w.attorney, `${w.base}/update`)).statusCode).toBe(200);
    expect((await listItem(w.attorney, w.requestId)).masterLpqChangedSinceShare).toBe(false);
    expect((await get(w.attorney, `${w.base}/changes`)).json()).toEqual([]);
  });

  it('changes: 409 before sharing, 401, 403, 404 for another attorney', async () => {
    const w = await world();
    const pending = await get(w.attorney, `${w.base}/changes`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(SHARING_MESSAGES.notShared);
    await post(w.attorney, `${w.base}/share`);
    expect((await t().app.inject({ method: 'GET', url: `${w.base}/changes` })).statusCode).toBe(401);
    expect((await get(w.firm, `${w.base}/changes`)).statusCode).toBe(403);
    const other = await buildAttorney(t().app);
    expect((await get(other, `${w.base}/changes`)).statusCode).toBe(404);
    expect((await get(w.attorney, '/api/attorney/lpq-requests/nope/changes')).statusCode).toBe(404);
  });

  it('the firm profile a request comes from, without the account’s own fields; 401, 403, 404', async () => {
    const w = await world({ firmName: 'Arden & Vale' });
    const res = await get(w.attorney, `${w.base}/firm-profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firmName: 'Arden & Vale',
      headquartersAddress: '200 Park Avenue, New York, NY',
      practiceAreas: ['Corporate', 'Litigation'],
      offices: [
        { city: 'New York', state: 'NY', numberOfAttorneys: 90 },
        { city: 'Boston', state: 'MA', numberOfAttorneys: 30 },
      ],
    });
    for (const own of ['userId', 'email', 'createdAt']) expect(res.json()).not.toHaveProperty(own);
    expect((await t().app.inject({ method: 'GET', url: `${w.base}/firm-profile` })).statusCode).toBe(401);
    expect((await get(w.firm, `${w.base}/firm-profile`)).statusCode).toBe(403);
    const other = await buildAttorney(t().app);
    expect((await get(other, `${w.base}/firm-profile`)).statusCode).toBe(404);
  });

  it('the summary: what a share sends by default, and Shared / Under Review as the spec counts them', async () => {
    const w = await world();
    const summary = async () => (await get(w.attorney, '/api/attorney/lpq-requests/summary')).json();
    // The world has a conflicts form, a submitted diversity form and a document, and no business plan.
    expect((await summary()).shareDefaults).toEqual({
      conflictsForm: true,
      businessPlan: false,
      documents: true,
      diversityForm: false,
    });
    // Shared with two firms, one LPQ submitted: both count as Shared, none as Under Review.
    const second = await sendRequest(t().app, (await buildFirm(t().app)).cookie, w.attorney.user.email);
    await post(w.attorney, `${w.base}/share`);
    await post(w.attorney, `/api/attorney/lpq-requests/${second}/share`);
    const lpqId = (await listItem(w.attorney, w.requestId)).lpqId;
    const submitted = await t().app.inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}/complete`,
      headers: { cookie: w.attorney.cookie },
      payload: {
        formData: { name: 'Casey Nguyen', email: w.attorney.user.email },
        firmAnswers: { 'fit-1': 'Yes' },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await summary()).toMatchObject({ pending: 0, shared: 2, underReview: 0, firms: 2 });
    expect(await listItem(w.attorney, w.requestId)).toMatchObject({
      status: 'accepted',
      lpqStatus: 'submitted',
      lpqSubmittedAt: expect.any(String),
    });
    // The firm's own Under Review moves one from Shared to Under Review.
    await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' });
    expect(await summary()).toMatchObject({ shared: 1, underReview: 1 });
  });
});

describeEachDb('one resume', (t) => {
  const { as, post, get, uploadReady, world } = sharingControlClient(t);

  it('a resume uploaded from the profile replaces the one the master LPQ was saved with: the firm gets one', async () => {
    const w = await world();
    const first = await uploadReady(w.attorney, 'Casey Nguyen CV 2026.pdf');
    // The master LPQ's Documents step: its resume is saved with the template and as the profile's.
    await post(w.attorney, '/api/attorney/master-lpq', {
      ...completeMasterLpq({ documents: [w.doc], resumeUrl: first.url }),
      isComplete: true,
    });
    await as(w.attorney, { method: 'PUT', url: '/api/attorney/resume', payload: { resumeURL: first.url } });
    // Later, a new resume from the profile page.
    const second = await uploadReady(w.attorney, 'Casey Nguyen CV 2027.pdf');
    const put = await as(w.attorney, {
      method: 'PUT',
      url: '/api/attorney/resume',
      payload: { resumeURL: second.url },
    });
    expect(put.statusCode).toBe(200);

    expect((await get(w.attorney, '/api/attorney/master-lpq')).json().resumeUrl).toBe(second.url);
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const pkg = (await get(w.firm, w.firmUrl)).json().package;
    expect(pkg.documents.map((d: { name: string }) => d.name).sort()).toEqual([
      'Casey Nguyen CV 2027.pdf',
      'writing-sample.pdf',
    ]);
    expect(pkg.masterLpq.resumeUrl).toBe(second.url);
    expect(pkg.profile.resumeUrl).toBe(second.url);
  });
});
