import { CONFLICTS_EXPORT_COLUMNS, WITHHELD_MATTER_TEXT } from '@shared/conflicts';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { accessEvents } from '../../db/schema';
import { describeEachDb, type TestApp } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { conflictsForm, withheldMatter } from '../master-lpq/master-lpq.fixtures';
import { rowIdOf } from '../requests/conflicts/conflicts-rows.repo';
import { sendRequest } from '../requests/sharing/sharing.test-support';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from './team.factories';

/**
 * PRODUCT.md §13, the export for the firm's conflicts system: …/conflicts.csv and .xlsx of one request and the
 * firm-wide /api/firm/conflicts.csv of every request with rows awaiting an answer. §13's columns, UTF-8 with a
 * BOM, RFC 4180 quoting (read back by csv-parse), formula-leading cells neutralised, the workbook read back by
 * ExcelJS, one access event per export; a withheld matter's names in none of them.
 */
describeEachDb('conflicts: exports for the firm’s conflicts system', (t: () => TestApp) => {
  const { as, post, get, world } = sharingControlClient(t);
  const put = (actor: { cookie: string }, url: string, payload: unknown) =>
    as(actor, { method: 'PUT', url, payload: payload as never });

  const tricky = {
    id: 'matter-tricky',
    clientName: 'Acme, "Corp"',
    matterDescription: 'Supply agreement,\nsecond line',
    adverseParties: ['=HYPERLINK("http://evil.example")', '+1 Holdings', '-Minus LLC', '@SUM Partners'],
    relatedParties: ['Zoë Müller GmbH'],
    role: 'Lead counsel',
    openedOn: '2021-03-01',
    closedOn: null,
    clientMayObject: false,
  };
  const secret = withheldMatter();

  async function shared() {
    const w = await world();
    const conflicts = await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cole' });
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], { firstName: 'Remy' });
    const form = conflictsForm({ matters: [tricky, secret] as never });
    expect((await put(w.attorney, '/api/attorney/conflicts-form', form)).statusCode).toBe(200);
    expect((await post(w.attorney, `${w.base}/share`, {})).statusCode).toBe(200);
    return { ...w, conflicts, recruiter };
  }
  const exports = (actor: { cookie: string }, id: string) =>
    Promise.all([
      get(actor, `/api/firm/lpq-requests/${id}/conflicts.csv`),
      get(actor, `/api/firm/lpq-requests/${id}/conflicts.xlsx`),
    ]);

  it('401 signed out, 403 a recruiter or an attorney, 404 another firm’s request or a malformed id', async () => {
    const w = await shared();
    for (const url of [
      `${w.firmUrl}/conflicts.csv`,
      `${w.firmUrl}/conflicts.xlsx`,
      '/api/firm/conflicts.csv',
    ]) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(w.recruiter, url)).statusCode).toBe(403);
      expect((await get(w.diversity, url)).statusCode).toBe(403);
      expect((await get(w.attorney, url)).statusCode).toBe(403);
    }
    const other = await buildFirm(t().app, { firmName: 'Other & Co' });
    for (const res of await exports(other, w.requestId)) expect(res.statusCode).toBe(404);
    for (const res of await exports(w.conflicts, 'not-a-uuid')) expect(res.statusCode).toBe(404);
    // Another firm's firm-wide export is its own: nothing of this request.
    const theirs = await get(other, '/api/firm/conflicts.csv');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(w.requestId);
    // Nothing was recorded for any refused export.
    expect(
      await t()
        .db.select()
        .from(accessEvents)
        .where(and(eq(accessEvents.requestId, w.requestId), eq(accessEvents.kind, 'conflicts_export'))),
    ).toHaveLength(0);
  });

  it('the CSV: BOM, §13 columns, RFC 4180 quoting read back by csv-parse, formulas neutralised', async () => {
    const w = await shared();
    const rowUrl = `${w.firmUrl}/conflicts/rows/${rowIdOf(w.requestId, 'm:matter-tricky:related:zoë müller gmbh')}`;
    expect(
      (await put(w.conflicts, rowUrl, { status: 'waiver_needed', noteToAttorney: '=1+1, "quoted"' }))
        .statusCode,
    ).toBe(200);
    const [csv, xlsx] = await exports(w.conflicts, w.requestId);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="conflicts-[0-9a-f]{8}\.csv"$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body).toContain('\r\n');

    const records: string[][] = parse(csv.rawPayload, { bom: true, relax_column_count: false });
    expect(records[0]).toEqual([...CONFLICTS_EXPORT_COLUMNS]);
    const lines = records.slice(1);
    // Client, four adverse parties, one related party, the withheld matter's one row, the former client.
    expect(lines.map((l) => l[3])).toEqual([
      'Acme, "Corp"',
      `'=HYPERLINK("http://evil.example")`,
      "'+1 Holdings",
      "'-Minus LLC",
      "'@SUM Partners",
      'Zoë Müller GmbH',
      WITHHELD_MATTER_TEXT,
      'Acme Corp',
      'Old Co',
    ]);
    const related = lines[5]!;
    expect(related).toEqual([
      w.requestId,
      expect.any(String),
      rowIdOf(w.requestId, 'm:matter-tricky:related:zoë müller gmbh'),
      'Zoë Müller GmbH',
      'Related Party',
      'Acme, "Corp"',
      'Supply agreement,\nsecond line',
      'Current',
      '2021-03-01',
      '',
      'No',
      '1',
      'Waiver needed',
      `'=1+1, "quoted"`,
    ]);
    const withheld = lines[6]!;
    expect(withheld.slice(3, 12)).toEqual([
      WITHHELD_MATTER_TEXT,
      'Client',
      WITHHELD_MATTER_TEXT,
      '',
      'Former',
      '2022-06-01',
      '2023-01-31',
      'Yes',
      '1',
    ]);
    for (const never of ['Hush', 'Quiet Target', 'Confidential acquisition'])
      expect(csv.body).not.toContain(never);

    // The workbook, read back by ExcelJS: the same lines, every cell text.
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.getWorksheet('Conflicts')!;
    const cells: string[][] = [];
    sheet.eachRow((row) => {
      cells.push(
        (row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v))),
      );
    });
    const padded = (l: string[]) => [...l, ...Array(CONFLICTS_EXPORT_COLUMNS.length - l.length).fill('')];
    expect(cells.map(padded)).toEqual(records.map(padded));
    expect(JSON.stringify(cells)).not.toMatch(/Hush|Quiet Target|Confidential acquisition/);

    // One access event per export, each the conflicts form's; the attorney's log names them.
    const events = await t()
      .db.select()
      .from(accessEvents)
      .where(and(eq(accessEvents.requestId, w.requestId), eq(accessEvents.kind, 'conflicts_export')));
    expect(events.map((e) => e.fileName?.split('.').pop()).sort()).toEqual(['csv', 'xlsx']);
    expect(events.every((e) => e.parts?.join() === 'conflictsForm')).toBe(true);
  });

  it('the firm-wide CSV: every request with rows awaiting an answer, pre-checks too; one event per request', async () => {
    const w = await shared();
    // A second attorney's pending request with a pre-check in force.
    const { buildAttorney } = await import('../../test/factories');
    const other = await buildAttorney(t().app, { firstName: 'Olive', lastName: 'Other' });
    await put(
      other,
      '/api/attorney/conflicts-form',
      conflictsForm({
        currentClients: [],
        formerClients: [],
        matters: [
          { ...tricky, id: 'm2', clientName: 'Pre Corp', adverseParties: [], relatedParties: [] },
        ] as never,
      }),
    );
    const pendingId = await sendRequest(t().app, w.firm.cookie, other.user.email);
    expect((await post(other, `/api/attorney/lpq-requests/${pendingId}/conflicts-precheck`)).statusCode).toBe(
      200,
    );

    const all = await get(w.conflicts, '/api/firm/conflicts.csv');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="conflicts-waiting-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines: string[][] = parse(all.rawPayload, { bom: true }).slice(1);
    expect(new Set(lines.map((l) => l[0]))).toEqual(new Set([w.requestId, pendingId]));
    const pre = lines.filter((l) => l[0] === pendingId);
    expect(pre).toEqual([
      [
        pendingId,
        expect.any(String),
        expect.any(String),
        'Pre Corp',
        'Client',
        'Pre Corp',
        '',
        'Current',
        '2021-03-01',
        '',
        'No',
        '',
        '',
        '',
      ],
    ]);
    expect(all.body).not.toMatch(/Olive|Other|Casey|Nguyen|Hush|Quiet Target/);
    for (const id of [w.requestId, pendingId])
      expect(
        await t()
          .db.select()
          .from(accessEvents)
          .where(and(eq(accessEvents.requestId, id), eq(accessEvents.kind, 'conflicts_export'))),
      ).toHaveLength(1);

    // Every row answered: the request leaves the firm-wide export.
    const view = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
    for (const r of view.rows)
      await put(w.conflicts, `${w.firmUrl}/conflicts/rows/${r.rowId}`, { status: 'cleared' });
    const after: string[][] = parse((await get(w.conflicts, '/api/firm/conflicts.csv')).rawPayload, {
      bom: true,
    }).slice(1);
    expect(new Set(after.map((l) => l[0]))).toEqual(new Set([pendingId]));
  });
});
