import { describe, expect, it } from 'vitest';
import {
  conflictsFormSchema,
  conflictsFromMasterLpq,
  conflictsRowsOf,
  type MatterInput,
  uniqueMatterIds,
  WITHHELD_MATTER_TEXT,
  withholdMasterLpqClients,
  withholdMatters,
} from './conflicts';

const matter = (over: Partial<MatterInput> = {}): MatterInput => ({
  id: 'm-1',
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

describe('PRODUCT.md §13 rows', () => {
  it('one row per party of each matter, and per client without matters', () => {
    const rows = conflictsRowsOf({
      matters: [matter()],
      currentClients: [
        { clientName: 'Acme Corp' },
        { clientName: 'Umbrella', relationshipStartDate: '2019-01-01' },
      ],
      formerClients: [{ clientName: 'Old Co', relationshipDates: '2012–2018' }],
    });
    expect(rows.map((r) => [r.partyName, r.partyRole, r.clientName, r.current])).toEqual([
      ['Acme Corp', 'client', 'Acme Corp', true],
      ['Globex Inc', 'adverse', 'Acme Corp', true],
      ['Initech LLC', 'related', 'Acme Corp', true],
      ['Umbrella', 'client', 'Umbrella', true],
      ['Old Co', 'client', 'Old Co', false],
    ]);
    expect(rows[3]!.openedOn).toBe('2019-01-01');
  });

  it('keeps each key while the matter id, the name and the role are unchanged; adding a party adds one row', () => {
    const before = conflictsRowsOf({ matters: [matter()] });
    const after = conflictsRowsOf({
      matters: [matter({ adverseParties: ['Globex Inc', 'Hooli'], matterDescription: 'Other words' })],
    });
    expect(after.map((r) => r.key)).toEqual([
      ...before.map((r) => r.key).slice(0, 2),
      after[2]!.key,
      before[2]!.key,
    ]);
    expect(after).toHaveLength(4);
    // A name's case and spacing are not a change; another role is.
    const recased = conflictsRowsOf({ matters: [matter({ adverseParties: ['globex  inc'] })] });
    expect(recased[1]!.key).toBe(before[1]!.key);
    const moved = conflictsRowsOf({
      matters: [matter({ adverseParties: [], relatedParties: ['Globex Inc'] })],
    });
    expect(moved.map((r) => r.key)).not.toContain(before[1]!.key);
  });

  it('a matter the client may object to is ONE row with its dates and number of parties, and no name', () => {
    const form = {
      matters: [matter({ clientMayObject: true, closedOn: '2023-01-31' })],
      currentClients: [{ clientName: 'Acme Corp' }],
    };
    const rows = conflictsRowsOf(form);
    expect(rows).toEqual([
      {
        key: 'm:m-1:withheld',
        partyName: WITHHELD_MATTER_TEXT,
        partyRole: 'client',
        clientName: WITHHELD_MATTER_TEXT,
        matterDescription: null,
        current: false,
        openedOn: '2021-03-01',
        closedOn: '2023-01-31',
        clientMayObject: true,
        partyCount: 3,
      },
    ]);
    const safe = withholdMatters(form);
    const text = JSON.stringify(safe);
    for (const name of ['Acme', 'Globex', 'Initech', 'Supply', 'Lead counsel'])
      expect(text).not.toContain(name);
    // Applied twice it changes nothing, and the rows of the withheld form are the same rows.
    expect(withholdMatters(safe)).toEqual(safe);
    expect(conflictsRowsOf(safe)).toEqual(rows);
    const lpq = withholdMasterLpqClients(
      {
        clientsInfo: {
          topClients: [{ clientName: 'Acme Corp', ytdCollections: 5 }, { clientName: 'Other' }],
        },
      },
      form,
    );
    expect(lpq.clientsInfo.topClients).toEqual([
      { clientName: WITHHELD_MATTER_TEXT, ytdCollections: 5 },
      { clientName: 'Other' },
    ]);
  });

  it('a client with another, open matter is still named by that matter', () => {
    const form = {
      matters: [
        matter({ clientMayObject: true }),
        matter({ id: 'm-2', adverseParties: [], relatedParties: [] }),
      ],
      currentClients: [{ clientName: 'Acme Corp' }],
    };
    const safe = withholdMatters(form);
    expect(safe.currentClients).toEqual([{ clientName: 'Acme Corp' }]);
    expect(conflictsRowsOf(form).map((r) => r.partyName)).toEqual([WITHHELD_MATTER_TEXT, 'Acme Corp']);
  });

  it('refuses more than 200 matters and a blank party, and gives a repeated matter id a new one', () => {
    const many = conflictsFormSchema.shape.matters.safeParse(
      Array.from({ length: 201 }, (_, i) => matter({ id: `m-${i}` })),
    );
    expect(many.success).toBe(false);
    expect(many.error?.issues[0]?.message).toBe('At most 200 entries');
    const blank = conflictsFormSchema.shape.matters.safeParse([matter({ adverseParties: [' '] })]);
    expect(blank.error?.issues[0]).toMatchObject({
      message: 'Party name is required',
      path: [0, 'adverseParties', 0],
    });
    const twice = uniqueMatterIds(conflictsFormSchema.shape.matters.parse([matter(), matter()]));
    expect(twice[0]!.id).toBe('m-1');
    expect(twice[1]!.id).not.toBe('m-1');
    const noId = conflictsFormSchema.shape.matters.parse([{ ...matter(), id: undefined, closedOn: '' }]);
    expect(noId[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(noId[0]!.closedOn).toBe('');
    expect(conflictsRowsOf({ matters: noId })[0]!.closedOn).toBeNull();
  });

  it('auto-populate adds a matter per current client, without parties', () => {
    const filled = conflictsFromMasterLpq({
      clientsInfo: { topClients: [{ clientName: 'Acme Corp' }, { clientName: ' ' }, { clientName: 'Beta' }] },
    } as never);
    expect(filled.matters.map((m) => [m.clientName, m.adverseParties, m.relatedParties])).toEqual([
      ['Acme Corp', [], []],
      ['Beta', [], []],
    ]);
  });
});
