import { CONFLICTS_MESSAGES, WITHHELD_MATTER_TEXT } from '@shared/conflicts';
import { FIELD_MESSAGES } from '@shared/form-fields';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../test/harness';
import { pdfText } from '../files/files.test-support';
import { conflictsForm } from '../master-lpq/master-lpq.fixtures';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from './team.factories';

/** PRODUCT.md §13: matters in the conflicts form; a matter the client may object to leaves by no path by name. */
describeEachDb('conflicts form: matters', (t: () => TestApp) => {
  const { as, post, get, world } = sharingControlClient(t);
  const put = (actor: { cookie: string }, payload: unknown) =>
    as(actor, { method: 'PUT', url: '/api/attorney/conflicts-form', payload: payload as never });

  const matter = (over: Record<string, unknown> = {}) => ({
    id: 'matter-acme',
    clientName: 'Acme Corp',
    matterDescription: 'Supply agreement dispute',
    adverseParties: ['Globex Inc'],
    relatedParties: ['Initech LLC'],
    role: 'Lead counsel',
    openedOn: '2021-03-01',
    closedOn: null,
    clientMayObject: false,
    ...over,
  });

  it('saves matters with their ids, gives one to a matter without, and refuses bad ones, changing nothing', async () => {
    const w = await world();
    const saved = await put(
      w.attorney,
      conflictsForm({ matters: [matter(), { ...matter(), id: undefined }] }),
    );
    expect(saved.statusCode).toBe(200);
    const [first, second] = saved.json().matters;
    expect(first).toMatchObject({ id: 'matter-acme', adverseParties: ['Globex Inc'], closedOn: null });
    expect(second.id).toMatch(/^[0-9a-f-]{36}$/);

    const bad = await put(
      w.attorney,
      conflictsForm({
        matters: [
          { id: 'x y', clientName: ' ', matterDescription: '', adverseParties: [''], openedOn: '2021-02-30' },
        ] as never,
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'matters.0.id': CONFLICTS_MESSAGES.matterId,
      'matters.0.clientName': CONFLICTS_MESSAGES.matterClientName,
      'matters.0.matterDescription': CONFLICTS_MESSAGES.matterDescription,
      'matters.0.adverseParties.0': CONFLICTS_MESSAGES.partyName,
      'matters.0.openedOn': FIELD_MESSAGES.invalidDate,
    });
    const many = await put(
      w.attorney,
      conflictsForm({ matters: Array.from({ length: 201 }, (_, i) => matter({ id: `m-${i}` })) as never }),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.matters).toBe(FIELD_MESSAGES.tooManyItems(200));
    const read = (await get(w.attorney, '/api/attorney/conflicts-form')).json();
    expect(read.matters).toHaveLength(2);
  });

  const beta = () =>
    matter({
      id: 'matter-beta',
      clientName: 'Beta Holdings',
      matterDescription: 'Lease review',
      role: 'Associate',
      adverseParties: ['Wayne Ent'],
      relatedParties: [],
    });

  it('a matter the client may object to leaves as one withheld matter: package, versions, changes, PDF, conflicts view', async () => {
    const w = await world();
    const conflicts = await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cole' });
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], { firstName: 'Remy' });
    await put(
      w.attorney,
      conflictsForm({
        currentClients: [],
        formerClients: [],
        matters: [matter({ clientMayObject: true }), beta()] as never,
      }),
    );
    expect((await post(w.attorney, `${w.base}/share`, {})).statusCode).toBe(200);
    // An update with one more party of the withheld matter: 'What changed' says a withheld count changed, no name.
    await put(
      w.attorney,
      conflictsForm({
        currentClients: [],
        formerClients: [],
        matters: [
          matter({ clientMayObject: true, adverseParties: ['Globex Inc', 'Soylent Co'] }),
          beta(),
        ] as never,
      }),
    );
    expect((await post(w.attorney, `${w.base}/update`, {})).statusCode).toBe(200);

    const secrets = ['Acme Corp', 'Globex', 'Initech', 'Soylent', 'Supply agreement', 'Lead counsel'];
    const bodies: string[] = [];
    for (const reader of [conflicts, recruiter, w.firm]) {
      bodies.push((await get(reader, w.firmUrl)).body);
      bodies.push((await get(reader, `${w.firmUrl}?version=1`)).body);
      bodies.push((await get(reader, `${w.firmUrl}/changes?from=1&to=2`)).body);
      const pdf = await get(reader, `${w.firmUrl}/package.pdf`);
      expect(pdf.statusCode).toBe(200);
      bodies.push(await pdfText(pdf.rawPayload));
    }
    const view = await get(conflicts, `${w.firmUrl}/conflicts`);
    expect(view.statusCode).toBe(200);
    bodies.push(view.body);
    bodies.push((await get(w.attorney, `${w.base}/preview`)).body);
    // The exports for the firm's conflicts system, the trail and every mail the outbox holds (issue 63).
    bodies.push((await get(conflicts, `${w.firmUrl}/conflicts.csv`)).body);
    bodies.push((await get(conflicts, '/api/firm/conflicts.csv')).body);
    const xlsx = await get(conflicts, `${w.firmUrl}/conflicts.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const cells: unknown[] = [];
    book.getWorksheet('Conflicts')!.eachRow((row) => cells.push(row.values));
    bodies.push(JSON.stringify(cells));
    expect(bodies.at(-1)).toContain(WITHHELD_MATTER_TEXT);
    for (const reader of [conflicts, recruiter, w.firm])
      bodies.push((await get(reader, `${w.firmUrl}/audit.csv`)).body);
    for (const mail of await t().outbox()) bodies.push(`${mail.subject}\n${mail.text}\n${mail.html}`);
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);

    const form = view.json().conflictsForm;
    expect(form.matters[0]).toMatchObject({
      id: 'matter-acme',
      clientName: WITHHELD_MATTER_TEXT,
      openedOn: '2021-03-01',
      closedOn: null,
      clientMayObject: true,
      partyCount: 4,
    });
    expect(form.matters[1]).toMatchObject({ clientName: 'Beta Holdings', adverseParties: ['Wayne Ent'] });
    expect(view.json().clientNames).not.toContain('Acme Corp');
    // The attorney's own form keeps every name.
    expect((await get(w.attorney, '/api/attorney/conflicts-form')).body).toContain('Globex Inc');
  });
});
