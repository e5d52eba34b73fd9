import { describe, expect, it } from 'vitest';
import { SAMPLE_PACKAGE } from '../server/modules/requests/lifecycle/requests.factories';
import { ledgerFinancialInfo, ledgerTopClients } from './business-case/business-case.fixtures';
import { diffPackages } from './package-changes';
import { type DisplayTable, describePackage } from './package-view';
import type { SharedPackage } from './requests';

/** PRODUCT.md §12's figures in the package, 'What changed' and (through describePackage) the PDF. */
const withLedger = (n: number, edit: (lpq: Record<string, unknown>) => void = () => {}): SharedPackage => {
  const master = structuredClone(SAMPLE_PACKAGE.masterLpq) as Record<string, unknown>;
  master.financialInfo = { ...(master.financialInfo as object), ...ledgerFinancialInfo() };
  master.clientsInfo = {
    ...(master.clientsInfo as object),
    topClients: ledgerTopClients(),
    potentialBusiness: [{ description: 'Renewables work at Cobalt', projected: 250_000 }],
  };
  edit(master);
  return {
    version: n,
    certification: null,
    versions: [],
    sharedAt: `2027-03-0${n}T12:00:00.000Z`,
    attorney: {
      id: '9a8b7c6d-1e2f-4a3b-8c9d-0e1f2a3b4c5d',
      firstName: 'Casey',
      lastName: 'Nguyen',
      email: 'c@x.com',
    },
    ...SAMPLE_PACKAGE,
    masterLpq: master,
    documents: [],
    positionLpq: null,
  };
};

describe('the attorney’s figures in the package', () => {
  const view = describePackage(withLedger(1), { firmName: 'Arden & Vale' });
  const groups = view.sections.find((s) => s.key === 'masterLpq')?.groups ?? [];
  const group = (title: string) => groups.find((g) => g.title === title);
  const all = JSON.stringify(groups);

  it('shows labels, never keys or enum codes; money as $1,250,000 and percentages as 92%', () => {
    expect(all).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(all).not.toMatch(/\b(collected_over|engagement_in|d30to60|over90|yearOneTotal|hourly|likely)\b/);
    expect(group('Realization')?.rows).toEqual([
      { label: 'Realization Basis at the Current Firm', value: 'Collected over billed' },
      { label: 'Reported Realization', value: '95%' },
    ]);
    expect(group('Compensation Ask')?.rows).toEqual([
      { label: 'Year-One Compensation Ask', value: '$600,000' },
      { label: 'Guarantee (months)', value: '12' },
      { label: 'Compensation Ask Notes', value: 'Guarantee for the first year' },
    ]);
  });

  it('the financial table gains the year to date as a fourth column, and the worked value and non-billable hours', () => {
    const table = group('Financial History')?.table as DisplayTable;
    expect(table.columns).toEqual([
      '',
      'Current Year',
      'Last Year',
      'Year Before',
      'Year to Date (through Sep 30, 2026)',
    ]);
    expect(table.rows.find((r) => r[0] === 'Collections')).toEqual([
      'Collections',
      '$1,210,000',
      '$1,350,000',
      '$1,000,000',
      '$900,000',
    ]);
    expect(table.rows.find((r) => r[0] === 'Worked Value')).toEqual([
      'Worked Value',
      '—',
      '—',
      '$1,280,000',
      '—',
    ]);
    expect(table.rows.find((r) => r[0] === 'Non-billable Hours')).toEqual([
      'Non-billable Hours',
      '—',
      '250',
      '300',
      '—',
    ]);
  });

  it('the compensation history, the team, the clients’ credit, receivables and evidence, and potential business', () => {
    expect(group('Compensation History')?.table?.rows[0]).toEqual([
      'Total Compensation',
      '$575,000',
      '$550,000',
      '—',
    ]);
    const team = group('Team Who Would Follow')?.table as DisplayTable;
    expect(team.columns).toEqual(['Role', 'Class Year', 'Billable Hours', 'Rate', 'Likelihood of Following']);
    expect(team.rows[0]).toEqual(['Associate', '2019', '1,900', '$550', 'Likely']);
    const clients = group('Top Clients')?.table as DisplayTable;
    const acme = clients.rows[0];
    const at = (column: string) => acme[clients.columns.indexOf(column)];
    expect(at('Credit')).toBe('Origination credit');
    expect(at('Credit Share')).toBe('100%');
    expect(at('Fee Arrangement')).toBe('Hourly');
    expect(at('Work in Progress')).toBe('$60,000');
    expect(at('A/R Over 90 Days')).toBe('$35,000');
    expect(at('Portability Evidence')).toBe('I originated the client; The engagement letter is in my name');
    expect(group('Potential Business (not counted as portable)')?.table?.rows).toEqual([
      ['Renewables work at Cobalt', '$250,000'],
    ]);
  });

  it('What changed words a new figure with its label', () => {
    const after = withLedger(2, (lpq) => {
      const fin = lpq.financialInfo as Record<string, Record<string, unknown>>;
      fin.compensationAsk = { ...fin.compensationAsk, yearOneTotal: 650_000 };
      const clients = (lpq.clientsInfo as { topClients: Record<string, unknown>[] }).topClients;
      clients[3].portabilityEvidence = ['client_indicated'];
    });
    const changes = diffPackages(withLedger(1), after, { firmName: 'Arden & Vale' });
    expect(changes).toContainEqual(
      expect.objectContaining({ label: 'Year-One Compensation Ask', before: '$600,000', after: '$650,000' }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        label: 'Delta Freight · Portability Evidence',
        before: null,
        after: 'The client has said it would follow',
      }),
    );
  });
});
