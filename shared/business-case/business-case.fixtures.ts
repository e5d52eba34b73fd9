import type { MasterLpqInput } from '../master-lpq';

/**
 * One attorney's figures for the tests of PRODUCT.md §12 (the numbers are worked by hand in
 * business-case.test.ts): three years, the year to date, the ask, a team of three and four clients.
 */
export function ledgerFinancialInfo(): NonNullable<MasterLpqInput['financialInfo']> {
  return {
    yearBefore: {
      rate: 800,
      effectiveRate: 700,
      billableHours: 1600,
      billedDollars: 1_200_000,
      collections: 1_000_000,
      workedValue: 1_280_000,
      nonBillableHours: 300,
    },
    lastYear: {
      rate: 900,
      effectiveRate: 800,
      billableHours: 1800,
      billedDollars: 1_500_000,
      collections: 1_350_000,
      nonBillableHours: 250,
    },
    currentYear: {
      rate: 1000,
      effectiveRate: 900,
      billableHours: 1500,
      billedDollars: 1_300_000,
      collections: 1_210_000,
    },
    ytd: { through: '2026-09-30', billableHours: 1200, billedDollars: 1_000_000, collections: 900_000 },
    realizationBasis: 'collected_over_billed',
    reportedRealization: 95,
    compensationHistory: {
      lastYear: { total: 550_000, fixed: 400_000, variable: 150_000 },
      currentYear: { total: 575_000, fixed: 425_000, variable: 150_000 },
    },
    compensationAsk: { yearOneTotal: 600_000, guaranteeMonths: 12, notes: 'Guarantee for the first year' },
    team: [
      { role: 'associate', classYear: 2019, billableHours: 1900, rate: 550, likelihood: 'likely' },
      { role: 'paralegal', billableHours: 1400, rate: 250, likelihood: 'likely' },
      { role: 'associate', classYear: 2022, billableHours: 1800, rate: 450, likelihood: 'possible' },
    ],
  };
}

export function ledgerTopClients(): NonNullable<NonNullable<MasterLpqInput['clientsInfo']>['topClients']> {
  return [
    {
      clientName: 'Acme Corp',
      isOriginator: true,
      lastYearCollections: 400_000,
      reasonableProjected: 500_000,
      creditType: 'origination',
      creditShare: 100,
      feeArrangement: 'hourly',
      practiceArea: 'Tax',
      wip: 60_000,
      receivables: { current: 50_000, d30to60: 20_000, d60to90: 10_000, over90: 35_000 },
      portabilityEvidence: ['originated', 'engagement_in_own_name'],
    },
    {
      clientName: 'Birch Holdings',
      lastYearCollections: 300_000,
      reasonableProjected: 300_000,
      creditType: 'shared',
      creditShare: 50,
      feeArrangement: 'capped',
      receivables: { current: 40_000, over90: 10_000 },
      portabilityEvidence: ['client_indicated'],
    },
    {
      clientName: 'Cobalt Energy',
      lastYearCollections: 200_000,
      reasonableProjected: 200_000,
      creditType: 'responsible',
      feeArrangement: 'retainer',
      portabilityEvidence: ['institutional_panel'],
    },
    {
      clientName: 'Delta Freight',
      lastYearCollections: 100_000,
      reasonableProjected: 100_000,
      creditType: 'working',
      feeArrangement: 'fixed',
    },
  ];
}
