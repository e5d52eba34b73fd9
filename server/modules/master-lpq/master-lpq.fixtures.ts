import { ledgerFinancialInfo, ledgerTopClients } from '@shared/business-case/business-case.fixtures';
import type { BusinessPlanInput } from '@shared/business-plan';
import type { ConflictsFormInput } from '@shared/conflicts';
import type { DiversityFormInput } from '@shared/diversity';
import { DISCLOSURE_FLAGS, type MasterLpqInput } from '@shared/master-lpq';

/** Every disclosure answered: No to all but the non-compete, which is explained. */
export function answeredDisclosures(): NonNullable<MasterLpqInput['disclosures']> {
  const answers: Record<string, boolean | string> = {};
  for (const [flag] of DISCLOSURE_FLAGS) answers[flag] = false;
  return { ...answers, nonCompete: true, nonCompeteExplanation: 'Six-month non-solicit' };
}

/** A master LPQ with every section filled, as Save Template sends it. */
export function completeMasterLpq(overrides: Partial<MasterLpqInput> = {}): MasterLpqInput {
  return {
    generalInfo: {
      name: 'Dana Whitfield',
      address: '1 Main Street, Boston, MA',
      email: 'dana@example.com',
      phone: '+1 617 555 0100',
      barAdmissions: 'Massachusetts\nNew York',
    },
    currentEmployment: {
      employerName: 'Hale & Stone LLP',
      startDate: '2015-09-01',
      currentPosition: 'Partner',
      reasonForDeparture: 'Platform for growth',
    },
    priorEmployment: [
      {
        employerName: 'Brook Partners',
        startDate: '2010-09-01',
        departureDate: '2015-08-31',
        reasonForDeparture: 'Partnership offer',
      },
    ],
    financialInfo: {
      employeeType: 'K1',
      employeeTypeExplanation: 'Equity partner',
      compensationExpectations: '$1.2M base',
      currentYear: { rate: 950, effectiveRate: 900, billableHours: 1800, collections: 2100000 },
      lastYear: { rate: 900, billableHours: 1900, collections: 2400000, workingAttorneyTime: 0.6 },
      yearBefore: { rate: 850, collections: 2000000 },
      billingRate: 950,
    },
    clientsInfo: {
      topClients: [
        {
          clientName: 'Acme Corp',
          isOriginator: true,
          ytdCollections: 500000,
          lastYearCollections: 800000,
          yearBeforeCollections: 700000,
          minimumProjected: 400000,
          reasonableProjected: 600000,
          optimisticProjected: 900000,
          portabilityLikelihood: 80,
        },
      ],
      isKeyRelationshipManager: 'Yes, for all listed clients',
      shareOriginationCredit: 'Shared 50/50 on Acme',
      portedClientsHistory: 'Ported two clients in 2015',
      portabilityDependencies: 'None',
      specialFeeArrangements: 'Capped fees for Acme',
    },
    practiceRequirements: {
      supportNeeded: 'Two associates and a paralegal',
      marketingBudget: '$50,000 a year',
      clientGuidelines: false,
    },
    disclosures: answeredDisclosures(),
    resumeUrl: '/objects/00000000-0000-4000-8000-000000000001',
    isComplete: true,
    ...overrides,
  };
}

export function conflictsForm(overrides: Partial<ConflictsFormInput> = {}): ConflictsFormInput {
  return {
    attorneyName: 'Dana Whitfield',
    date: '2024-05-01',
    firmName: 'Hale & Stone LLP',
    currentClients: [
      {
        clientName: 'Acme Corp',
        businessDescription: 'Industrial manufacturing',
        relationshipStartDate: '2016-01-15',
        typesOfWork: 'M&A',
        annualBillings: '500000',
        keyContacts: 'J. Doe, GC',
      },
    ],
    formerClients: [
      {
        clientName: 'Old Co',
        businessDescription: 'Retail',
        relationshipDates: '2012–2018',
        typesOfWork: 'Litigation',
        reasonForEnding: 'Matter closed',
      },
    ],
    personalRelationships: { familyConnections: 'None', boardPositions: 'Museum board' },
    potentialConflicts: 'None known',
    additionalInformation: '',
    certificationAgreement: true,
    ...overrides,
  };
}

/** What an invited attorney registers with (besides address, password and token): Dana Whitfield, a senior partner. */
export function invitedAttorneyFields() {
  return {
    firstName: 'Dana',
    lastName: 'Whitfield',
    phone: '+1 617 555 0100',
    currentFirm: 'Hale & Stone LLP',
    position: 'senior_partner',
    yearsExperience: 15,
    barAdmissions: 'Massachusetts\nNew York',
    practiceAreas: ['Corporate', 'M&A'],
  };
}

/** A closed matter the attorney marks 'client may object' (PRODUCT.md §13): its names are withheld from the firm. */
export function withheldMatter() {
  return {
    id: 'matter-secret',
    clientName: 'Hush Ventures',
    matterDescription: 'Confidential acquisition',
    adverseParties: ['Quiet Target LLC'],
    relatedParties: [] as string[],
    role: '',
    openedOn: '2022-06-01',
    closedOn: '2023-01-31',
    clientMayObject: true,
  };
}

export function diversityForm(overrides: Partial<DiversityFormInput> = {}): DiversityFormInput {
  return {
    date: '2024-05-01',
    gender: 'non-binary',
    raceEthnicity: 'hispanic-latino',
    isMENA: false,
    lgbtqia: 'yes',
    veteranStatus: 'veteran-active',
    veteranBranch: 'Navy',
    veteranRank: 'Lieutenant',
    veteranYearsOfService: 6,
    veteranDischargeDate: '2009-06-30',
    disability: 'yes',
    needsAccommodations: true,
    accommodationDetails: 'Standing desk',
    authorizationAgreement: true,
    ...overrides,
  };
}

export function businessPlan(): BusinessPlanInput {
  const t = (s: string) => `${s} text`;
  return {
    executiveSummary: {
      businessName: 'Whitfield Practice',
      businessDescription: t('description'),
      mission: t('mission'),
      keySuccessFactors: t('factors'),
      financialSummary: t('summary'),
    },
    marketAnalysis: {
      industryOverview: t('overview'),
      targetMarket: t('market'),
      marketSize: t('size'),
      competitiveAnalysis: t('competition'),
      marketTrends: t('trends'),
    },
    legalServices: {
      practiceAreas: [
        { area: 'M&A', description: t('area'), targetClients: 'Mid-market', pricingStrategy: 'Blended' },
      ],
      serviceDelivery: t('delivery'),
      qualityAssurance: t('qa'),
    },
    businessDevelopment: {
      clientAcquisition: t('acquisition'),
      marketingStrategy: t('marketing'),
      networkingPlan: t('networking'),
      referralStrategy: t('referral'),
      digitalPresence: t('digital'),
    },
    operationsPlan: {
      firmStructure: 'llc',
      staffingPlan: t('staffing'),
      technologyNeeds: t('tech'),
      officeRequirements: t('office'),
      workflows: t('workflows'),
    },
    financialProjections: {
      startupCosts: t('startup'),
      revenueProjections: t('revenue'),
      expenseForecasts: t('expenses'),
      cashFlow: t('cash'),
      breakEvenAnalysis: t('break-even'),
    },
    riskAssessment: {
      businessRisks: t('business'),
      legalRisks: t('legal'),
      financialRisks: t('financial'),
      mitigationStrategies: t('mitigation'),
      contingencyPlans: t('contingency'),
    },
    implementation: {
      milestones: [{ milestone: 'Launch', timeline: 'Q1', description: t('launch') }],
      keyPerformanceIndicators: t('kpi'),
      reviewSchedule: 'Quarterly',
    },
  };
}

/** The template with PRODUCT.md §12's figures: three years, the year to date, the ask, a team, four clients. */
export function ledgerMasterLpq(): MasterLpqInput {
  const base = completeMasterLpq();
  return completeMasterLpq({
    financialInfo: { ...base.financialInfo, ...ledgerFinancialInfo() },
    clientsInfo: {
      ...base.clientsInfo,
      topClients: ledgerTopClients(),
      potentialBusiness: [{ description: 'Renewables practice at Cobalt', projected: 250_000 }],
    },
  });
}
