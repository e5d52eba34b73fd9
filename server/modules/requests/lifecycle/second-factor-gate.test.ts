import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accessEvents, auditEvents, lpqRequests } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { enrolTotp } from '../../security/security.test-support';
import { addFirmMember } from '../../team/team.factories';
import { sharingControlClient } from '../sharing/sharing-control.test-support';

/**
 * PRODUCT.md §10 with §11 (issue 67, items 3 and 4): a firm that requires a second factor refuses a member
 * without one everything that serves the firm's data — the package and its documents too — and a refused
 * read is no read: nothing of it reaches the attorney's log or the trail.
 */
describeEachDb('the second-factor gate on what serves a firm member data', (t) => {
  const { as, get, post, world } = sharingControlClient(t);

  async function gated() {
    const w = await world();
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], { firstName: 'Remy' });
    const shared = await post(w.attorney, `${w.base}/share`, {
      include: { masterLpq: true },
      certification: { fullName: 'Casey Nguyen' },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    await enrolTotp(t().app, w.firm.cookie);
    const required = await as(w.firm, {
      method: 'PUT',
      url: '/api/firm/settings',
      payload: { requireTwoFactor: true, acceptSelfIdentification: true },
    });
    expect(required.statusCode, required.body).toBe(200);
    const readsBy = async (userId: string) =>
      t()
        .db.select()
        .from(accessEvents)
        .where(and(eq(accessEvents.requestId, w.requestId), eq(accessEvents.firmUserId, userId)));
    const trailReads = async () =>
      (await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, w.requestId))).filter(
        (e) => e.type === 'read' || e.type === 'exported',
      );
    return { ...w, recruiter, readsBy, trailReads };
  }

  it('records none of six refused package reads: not in the access log, not in the trail, not opened', async () => {
    const w = await gated();
    for (let i = 0; i < 6; i++) {
      const res = await get(w.recruiter, w.firmUrl);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('two_factor_required');
    }
    expect(await w.readsBy(w.recruiter.user.id)).toEqual([]);
    const log = (await get(w.attorney, '/api/attorney/access-log')).json();
    expect(log).toEqual([]);
    const [request] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, w.requestId));
    expect(request.firmOpenedAt).toBeNull();
    // The trail's reads are sealed from the access log: sealing now adds none.
    const trail = await get(w.attorney, `${w.base}/audit.csv`);
    expect(trail.statusCode).toBe(200);
    expect(await w.trailReads()).toEqual([]);
    // Once enrolled, the member's read is served and recorded, once.
    await enrolTotp(t().app, w.recruiter.cookie);
    expect((await get(w.recruiter, w.firmUrl)).statusCode).toBe(200);
    expect(await w.readsBy(w.recruiter.user.id)).toHaveLength(1);
  });

  it("refuses the package's documents, downloaded and inline, and records neither", async () => {
    const w = await gated();
    // Before the firm required it, the recruiter could download the document: it is theirs to read.
    expect(w.doc.url).toBe(`/objects/${w.doc.id}`);
    for (const url of [w.doc.url, `${w.doc.url}?inline=1`]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await as(w.recruiter, { method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        if (method === 'GET') expect(res.json().code).toBe('two_factor_required');
      }
    }
    expect(await w.readsBy(w.recruiter.user.id)).toEqual([]);
    await enrolTotp(t().app, w.recruiter.cookie);
    const served = await as(w.recruiter, { method: 'GET', url: w.doc.url });
    expect(served.statusCode, served.body).toBe(200);
    expect(await w.readsBy(w.recruiter.user.id)).toHaveLength(1);
  });
});
