import { describe, expect, it } from 'vitest';
import { SAMPLE_PACKAGE } from '../server/modules/requests/requests.factories';
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
  it('words a table row added in the later version by its filled cells only', () => {
    const master = SAMPLE_PACKAGE.masterLpq;
    const clients = master.clientsInfo.topClients;
    const before = version(1, master);
    const after = version(2, {
      ...master,
      clientsInfo: {
        ...master.clientsInfo,
        topClients: [...clients, { clientName: 'Birch Capital', ytdCollections: 150000 }],
      },
    });
    expect(diffPackages(before, after, { firmName: 'Arden & Vale' })).toEqual([
      {
        section: 'Master LPQ',
        field: `Top Clients ${clients.length + 1}`,
        label: `Top Clients ${clients.length + 1}`,
        before: null,
        after: 'Client Name: Birch Capital · YTD Collections: $150,000',
      },
    ]);
    expect(diffPackages(before, before, { firmName: 'Arden & Vale' })).toEqual([]);
  });
});
