import { AUDIT_WITHHELD } from '@shared/audit-trail';
import { PRECHECK_MESSAGES } from '@shared/conflicts';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  activityEvents,
  auditEvents,
  conflictsPrechecks,
  conflictsRows,
  requestReviewers,
} from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb, type TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { conflictsForm, withheldMatter } from '../master-lpq/master-lpq.fixtures';
import { rowIdOf } from '../requests/conflicts/conflicts-rows.repo';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from './team.factories';

/**
 * PRODUCT.md §13, the pre-check before sharing: only the firm's conflicts members see its rows, with the position
 * alone (no attorney, no matter description, no figure); everyone else at the firm learns nothing new before the
 * share, on every route that could tell them; it is recorded in the request's trail and the attorney's activity,
 * mailed to the conflicts members through the outbox, and withdrawn while pending.
 */
describeEachDb('conflicts: the pre-check before sharing', (t: () => TestApp) => {
  const { as, post, get, world, mails } = sharingControlClient(t);
  const put = (actor: { cookie: string }, url: string, payload: unknown) =>
    as(actor, { method: 'PUT', url, payload: payload as never });
  const del = (actor: { cookie: string }, url: string) => as(actor, { method: 'DELETE', url });

  const acme = {
    id: 'matter-acme',
    clientName: 'Acme Corp',
    matterDescription: 'Supply agreement dispute',
    adverseParties: ['Globex Inc'],
    relatedParties: ['Initech Holdings'],
    role: 'Lead counsel',
    openedOn: '2021-03-01',
    closedOn: null,
    clientMayObject: false,
  };
  const secret = withheldMatter();

  async function pending() {
    const w = await world();
    const conflicts = await addFirmMember(t().app, w.firm.firmId, ['conflicts'], {
      firstName: 'Cole',
      lastName: 'Park',
    });
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], { firstName: 'Remy' });
    const reviewer = await addFirmMember(t().app, w.firm.firmId, ['reviewer'], { firstName: 'Rhea' });
    const admin = await addFirmMember(t().app, w.firm.firmId, ['admin'], { firstName: 'Ada' });
    await t().db.insert(requestReviewers).values({ requestId: w.requestId, userId: reviewer.user.id });
    const form = conflictsForm({ matters: [acme, secret] as never });
    expect((await put(w.attorney, '/api/attorney/conflicts-form', form)).statusCode).toBe(200);
    const precheckUrl = `${w.base}/conflicts-precheck`;
    return { ...w, conflicts, recruiter, reviewer, admin, precheckUrl };
  }

  it('401/403/404/409: signed out, a firm user, another attorney, a shared request, no conflicts form', async () => {
    const w = await pending();
    expect((await t().app.inject({ method: 'POST', url: w.precheckUrl })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'DELETE', url: w.precheckUrl })).statusCode).toBe(401);
    expect((await post(w.conflicts, w.precheckUrl)).statusCode).toBe(403);
    expect((await del(w.firm, w.precheckUrl)).statusCode).toBe(403);
    const other = await buildAttorney(t().app, { firstName: 'Olive', lastName: 'Other' });
    expect((await post(other, w.precheckUrl)).statusCode).toBe(404);
    expect((await del(other, w.precheckUrl)).statusCode).toBe(404);
    expect(
      (await post(w.attorney, '/api/attorney/lpq-requests/not-a-uuid/conflicts-precheck')).statusCode,
    ).toBe(404);
    // Nothing to withdraw yet: 409 with its message, nothing recorded.
    const none = await del(w.attorney, w.precheckUrl);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(PRECHECK_MESSAGES.notSent);

    // An attorney without a conflicts form: 409, nothing sent.
    const bare = await buildAttorney(t().app, { firstName: 'Bea', lastName: 'Bare' });
    const { sendRequest } = await import('../requests/sharing/sharing.test-support');
    const bareRequest = await sendRequest(t().app, w.firm.cookie, bare.user.email);
    const noForm = await post(bare, `/api/attorney/lpq-requests/${bareRequest}/conflicts-precheck`);
    expect(noForm.statusCode).toBe(409);
    expect(noForm.json().message).toBe(PRECHECK_MESSAGES.noForm);
    expect(await mails('conflicts_precheck')).toHaveLength(0);

    // Shared: no pre-check any more (the share's rows are the conflicts team's).
    expect((await post(w.attorney, `${w.base}/share`, {})).statusCode).toBe(200);
    const shared = await post(w.attorney, w.precheckUrl);
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toBe(PRECHECK_MESSAGES.notPending);
    expect((await del(w.attorney, w.precheckUrl)).json().message).toBe(PRECHECK_MESSAGES.notPending);
  });

  it('the conflicts members see the rows with the position alone; answers come back to the attorney', async () => {
    const w = await pending();
    const sent = await post(w.attorney, w.precheckUrl);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ conflictsStatus: 'pending', precheckSentAt: expect.any(String) });
    expect(sent.json().rows.map((r: { partyName: string }) => r.partyName)).toEqual([
      'Acme Corp',
      'Globex Inc',
      'Initech Holdings',
      "Withheld at the client's request — arrange a neutral check",
      'Old Co',
    ]);

    // The queue: the position, nothing else.
    const queue = (await get(w.conflicts, '/api/firm/conflicts')).json();
    expect(queue).toEqual([
      expect.objectContaining({
        requestId: w.requestId,
        attorneyName: null,
        practiceArea: null,
        sharedAt: null,
        version: null,
        precheck: true,
        conflictsStatus: 'pending',
        conflictsWaiting: 5,
      }),
    ]);
    expect((await get(w.conflicts, '/api/firm/conflicts?status=pending')).json()).toHaveLength(1);
    expect((await get(w.conflicts, '/api/firm/conflicts?status=cleared')).json()).toHaveLength(0);

    const view = await get(w.conflicts, `${w.firmUrl}/conflicts`);
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({
      precheck: true,
      attorneyName: null,
      attorneyEmail: null,
      conflictsForm: null,
      employers: [],
      clientNames: [],
      version: null,
    });
    expect(body.rows.every((r: { matterDescription: null }) => r.matterDescription === null)).toBe(true);
    expect(body.rows[1]).toMatchObject({
      partyName: 'Globex Inc',
      partyRole: 'adverse',
      clientName: 'Acme Corp',
    });
    expect(body.rows[3]).toMatchObject({ partyCount: 2, openedOn: '2022-06-01', closedOn: '2023-01-31' });
    const text = JSON.stringify([queue, body]);
    for (const never of [
      'Casey',
      'Nguyen',
      w.attorney.user.email,
      'Supply agreement',
      'Industrial manufacturing',
      '500000',
      'Hush',
      'Quiet Target',
      'Confidential acquisition',
      'Lead counsel',
    ])
      expect(text).not.toContain(never);

    // Mailed through the outbox to the conflicts members only (the registrant holds the role too).
    const mailed = await mails('conflicts_precheck');
    expect(mailed.map((m) => m.to).sort()).toEqual([w.conflicts.user.email, w.firm.user.email].sort());
    for (const m of mailed) {
      expect(`${m.subject}${m.text}${m.html}`).not.toMatch(/Casey|Nguyen|Acme|Globex|Hush/);
      expect(m.text).toContain('5 names to check');
    }

    // An answer with a note; the attorney reads it.
    const rowUrl = `${w.firmUrl}/conflicts/rows/${rowIdOf(w.requestId, 'm:matter-acme:adverse:globex inc')}`;
    const answered = await put(w.conflicts, rowUrl, {
      status: 'waiver_needed',
      noteToAttorney: 'We act for Globex; a waiver from Acme is needed.',
    });
    expect(answered.statusCode).toBe(200);
    const mine = (await get(w.attorney, `${w.base}/conflicts`)).json();
    expect(mine.rows[1]).toMatchObject({
      status: 'waiver_needed',
      noteToAttorney: 'We act for Globex; a waiver from Acme is needed.',
    });

    // Recorded in the request's trail and in the attorney's activity.
    const events = await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, w.requestId));
    expect(events.map((e) => e.type)).toEqual(['sent', 'conflicts_prechecked', 'read', 'conflicts_answered']);
    expect(events[1]!.details).toEqual({ parts: ['conflictsForm'], rows: 5 });
    const activity = await t()
      .db.select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.userId, w.attorney.user.id), eq(activityEvents.kind, 'conflicts_prechecked')),
      );
    expect(activity).toHaveLength(1);
    const attorneyTrail = await get(w.attorney, `${w.base}/audit.csv`);
    expect(attorneyTrail.body).toContain('Conflicts pre-check sent');

    // Shared: the rows the pre-check sent keep their answers.
    expect((await post(w.attorney, `${w.base}/share`, {})).statusCode).toBe(200);
    const after = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
    expect(after.precheck).toBe(false);
    expect(after.rows[1]).toMatchObject({ partyName: 'Globex Inc', status: 'waiver_needed', version: 1 });
    expect(after.rows[0]).toMatchObject({ matterDescription: 'Supply agreement dispute', status: null });
  });

  it('recruiter, reviewer, admin and diversity officer learn nothing new before the share', async () => {
    const w = await pending();
    const others = { recruiter: w.recruiter, reviewer: w.reviewer, admin: w.admin, diversity: w.diversity };
    const routes = [
      '/api/firm/lpq-requests',
      '/api/firm/lpq-requests?conflicts=pending',
      '/api/firm/lpq-requests?conflicts=issues',
      `/api/firm/lpq-requests/${w.requestId}`,
      '/api/firm/dashboard-stats',
      '/api/firm/conflicts',
      `${w.firmUrl}/conflicts`,
      `${w.firmUrl}/audit.csv`,
      `${w.firmUrl}/audit/verify`,
    ];
    const read = async () => {
      const seen: Record<string, string> = {};
      for (const [name, actor] of Object.entries(others))
        for (const route of routes) {
          const res = await get(actor, route);
          expect(res.statusCode, `${name} ${route}`).not.toBe(500);
          // The trail's seal time and the verify's count name nothing; the rest must be byte for byte the same.
          seen[`${name} ${route}`] = `${res.statusCode} ${res.body}`;
        }
      return seen;
    };
    await read();
    const before = await read();
    expect((await post(w.attorney, w.precheckUrl)).statusCode).toBe(200);
    const rowUrl = `${w.firmUrl}/conflicts/rows/${rowIdOf(w.requestId, 'm:matter-acme:client:acme corp')}`;
    expect((await put(w.conflicts, rowUrl, { status: 'cleared' })).statusCode).toBe(200);
    const after = await read();
    for (const key of Object.keys(before)) {
      if (key.endsWith('/audit/verify')) continue; // below: the count says the chain has more events
      if (key.endsWith('/audit.csv') && before[key]!.startsWith('200 ')) {
        // Issue 67: the pre-check's events are rows of their commitment alone, with nothing of what they were
        // (what the count and the signed head already say: the chain has more events). The rest is the same.
        const [status, ...body] = after[key]!.split(' ');
        const lines = body.join(' ').split('\r\n');
        const added = lines.filter((l) => l.includes(`,${AUDIT_WITHHELD.event},`));
        expect(added, key).toHaveLength(2); // sent, answered
        for (const line of added) expect(line, key).not.toMatch(/pre-check|conflicts_|Cole|Acme|Globex/i);
        expect(`${status} ${lines.filter((l) => !added.includes(l)).join('\r\n')}`, key).toBe(before[key]);
        continue;
      }
      expect(after[key], key).toBe(before[key]);
    }
    // None of them may answer a row or read the rows.
    for (const actor of Object.values(others)) {
      expect([403, 404]).toContain((await put(actor, rowUrl, { status: 'cleared' })).statusCode);
      expect([403, 404]).toContain((await get(actor, `${w.firmUrl}/conflicts`)).statusCode);
    }
    // Mails: only the conflicts members got one.
    const mailed = (await mails('conflicts_precheck')).map((m) => m.to);
    for (const actor of Object.values(others)) expect(mailed).not.toContain(actor.user.email);
    // Another firm's conflicts member sees nothing of it.
    const otherFirm = await buildFirm(t().app, { firmName: 'Other & Co' });
    expect((await get(otherFirm, '/api/firm/conflicts')).json()).toEqual([]);
    expect((await get(otherFirm, `${w.firmUrl}/conflicts`)).statusCode).toBe(404);
    expect((await put(otherFirm, rowUrl, { status: 'cleared' })).statusCode).toBe(404);
  });

  it('withdrawn while pending: the names and answers are gone for the conflicts team; sent again, new rows', async () => {
    const w = await pending();
    expect((await post(w.attorney, w.precheckUrl)).statusCode).toBe(200);
    const rowUrl = `${w.firmUrl}/conflicts/rows/${rowIdOf(w.requestId, 'c:former:old co')}`;
    expect((await put(w.conflicts, rowUrl, { status: 'cleared' })).statusCode).toBe(200);
    const withdrawn = await del(w.attorney, w.precheckUrl);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ conflictsStatus: null, precheckSentAt: null, rows: [] });
    expect((await get(w.conflicts, '/api/firm/conflicts')).json()).toEqual([]);
    expect((await get(w.conflicts, `${w.firmUrl}/conflicts`)).statusCode).toBe(404);
    expect((await put(w.conflicts, rowUrl, { status: 'cleared' })).statusCode).toBe(404);
    expect((await mails('conflicts_precheck_withdrawn')).map((m) => m.to).sort()).toEqual(
      [w.conflicts.user.email, w.firm.user.email].sort(),
    );
    const again = await del(w.attorney, w.precheckUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRECHECK_MESSAGES.notSent);
    const types = (await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, w.requestId))).map(
      (e) => e.type,
    );
    expect(types).toEqual([
      'sent',
      'conflicts_prechecked',
      'conflicts_answered',
      'conflicts_precheck_withdrawn',
    ]);

    // Sent again: every row waits for an answer again.
    const resent = await post(w.attorney, w.precheckUrl);
    expect(resent.json().rows.every((r: { status: null }) => r.status === null)).toBe(true);
    expect((await get(w.conflicts, `${w.firmUrl}/conflicts`)).json().conflictsWaiting).toBe(5);
  });

  for (const end of ['declined', 'withdrawn'] as const)
    it(`a request ${end} while pre-checked closes its pre-check: rows and answers gone, recorded, mailed`, async () => {
      const w = await pending();
      expect((await post(w.attorney, w.precheckUrl)).statusCode).toBe(200);
      const rowUrl = `${w.firmUrl}/conflicts/rows/${rowIdOf(w.requestId, 'c:former:old co')}`;
      expect((await put(w.conflicts, rowUrl, { status: 'cleared' })).statusCode).toBe(200);
      const stored = () =>
        t().db.select().from(conflictsRows).where(eq(conflictsRows.requestId, w.requestId));
      expect((await stored()).length).toBeGreaterThan(0);
      const ended =
        end === 'declined'
          ? await post(w.attorney, `${w.base}/decline`, {})
          : await post(w.firm, `${w.firmUrl}/withdraw`);
      expect(ended.statusCode).toBe(200);
      // The names and answers are no longer stored, the pre-check is closed, the team no longer sees it.
      expect(await stored()).toEqual([]);
      const [precheck] = await t()
        .db.select()
        .from(conflictsPrechecks)
        .where(eq(conflictsPrechecks.requestId, w.requestId));
      expect(precheck!.withdrawnAt).not.toBeNull();
      expect((await get(w.conflicts, '/api/firm/conflicts')).json()).toEqual([]);
      expect((await get(w.conflicts, `${w.firmUrl}/conflicts`)).statusCode).toBe(404);
      const events = await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, w.requestId));
      expect(events.at(-1)).toMatchObject({
        type: 'conflicts_precheck_withdrawn',
        details: { parts: ['conflictsForm'], request: end },
      });
      expect((await mails('conflicts_precheck_withdrawn')).map((m) => m.to)).toContain(
        w.conflicts.user.email,
      );
    });
});
