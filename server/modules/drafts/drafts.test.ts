import { DRAFT_MESSAGES, DRAFT_PATH, positionLpqDraftName } from '@shared/drafts';
import { HTTP_MESSAGES } from '@shared/http';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { formDrafts, users } from '../../db/schema';
import { type Actor, actorCalls, buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { sharedRequestFor } from '../requests/sharing/sharing.test-support';

/** Autosaved drafts (PRODUCT.md §2), stored apart from each form's record. */
describeEachDb('form drafts', (t) => {
  const { as } = actorCalls(t);
  const getDraft = (actor: Pick<Actor, 'cookie'> | null, name: string) =>
    as(actor, { method: 'GET', url: DRAFT_PATH(name) });
  const putDraft = (actor: Pick<Actor, 'cookie'> | null, name: string, payload: unknown) =>
    as(actor, { method: 'PUT', url: DRAFT_PATH(name), payload: payload as never });
  const deleteDraft = (actor: Pick<Actor, 'cookie'> | null, name: string) =>
    as(actor, { method: 'DELETE', url: DRAFT_PATH(name) });

  const sharedLpq = () => sharedRequestFor(t().app);

  it('keeps what was typed, answers it back, and replaces it with the newest save', async () => {
    const attorney = await buildAttorney(t().app);
    expect((await getDraft(attorney, 'master-lpq')).json()).toBeNull();

    const first = await putDraft(attorney, 'master-lpq', { data: { generalInfo: { name: 'Casey Ngu' } } });
    expect(first.statusCode).toBe(200);
    expect(Date.parse(first.json().updatedAt)).not.toBeNaN();
    await putDraft(attorney, 'master-lpq', {
      data: { generalInfo: { name: 'Casey Nguyen', phone: '+1 212' } },
    });

    const read = await getDraft(attorney, 'master-lpq');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ data: { generalInfo: { name: 'Casey Nguyen', phone: '+1 212' } } });
    // A draft never touches the record: the master LPQ still does not exist.
    expect((await as(attorney, { method: 'GET', url: '/api/attorney/master-lpq' })).statusCode).toBe(404);
    // One row per form.
    const rows = await t().db.select().from(formDrafts).where(eq(formDrafts.userId, attorney.user.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps each form and each attorney apart', async () => {
    const a = await buildAttorney(t().app);
    const b = await buildAttorney(t().app);
    await putDraft(a, 'conflicts-form', { data: { clients: ['Acme'] } });
    await putDraft(a, 'business-plan', { data: { executiveSummary: 'Grow' } });
    expect((await getDraft(b, 'conflicts-form')).json()).toBeNull();
    expect((await getDraft(a, 'conflicts-form')).json().data).toEqual({ clients: ['Acme'] });
    expect((await getDraft(a, 'business-plan')).json().data).toEqual({ executiveSummary: 'Grow' });
  });

  it('DELETE removes the draft and is idempotent', async () => {
    const attorney = await buildAttorney(t().app);
    await putDraft(attorney, 'profile', { data: { phone: '1' } });
    expect((await deleteDraft(attorney, 'profile')).statusCode).toBe(204);
    expect((await getDraft(attorney, 'profile')).json()).toBeNull();
    expect((await deleteDraft(attorney, 'profile')).statusCode).toBe(204);
  });

  it('a position LPQ draft is the owning attorney’s only: others get 404, as for an LPQ that does not exist', async () => {
    const { attorney, lpqId } = await sharedLpq();
    const other = await buildAttorney(t().app);
    const name = positionLpqDraftName(lpqId);
    expect((await putDraft(attorney, name, { data: { significantMatters: 'Merger' } })).statusCode).toBe(200);
    expect((await getDraft(attorney, name)).json().data).toEqual({ significantMatters: 'Merger' });
    for (const res of [
      await getDraft(other, name),
      await putDraft(other, name, { data: { x: 1 } }),
      await deleteDraft(other, name),
      await getDraft(attorney, positionLpqDraftName('00000000-0000-4000-8000-000000000000')),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(HTTP_MESSAGES.notFound);
    }
    // The owner's draft is untouched by the other attorney's attempts.
    expect((await getDraft(attorney, name)).json().data).toEqual({ significantMatters: 'Merger' });
  });

  it('an unknown form name is 404', async () => {
    const attorney = await buildAttorney(t().app);
    for (const name of ['settings', 'position-lpq-nope', 'MASTER-LPQ']) {
      expect((await putDraft(attorney, name, { data: {} })).statusCode).toBe(404);
    }
  });

  it('signed out is 401, a firm user is 403, and nothing is stored', async () => {
    const firm = await buildFirm(t().app);
    expect((await getDraft(null, 'master-lpq')).statusCode).toBe(401);
    expect((await putDraft(null, 'master-lpq', { data: { a: 1 } })).statusCode).toBe(401);
    expect((await deleteDraft(null, 'master-lpq')).statusCode).toBe(401);
    expect((await putDraft(firm, 'master-lpq', { data: { a: 1 } })).statusCode).toBe(403);
    expect((await getDraft(firm, 'master-lpq')).statusCode).toBe(403);
    expect(await t().db.select().from(formDrafts)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ userId: firm.user.id })]),
    );
  });

  it('the save looks its session up in its own statement: a stale cookie is 401, a firm 403, before any 404 or 400', async () => {
    const attorney = await buildAttorney(t().app);
    const firm = await buildFirm(t().app);
    const stale = { cookie: 'lp_session=not-a-session-token' };
    for (const name of ['master-lpq', 'no-such-form']) {
      const res = await putDraft(stale, name, { data: { a: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: HTTP_MESSAGES.unauthorized });
      expect((await putDraft(firm, name, { data: { a: 1 } })).statusCode).toBe(403);
    }
    expect((await putDraft(stale, 'master-lpq', { data: 'not an object' })).statusCode).toBe(401);
    // A NUL (which PostgreSQL cannot store) is a 400 for the attorney only: the caller is checked first.
    const nul = { data: { a: 'x\u0000y' } };
    expect((await putDraft(stale, 'master-lpq', nul)).statusCode).toBe(401);
    expect((await putDraft(firm, 'master-lpq', nul)).statusCode).toBe(403);
    const refused = await putDraft(attorney, 'master-lpq', nul);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: HTTP_MESSAGES.nulCharacter,
      errors: { 'data.a': HTTP_MESSAGES.nulCharacter },
    });
    expect((await putDraft(firm, 'master-lpq', { data: { a: 'x'.repeat(300_000) } })).statusCode).toBe(403);
    // The attorney's own session still saves.
    expect((await putDraft(attorney, 'master-lpq', { data: { a: 1 } })).statusCode).toBe(200);
    const rows = await t().db.select().from(formDrafts).where(eq(formDrafts.userId, firm.user.id));
    expect(rows).toEqual([]);
  });

  it('bad input is 400 and changes nothing', async () => {
    const attorney = await buildAttorney(t().app);
    await putDraft(attorney, 'business-plan', { data: { executiveSummary: 'Kept' } });
    for (const payload of [{}, { data: 'text' }, { data: [1, 2] }, { data: null }]) {
      const res = await putDraft(attorney, 'business-plan', payload);
      expect(res.statusCode).toBe(400);
    }
    const tooLarge = await putDraft(attorney, 'business-plan', {
      data: { executiveSummary: 'x'.repeat(300_000) },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      message: DRAFT_MESSAGES.tooLarge,
      errors: { data: DRAFT_MESSAGES.tooLarge },
    });
    // Nested deeper than any form (PostgreSQL's JSON parser refuses a few thousand levels): 400, not 500.
    const deep = `${'['.repeat(3000)}"x"${']'.repeat(3000)}`;
    const tooDeep = await t().app.inject({
      method: 'PUT',
      url: DRAFT_PATH('business-plan'),
      headers: { cookie: attorney.cookie, 'content-type': 'application/json' },
      payload: `{"data":{"executiveSummary":${deep}}}`,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({
      message: DRAFT_MESSAGES.tooDeep,
      errors: { data: DRAFT_MESSAGES.tooDeep },
    });
    expect((await getDraft(attorney, 'business-plan')).json().data).toEqual({ executiveSummary: 'Kept' });
  });

  it('drafts go with the account', async () => {
    const attorney = await buildAttorney(t().app);
    await putDraft(attorney, 'diversity-form', { data: { gender: 'female' } });
    await t().db.delete(users).where(eq(users.id, attorney.user.id));
    expect(await t().db.select().from(formDrafts).where(eq(formDrafts.userId, attorney.user.id))).toEqual([]);
  });
});
