import { POSITION_LABELS } from './attorney';
import {
  DISABILITY_LABELS,
  DIVERSITY_GENDER_LABELS,
  LGBTQIA_LABELS,
  RACE_ETHNICITY_LABELS,
  VETERAN_STATUS_LABELS,
} from './diversity';
import {
  formatDate,
  formatHours,
  formatMoney,
  formatNumber,
  formatOption,
  formatPercent,
  formatText,
  formatYesNo,
  linesOf,
} from './format';
import {
  CREDIT_TYPE_LABELS,
  EMPLOYEE_TYPE_LABELS,
  FEE_ARRANGEMENT_LABELS,
  PORTABILITY_EVIDENCE_LABELS,
  REALIZATION_BASIS_LABELS,
  TEAM_LIKELIHOOD_LABELS,
  TEAM_ROLE_LABELS,
} from './master-lpq';

/**
 * The labels of every form a firm reads in a shared package, verbatim from the forms the attorney fills
 * in (spec §2.9–2.15, §3), each with how its value is shown. The review screen and the PDF both read
 * these through describePackage: one label map for both.
 */

/** A display value: text, a list of lines, or a small table. */
export type DisplayTable = { kind: 'table'; columns: string[]; rows: string[][] };
export type DocumentLink = {
  kind: 'document';
  name: string;
  href: string;
  /** 'PDF', 'Word'… */
  type: string;
  /** '245 KB'. */
  size: string;
  /** A PDF opens in the browser; other types download. */
  opensInBrowser: boolean;
};
export type DisplayValue = string | string[] | DisplayTable | DocumentLink[];

export type Formatter = (value: unknown) => DisplayValue;
/** [field, label, formatter]; text when no formatter is given. */
export type FieldSpec = readonly [string, string, Formatter?];

const text: Formatter = (v) => formatText(v, '');
const money: Formatter = (v) => formatMoney(v, '');
const date: Formatter = (v) => (typeof v === 'string' || v instanceof Date ? formatDate(v, '') : '');
const num: Formatter = (v) => formatNumber(v, '');
const hours: Formatter = (v) => formatHours(v, '');
const plain: Formatter = (v) => formatText(v, '');
const yesNo: Formatter = (v) => formatYesNo(v, '');
const lines: Formatter = (v) => linesOf(v);
const option =
  (labels: Record<string, string>): Formatter =>
  (v) =>
    formatOption(v, labels, '');

export const FORMAT = { text, money, date, num, hours, plain, yesNo, lines, option, percent: formatPercent };

/** The attorney's account and profile (spec 2.9, the attorney profile page's sections). */
export const PROFILE_GROUPS: { title: string; fields: FieldSpec[] }[] = [
  {
    title: 'Personal Information',
    fields: [
      ['firstName', 'First Name'],
      ['lastName', 'Last Name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
    ],
  },
  {
    title: 'Professional Experience',
    fields: [
      ['currentFirm', 'Current Firm'],
      ['position', 'Position', option(POSITION_LABELS)],
      ['yearsExperience', 'Years of Experience', num],
      ['lawSchool', 'Law School'],
      ['graduationYear', 'Graduation Year', plain],
      ['barAdmissions', 'Bar Admissions', lines],
    ],
  },
  { title: 'Practice Areas & Specializations', fields: [['practiceAreas', 'Practice Areas', lines]] },
];

/** Master LPQ step 1 and 2 (spec 2.12). */
export const GENERAL_INFO_FIELDS: FieldSpec[] = [
  ['name', 'Full Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['barAdmissions', 'Bar Admissions', lines],
  ['personalSummary', 'Professional Summary'],
];
export const CURRENT_EMPLOYMENT_FIELDS: FieldSpec[] = [
  ['employerName', 'Current Employer'],
  ['currentPosition', 'Current Position'],
  ['startDate', 'Start Date', date],
  ['reasonForDeparture', 'Reason for Departure'],
];
export const PRIOR_EMPLOYMENT_FIELDS: FieldSpec[] = [
  ['employerName', 'Employer Name'],
  ['startDate', 'Start Date', date],
  ['departureDate', 'Departure Date', date],
  ['reasonForDeparture', 'Reason for Departure'],
];

/** Master LPQ step 3: Compensation, then the Financial History table and its notes. */
export const COMPENSATION_FIELDS: FieldSpec[] = [
  ['employeeType', 'Employee Type', option(EMPLOYEE_TYPE_LABELS)],
  ['currentCompensation', 'Current Compensation', money],
  ['expectedCompensation', 'Expected Compensation', money],
  ['billingRate', 'Billing Rate', money],
  ['annualBillableHours', 'Annual Billable Hours', num],
  ['employeeTypeExplanation', 'Employee Type Explanation'],
  ['compensationExpectations', 'Compensation Expectations'],
];
/**
 * How each figure of the financial table reads: dollars, or hours (with the unit where the name lacks it:
 * Working Attorney Time, issue 67 — the form's field says ' hours' from FINANCIAL_FIELD_UNITS too).
 */
export const FINANCIAL_FIELD_FORMAT: Record<string, Formatter> = {
  rate: money,
  effectiveRate: money,
  billableHours: num,
  collections: money,
  billedDollars: money,
  portableOriginations: money,
  workingAttorneyTime: hours,
  nonBillableHours: num,
  workedValue: money,
};
export const FINANCIAL_NOTE_FIELDS: FieldSpec[] = [
  ['businessDevelopment', 'Business Development'],
  ['collectionsHistory', 'Collections History'],
];

/** PRODUCT.md §12 on step 3: the year to date, realization, the compensation history and ask, the team. */
export const YTD_THROUGH_LABEL = 'Year to Date Through';
export const YTD_COLUMN_LABEL = 'Year to Date';
export const REALIZATION_FIELDS: FieldSpec[] = [
  ['realizationBasis', 'Realization Basis at the Current Firm', option(REALIZATION_BASIS_LABELS)],
  ['reportedRealization', 'Reported Realization', (v) => formatPercent(v, '')],
];
export const COMPENSATION_YEAR_FIELDS = [
  ['total', 'Total Compensation'],
  ['fixed', 'Fixed'],
  ['variable', 'Variable'],
] as const;
export const COMPENSATION_ASK_FIELDS: FieldSpec[] = [
  ['yearOneTotal', 'Year-One Compensation Ask', money],
  ['guaranteeMonths', 'Guarantee (months)', num],
  ['notes', 'Compensation Ask Notes'],
];
export const TEAM_FIELDS: FieldSpec[] = [
  ['role', 'Role', option(TEAM_ROLE_LABELS)],
  ['classYear', 'Class Year', plain],
  ['billableHours', 'Billable Hours', num],
  ['rate', 'Rate', money],
  ['likelihood', 'Likelihood of Following', option(TEAM_LIKELIHOOD_LABELS)],
];
export const POTENTIAL_BUSINESS_FIELDS: FieldSpec[] = [
  ['description', 'Potential Business'],
  ['projected', 'Projected', money],
];
const evidenceList: Formatter = (v) =>
  Array.isArray(v)
    ? v
        .map((e) => PORTABILITY_EVIDENCE_LABELS[e as keyof typeof PORTABILITY_EVIDENCE_LABELS] ?? String(e))
        .join('; ')
    : '';
/** §12 on step 4: each top client's credit, fee arrangement, receivables by age and evidence. */
export const CLIENT_LEDGER_FIELDS: FieldSpec[] = [
  ['creditType', 'Credit', option(CREDIT_TYPE_LABELS)],
  ['creditShare', 'Credit Share', (v) => formatPercent(v, '')],
  ['feeArrangement', 'Fee Arrangement', option(FEE_ARRANGEMENT_LABELS)],
  ['practiceArea', 'Practice Area'],
  ['wip', 'Work in Progress', money],
  ['portabilityEvidence', 'Portability Evidence', evidenceList],
];
/** The receivables of a client, by age: 'A/R Over 90 Days'. */
export const RECEIVABLE_FIELDS = [
  ['current', 'A/R Current'],
  ['d30to60', 'A/R 30–60 Days'],
  ['d60to90', 'A/R 60–90 Days'],
  ['over90', 'A/R Over 90 Days'],
] as const;

/** Master LPQ step 4: each top client's amounts (the form's labels) and its other answers. */
export const CLIENT_AMOUNT_FIELDS = [
  ['ytdCollections', 'YTD Collections'],
  ['lastYearCollections', 'Last Year Collections'],
  ['yearBeforeCollections', 'Year Before Collections'],
  ['minimumProjected', 'Minimum Projected'],
  ['reasonableProjected', 'Reasonable Projected'],
  ['optimisticProjected', 'Optimistic Projected'],
] as const;
export const TOP_CLIENT_LABELS = {
  clientName: 'Client Name',
  isOriginator: 'Originator',
  portabilityLikelihood: 'Portability Likelihood',
  creditType: 'Credit',
  creditShare: 'Credit Share',
  feeArrangement: 'Fee Arrangement',
  practiceArea: 'Practice Area',
  wip: 'Work in Progress',
  portabilityEvidence: 'Portability Evidence',
} as const;
export const CLIENT_RELATIONSHIP_FIELDS: FieldSpec[] = [
  ['isKeyRelationshipManager', 'Are you the key relationship manager for these clients?'],
  ['shareOriginationCredit', 'Do you share origination credit? With whom?'],
  ['portedClientsHistory', 'Have you ported clients before?'],
  ['portabilityDependencies', 'What does the portability of your clients depend on?'],
  ['specialFeeArrangements', 'Special fee arrangements'],
  ['clientPortability', 'Client Portability'],
  ['clientConcentration', 'Client Concentration'],
  ['averageEngagementValue', 'Average Engagement Value', money],
  ['clientRelationships', 'Client Relationships'],
];

/** Master LPQ step 5. The guidelines flag is followed by its explanation. */
export const PRACTICE_REQUIREMENT_FIELDS: FieldSpec[] = [
  ['supportNeeded', 'Support Requirements'],
  ['marketingBudget', 'Marketing Budget Requirements', money],
  ['intellectualProperty', 'Intellectual Property'],
  ['specializedResources', 'Specialized Resources'],
  ['clientGuidelines', 'My clients have outside counsel guidelines the firm must follow', yesNo],
  ['clientGuidelinesExplanation', 'Client Guidelines Explanation'],
  ['supportStaff', 'Support Staff'],
  ['officeSpace', 'Office Space'],
  ['technology', 'Technology'],
  ['locationPreferences', 'Location Preferences'],
  ['startDate', 'Preferred Start Date', date],
];

/** The position LPQ's four steps (spec 2.11) with the LPQ page's labels. */
export const POSITION_LPQ_GROUPS: { title: string; fields: FieldSpec[] }[] = [
  {
    title: 'General Information',
    fields: [
      ['name', 'Full Name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
      ['address', 'Address'],
      ['barAdmissions', 'Bar Admissions', lines],
    ],
  },
  {
    title: 'Professional Experience',
    fields: [
      ['currentFirm', 'Current Firm'],
      ['position', 'Position', option(POSITION_LABELS)],
      ['yearsExperience', 'Years of Experience', num],
      ['practiceAreas', 'Practice Areas', lines],
      ['significantMatters', 'Significant Matters'],
      ['publications', 'Publications'],
    ],
  },
  {
    title: 'Business Development',
    fields: [
      ['clientOriginationExperience', 'Client Origination Experience'],
      ['portableBusiness', 'Portable Business'],
      ['clientRelationships', 'Client Relationships'],
    ],
  },
  { title: 'References & Documents', fields: [['references', 'References']] },
];

/** Conflicts of Interest form (spec 2.13), section by section. */
export const CONFLICTS_BASIC_FIELDS: FieldSpec[] = [
  ['attorneyName', 'Attorney Name'],
  ['date', 'Date', date],
  ['firmName', 'Firm Name'],
];
export const CURRENT_CLIENT_FIELDS: FieldSpec[] = [
  ['clientName', 'Client Name'],
  ['businessDescription', 'Business Description'],
  ['relationshipStartDate', 'Relationship Start Date', date],
  ['typesOfWork', 'Types of Work'],
  ['annualBillings', 'Annual Billings', money],
  ['keyContacts', 'Key Contacts'],
];
export const FORMER_CLIENT_FIELDS: FieldSpec[] = [
  ['clientName', 'Client Name'],
  ['businessDescription', 'Business Description'],
  ['relationshipDates', 'Relationship Dates'],
  ['typesOfWork', 'Types of Work'],
  ['reasonForEnding', 'Reason for Ending'],
];
/** PRODUCT.md §13: one matter of the conflicts form, with the form's labels. */
export const MATTER_FIELDS: FieldSpec[] = [
  ['clientName', 'Client Name'],
  ['role', 'Your Role'],
  ['openedOn', 'Opened', date],
  ['closedOn', 'Closed (empty if open)', date],
  ['matterDescription', 'Matter Description (generic)'],
  ['adverseParties', 'Adverse Parties', lines],
  ['relatedParties', 'Related Parties', lines],
  [
    'clientMayObject',
    'The client may object to disclosure: send this matter without names, for a neutral check',
    yesNo,
  ],
];
export const PERSONAL_RELATIONSHIP_FIELDS: FieldSpec[] = [
  ['familyConnections', 'Family Connections'],
  ['boardPositions', 'Board Positions'],
  ['investmentInterests', 'Investment Interests'],
  ['otherProfessionalRelationships', 'Other Professional Relationships'],
];
export const CONFLICTS_DISCLOSURE_FIELDS: FieldSpec[] = [
  ['potentialConflicts', 'Potential Conflicts'],
  ['additionalInformation', 'Additional Information'],
];
export const CONFLICTS_CERTIFICATION_FIELDS: FieldSpec[] = [
  [
    'certificationAgreement',
    'I certify that the information in this form is complete and accurate to the best of my knowledge.',
    yesNo,
  ],
];

/** Diversity Self-Identification form (spec 2.14), in the form's order. */
export const DIVERSITY_FIELDS: FieldSpec[] = [
  ['date', 'Date', date],
  ['gender', 'Gender', option(DIVERSITY_GENDER_LABELS)],
  ['raceEthnicity', 'Race/Ethnicity', option(RACE_ETHNICITY_LABELS)],
  ['isMENA', 'I identify as Middle Eastern or North African (MENA)', yesNo],
  ['lgbtqia', 'Do you identify as LGBTQIA+?', option(LGBTQIA_LABELS)],
  ['veteranStatus', 'Veteran Status', option(VETERAN_STATUS_LABELS)],
  ['veteranBranch', 'Branch of Service'],
  ['veteranRank', 'Rank'],
  ['veteranYearsOfService', 'Years of Service', num],
  ['veteranDischargeDate', 'Discharge Date', date],
  ['disability', 'Disability Status', option(DISABILITY_LABELS)],
  ['needsAccommodations', 'I would like to request a workplace accommodation', yesNo],
  ['accommodationDetails', 'Accommodation Details'],
  [
    'authorizationAgreement',
    'I authorize sharing this voluntary information with the firms I share my LPQ with, for diversity reporting only.',
    yesNo,
  ],
];

/** Business plan (spec 2.15): the repeatable blocks' labels; the steps' text fields are BUSINESS_PLAN_FIELDS. */
export const BUSINESS_PLAN_PRACTICE_AREA_FIELDS: FieldSpec[] = [
  ['area', 'Practice Area'],
  ['description', 'Description'],
  ['targetClients', 'Target Clients'],
  ['pricingStrategy', 'Pricing Strategy'],
];
export const MILESTONE_FIELDS: FieldSpec[] = [
  ['milestone', 'Milestone'],
  ['timeline', 'Timeline'],
  ['description', 'Description'],
];
