import { CONFLICTS_ANSWER_MESSAGES } from '@shared/conflicts';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, conflictsClearances, conflictsRows, lpqRequests } from '../../db/schema';
import { describeEachDb, type TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { conflictsForm } from '../master-lpq/master-lpq.fixtures';
import { rowIdOf } from '../requests/conflicts/conflicts-rows.repo';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from './team.factories';

/**
 * PRODUCT.md §13: answers per row, the derived conflictsStatus, the attorney's view of the answers, an update
 * that re-opens only the rows that changed, and §9's decisions kept.
 */
describeEachDb('conflicts: answers per row', (t: () => TestApp, kind) => {
  const { as, post, get, world } = sharingControlClient(t);
  const put = (actor: { cookie: string }, url: string, payload: unknown) =>
    as(actor, { method: 'PUT', url, payload: payload as never });

  const acme = {
    id: 'matter-acme',
    clientName: 'Acme Corp',
    matterDescription: 'Supply agreement dispute',
    adverseParties: ['Globex Inc'],
    relatedParties: [],
    role: 'Lead counsel',
    openedOn: '2021-03-01',
    closedOn: null,
    clientMayObject: false,
  };

  async function shared() {
    const w = await world();
    const conflicts = await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cole' });
    const second = await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cara' });
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], { firstName: 'Remy' });
    await put(w.attorney, '/api/attorney/conflicts-form', conflictsForm({ matters: [acme] as never }));
    expect((await post(w.attorney, `${w.base}/share`, {})).statusCode).toBe(200);
    const rowUrl = (key: string) => `${w.firmUrl}/conflicts/rows/${rowIdOf(w.requestId, key)}`;
    return { ...w, conflicts, second, recruiter, rowUrl };
  }
  // The rows of the form above: Acme's matter (client, adverse party) and the former client Old Co; Acme Corp
  // as a current client is the matter's client, not a row of its own.
  const CLIENT = 'm:matter-acme:client:acme corp';
  const ADVERSE = 'm:matter-acme:adverse:globex inc';
  const FORMER = 'c:former:old co';

  it('answers each row; the status is pending until all are answered, then issues if one is not cleared', async () => {
    const w = await shared();
    const first = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
    expect(
      first.rows.map((r: { partyName: string; partyRole: string }) => [r.partyName, r.partyRole]),
    ).toEqual([
      ['Acme Corp', 'client'],
      ['Globex Inc', 'adverse'],
      ['Old Co', 'client'],
    ]);
    expect(first).toMatchObject({ conflictsStatus: 'pending', conflictsWaiting: 3 });

    // Bad input: the message, nothing changed; an unknown row is 404; a recruiter 403.
    const bad = await put(w.conflicts, w.rowUrl(CLIENT), { status: 'maybe', noteToAttorney: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe(CONFLICTS_ANSWER_MESSAGES.status);
    const long = await put(w.conflicts, w.rowUrl(CLIENT), {
      status: 'cleared',
      noteToAttorney: 'x'.repeat(2001),
    });
    expect(long.json().errors.noteToAttorney).toBe(CONFLICTS_ANSWER_MESSAGES.noteTooLong);
    expect(
      (await put(w.conflicts, `${w.firmUrl}/conflicts/rows/nope`, { status: 'cleared' })).statusCode,
    ).toBe(404);
    expect((await put(w.recruiter, w.rowUrl(CLIENT), { status: 'cleared' })).statusCode).toBe(403);
    const otherFirm = await buildFirm(t().app, { firmName: 'Other & Co' });
    expect((await put(otherFirm, w.rowUrl(CLIENT), { status: 'cleared' })).statusCode).toBe(404);
    expect((await get(w.conflicts, `${w.firmUrl}/conflicts`)).json().conflictsWaiting).toBe(3);

    // Worked by hand: 2 of 3 answered → pending (1 waiting); all 3 with one waiver → issues; waiver cleared → cleared.
    const a = await put(w.conflicts, w.rowUrl(CLIENT), { status: 'cleared' });
    expect(a.statusCode).toBe(200);
    await put(w.conflicts, w.rowUrl(FORMER), { status: 'cleared', noteToAttorney: '  ' });
    expect((await get(w.conflicts, `${w.firmUrl}/conflicts`)).json()).toMatchObject({
      conflictsStatus: 'pending',
      conflictsWaiting: 1,
    });
    const waiver = await put(w.conflicts, w.rowUrl(ADVERSE), {
      status: 'waiver_needed',
      noteToAttorney: 'We act for Globex in an unrelated matter; a waiver from Acme is needed.',
    });
    expect(waiver.json()).toMatchObject({ conflictsStatus: 'issues', conflictsWaiting: 0 });
    expect(waiver.json().rows[1]).toMatchObject({ status: 'waiver_needed', answeredByName: 'Cole Morgan' });

    const mine = (await get(w.attorney, `${w.base}/conflicts`)).json();
    expect(mine).toEqual({
      conflictsStatus: 'issues',
      precheckSentAt: null,
      rows: [
        {
          rowId: rowIdOf(w.requestId, CLIENT),
          partyName: 'Acme Corp',
          partyRole: 'client',
          clientName: 'Acme Corp',
          status: 'cleared',
          noteToAttorney: null,
        },
        {
          rowId: rowIdOf(w.requestId, ADVERSE),
          partyName: 'Globex Inc',
          partyRole: 'adverse',
          clientName: 'Acme Corp',
          status: 'waiver_needed',
          noteToAttorney: 'We act for Globex in an unrelated matter; a waiver from Acme is needed.',
        },
        {
          rowId: rowIdOf(w.requestId, FORMER),
          partyName: 'Old Co',
          partyRole: 'client',
          clientName: 'Old Co',
          status: 'cleared',
          noteToAttorney: null,
        },
      ],
    });
    await put(w.second, w.rowUrl(ADVERSE), { status: 'cleared', noteToAttorney: 'Waiver received.' });
    expect((await get(w.conflicts, '/api/firm/conflicts?status=cleared')).json()).toEqual([
      expect.objectContaining({ requestId: w.requestId, conflictsStatus: 'cleared', conflictsWaiting: 0 }),
    ]);
    // Every answer is in the request's trail: who, which row, what.
    const trail = await t()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.type, 'conflicts_answered')));
    expect(trail).toHaveLength(4);
    expect(JSON.stringify(trail)).not.toContain('Globex');
  });

  it('an update re-opens only the rows that changed: a new party waits, the others keep their answers', async () => {
    const w = await shared();
    for (const key of [CLIENT, ADVERSE, FORMER]) await put(w.conflicts, w.rowUrl(key), { status: 'cleared' });
    await put(
      w.attorney,
      '/api/attorney/conflicts-form',
      conflictsForm({
        matters: [
          { ...acme, matterDescription: 'Other words', adverseParties: ['Globex Inc', 'Hooli'] },
        ] as never,
      }),
    );
    expect((await post(w.attorney, `${w.base}/update`, {})).statusCode).toBe(200);
    const view = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
    expect(view).toMatchObject({ conflictsStatus: 'pending', conflictsWaiting: 1 });
    expect(
      view.rows.map((r: { partyName: string; status: string | null; version: number }) => [
        r.partyName,
        r.status,
        r.version,
      ]),
    ).toEqual([
      ['Acme Corp', 'cleared', 2],
      ['Globex Inc', 'cleared', 2],
      ['Hooli', null, 2],
      ['Old Co', 'cleared', 2],
    ]);
    // A row the attorney removed is no longer asked about; its answer stays stored.
    await put(
      w.attorney,
      '/api/attorney/conflicts-form',
      conflictsForm({ formerClients: [], matters: [acme] as never }),
    );
    await post(w.attorney, `${w.base}/update`, {});
    const after = (await get(w.attorney, `${w.base}/conflicts`)).json();
    expect(after.rows.map((r: { partyName: string }) => r.partyName)).toEqual(['Acme Corp', 'Globex Inc']);
    expect(after.conflictsStatus).toBe('cleared');
  });

  it('a request decided under §9 keeps its decision: its rows take it when first made', async () => {
    const w = await shared();
    await t().db.delete(conflictsRows).where(eq(conflictsRows.requestId, w.requestId));
    await t().db.insert(conflictsClearances).values({
      requestId: w.requestId,
      version: 1,
      status: 'issues',
      note: 'Internal: check Globex',
      decidedByName: 'Legacy Member',
    });
    await t()
      .db.update(lpqRequests)
      .set({ conflictsStatus: 'issues' })
      .where(eq(lpqRequests.id, w.requestId));
    const view = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
    expect(view.conflictsStatus).toBe('issues');
    expect(
      view.rows.every(
        (r: { status: string; answeredByName: string }) =>
          r.status === 'possible' && r.answeredByName === 'Legacy Member',
      ),
    ).toBe(true);
    expect(view.clearances).toEqual([
      expect.objectContaining({ status: 'issues', note: 'Internal: check Globex' }),
    ]);
    // The firm's own note stays the firm's.
    expect((await get(w.attorney, `${w.base}/conflicts`)).body).not.toContain('Internal');
  });

  it.runIf(kind === 'postgres')(
    'two answers at once leave one answer and both in the trail; an update racing an answer keeps the re-open',
    async () => {
      const w = await shared();
      const [x, y] = await Promise.all([
        put(w.conflicts, w.rowUrl(ADVERSE), { status: 'blocking' }),
        put(w.second, w.rowUrl(ADVERSE), { status: 'cleared' }),
      ]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
      const [row] = await t()
        .db.select()
        .from(conflictsRows)
        .where(
          and(
            eq(conflictsRows.requestId, w.requestId),
            eq(conflictsRows.rowId, rowIdOf(w.requestId, ADVERSE)),
          ),
        );
      expect(['blocking', 'cleared']).toContain(row!.status);
      const trail = await t()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.type, 'conflicts_answered')));
      expect(trail.map((e) => e.details.status).sort()).toEqual(['blocking', 'cleared']);
      // The answers took the request's lock one after the other: the one that stands is the later event's.
      const later = trail.reduce((a, b) => (b.seq > a.seq ? b : a));
      expect(row!.status).toBe(later.details.status);
      expect(row!.answeredByUserId).toBe(later.actorUserId);

      await put(w.conflicts, w.rowUrl(CLIENT), { status: 'cleared' });
      await put(w.conflicts, w.rowUrl(FORMER), { status: 'cleared' });
      await put(
        w.attorney,
        '/api/attorney/conflicts-form',
        conflictsForm({ matters: [{ ...acme, relatedParties: ['Initech'] }] as never }),
      );
      const [update] = await Promise.all([
        post(w.attorney, `${w.base}/update`, {}),
        put(w.second, w.rowUrl(CLIENT), { status: 'possible' }),
      ]);
      expect(update.statusCode).toBe(200);
      const view = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
      expect(view.rows.find((r: { partyName: string }) => r.partyName === 'Initech').status).toBeNull();
      expect(view).toMatchObject({ conflictsStatus: 'pending', conflictsWaiting: 1 });
    },
  );
});
