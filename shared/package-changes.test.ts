import { describe, expect, it } from 'vitest';
import { SAMPLE_PACKAGE } from '../server/modules/requests/lifecycle/requests.factories';
import { diffPackages } from './package-changes';
import type { SharedPackage } from './requests';

const version = (n: number, masterLpq: Record<string, unknown>): SharedPackage => ({
  version: n,
  certification: null,
  versions: [],
  sharedAt: `2027-03-0${n}T12:00:00.000Z`,
  attorney: {
    id: '9a8b7c6d-1e2f-4a3b-8c9d-0e1f2a3b4c5d',
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: 'c@example.com',
  },
  ...SAMPLE_PACKAGE,
  masterLpq,
  documents: [],
  positionLpq: null,
});

describe('diffPackages', () => {
  const master = SAMPLE_PACKAGE.masterLpq;
  const options = { firmName: 'Arden & Vale' };

  it('words a table row added in the later version as one line of its filled cells', () => {
    const clients = master.clientsInfo.topClients;
    const before = version(1, master);
    const after = version(2, {
      ...master,
      clientsInfo: {
        ...master.clientsInfo,
        topClients: [...clients, { clientName: 'Birch Capital', ytdCollections: 150000 }],
      },
    });
    expect(diffPackages(before, after, options)).toEqual([
      {
        section: 'Master LPQ',
        field: 'Top Clients',
        label: 'Birch Capital',
        before: null,
        after: 'YTD Collections: $150,000',
      },
    ]);
    expect(diffPackages(before, before, options)).toEqual([]);
  });

  it('one line per changed figure, named by its row and column, never a whole row or a leading colon', () => {
    const before = version(1, master);
    const after = version(2, {
      ...master,
      financialInfo: {
        ...master.financialInfo,
        currentYear: { ...master.financialInfo.currentYear, billableHours: 1720 },
      },
      clientsInfo: {
        ...master.clientsInfo,
        topClients: master.clientsInfo.topClients.map((c, i) =>
          i === 0 ? { ...c, ytdCollections: 910000 } : c,
        ),
      },
    });
    const changes = diffPackages(before, after, options);
    const first = master.clientsInfo.topClients[0];
    expect(changes).toEqual([
      {
        section: 'Master LPQ',
        field: 'Financial History',
        label: 'Billable Hours · Current Year',
        before: '1,800',
        after: '1,720',
      },
      {
        section: 'Master LPQ',
        field: 'Top Clients',
        label: `${first.clientName} · YTD Collections`,
        before: expect.stringMatching(/^\$/),
        after: '$910,000',
      },
    ]);
    for (const c of changes) {
      expect(c.before?.startsWith(':')).toBe(false);
      expect(c.after?.startsWith(':')).toBe(false);
    }
  });

  it('a figure first given in a later version is added, one emptied is removed', () => {
    const before = version(1, master);
    const after = version(2, {
      ...master,
      financialInfo: {
        ...master.financialInfo,
        currentYear: { ...master.financialInfo.currentYear, workingAttorneyTime: 640 },
        yearBefore: { ...master.financialInfo.yearBefore, rate: undefined },
      },
    });
    expect(diffPackages(before, after, options)).toEqual([
      expect.objectContaining({
        label: 'Working Attorney Time · Current Year',
        before: null,
        after: '640 hours',
      }),
      expect.objectContaining({ label: 'Rate · Year Before', before: '$1,250', after: null }),
    ]);
  });
});
