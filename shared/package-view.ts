import { BUSINESS_PLAN_FIELDS, BUSINESS_PLAN_STEPS, FIRM_STRUCTURE_LABELS } from './business-plan';
import { bestOf, candidateFacts, portableBook } from './candidate-facts';
import { formatDate, formatNumber, formatOption, formatText, linesOf } from './format';
import {
  DISCLOSURE_FLAGS,
  DISCLOSURE_TEXT_FIELDS,
  explanationKey,
  FINANCIAL_PERIOD_FIELDS,
} from './master-lpq';
import {
  CLIENT_RELATIONSHIP_FIELDS,
  COMPENSATION_ASK_FIELDS,
  COMPENSATION_FIELDS,
  CONFLICTS_BASIC_FIELDS,
  CONFLICTS_CERTIFICATION_FIELDS,
  CONFLICTS_DISCLOSURE_FIELDS,
  CURRENT_CLIENT_FIELDS,
  CURRENT_EMPLOYMENT_FIELDS,
  DIVERSITY_FIELDS,
  FINANCIAL_NOTE_FIELDS,
  type FieldSpec,
  FORMER_CLIENT_FIELDS,
  GENERAL_INFO_FIELDS,
  MILESTONE_FIELDS,
  PERSONAL_RELATIONSHIP_FIELDS,
  BUSINESS_PLAN_PRACTICE_AREA_FIELDS as PLAN_AREA_FIELDS,
  POSITION_LPQ_GROUPS,
  POTENTIAL_BUSINESS_FIELDS,
  PRACTICE_REQUIREMENT_FIELDS,
  PRIOR_EMPLOYMENT_FIELDS,
  PROFILE_GROUPS,
  REALIZATION_FIELDS,
  TEAM_FIELDS,
} from './package-labels';
import {
  answerText,
  compensationHistoryTable,
  disclosureRows,
  documentLink,
  financialTable,
  type Group,
  group,
  isShown,
  type Json,
  linksTo,
  listOf,
  type Row,
  recordOf,
  rowsOf,
  tableOf,
  topClientsTable,
} from './package-view-parts';
import { answerOf, FIRM_POSITION_LPQ_STATUS_LABELS } from './position-lpq';
import {
  DIVERSITY_NOTICE,
  type FirmSpecificQuestions,
  PACKAGE_SECTIONS,
  type SharedPackage,
} from './requests';

export type { DisplayTable, DisplayValue, DocumentLink } from './package-labels';
export type { Group, Row } from './package-view-parts';
export { documentLink } from './package-view-parts';
export type SectionKey =
  | 'profile'
  | 'masterLpq'
  | 'positionLpq'
  | 'conflicts'
  | 'diversity'
  | 'businessPlan'
  | 'documents';
export type Section = {
  key: SectionKey;
  /** The heading (PDF, contents). */
  title: string;
  /** The tab's short label. */
  tab: string;
  notice?: string;
  groups: Group[];
  /** Shown when there is nothing in the section. */
  empty: string;
};
export type PackageView = {
  attorneyName: string;
  firmName: string;
  sharedOn: string;
  version: number;
  /** 'Confidential — shared with FIRM on DATE, version N': the PDF's running header. */
  confidentiality: string;
  summary: Row[];
  sections: Section[];
};

export type DescribeOptions = { firmName: string; firmSpecificQuestions?: FirmSpecificQuestions | null };

/** What a conflicts-only reader's summary holds: the name and the conflicts counts (PRODUCT.md §9). */
function conflictsSummaryRow(pkg: SharedPackage): Row {
  const conflicts = pkg.conflictsForm ? recordOf(pkg.conflictsForm) : null;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return {
    label: 'Conflicts',
    value: conflicts
      ? `${count(listOf(conflicts.currentClients).length, 'current client')}, ${count(listOf(conflicts.formerClients).length, 'former client')}`
      : 'Not shared',
  };
}

/**
 * The answers to the firm's own questions, question by question, for the summary (PRODUCT.md §4: the hiring
 * partner reads the summary first; the Position LPQ tab has them too). Undefined when the request asked none.
 */
function firmAnswersTable(pkg: SharedPackage, questions: FirmSpecificQuestions | null | undefined) {
  const rows = (questions?.sections ?? []).flatMap((section) =>
    section.questions.map((q) => [q.text, answerText(q, answerOf(pkg.positionLpq?.firmAnswers, q.id))]),
  );
  return rows.length ? { kind: 'table' as const, columns: ['Question', 'Answer'], rows } : undefined;
}

function summaryOf(pkg: SharedPackage, attorneyName: string, options: DescribeOptions): Row[] {
  // A reader without the hiring parts (the conflicts department) gets only what their parts hold.
  if (pkg.masterLpq === undefined) {
    const rows: Row[] = [{ label: 'Name', value: attorneyName }];
    if (pkg.conflictsForm !== undefined) rows.push(conflictsSummaryRow(pkg));
    return rows;
  }
  const profile = recordOf(pkg.profile);
  const lpq = recordOf(pkg.masterLpq);
  const financial = recordOf(lpq.financialInfo);
  const clients = listOf(recordOf(lpq.clientsInfo).topClients);
  const disclosures = recordOf(lpq.disclosures);
  const rows: Row[] = [{ label: 'Name', value: attorneyName }];
  // Issue 67: the master LPQ (the certified record) first, the profile for what it does not hold.
  const facts = candidateFacts({ profile, masterLpq: lpq });
  const firm = formatText(bestOf(facts.currentFirm), '');
  const title = formatText(bestOf(facts.title), '');
  rows.push({ label: 'Current Firm and Title', value: [firm, title].filter(Boolean).join(' · ') });
  rows.push({ label: 'Practice', value: linesOf(bestOf(facts.practiceAreas)).join(', ') });
  rows.push({ label: 'Bar Admissions', value: linesOf(bestOf(facts.barAdmissions)) });
  const years = formatNumber(bestOf(facts.yearsExperience), '');
  rows.push({
    label: 'Years of Experience',
    value: years ? `${years} ${years === '1' ? 'year' : 'years'}` : '',
  });
  rows.push({
    label: 'Rate, Hours and Collections',
    value:
      financialTable(
        financial,
        FINANCIAL_PERIOD_FIELDS.filter(([f]) => ['rate', 'billableHours', 'collections'].includes(f)),
      ) ?? '',
  });
  const book = portableBook(lpq);
  if (book) rows.push({ label: 'Portable Book', value: book });
  rows.push({ label: 'Top Clients', value: topClientsTable(clients, true) ?? '' });
  const yes = DISCLOSURE_FLAGS.filter(([flag]) => disclosures[flag] === true).map(([flag, q]) => {
    const why = formatText(disclosures[explanationKey(flag)], '');
    return why ? `${q} — ${why}` : q;
  });
  rows.push({ label: 'Disclosures Answered Yes', value: yes.length ? yes : 'None' });
  if (pkg.conflictsForm !== undefined) rows.push(conflictsSummaryRow(pkg));
  const documents = pkg.documents ?? [];
  rows.push({
    label: 'Documents',
    value: documents.length ? documents.map(documentLink) : 'None shared',
  });
  const answers = firmAnswersTable(pkg, options.firmSpecificQuestions);
  if (answers) rows.push({ label: PACKAGE_SECTIONS.firmQuestions, value: answers });
  return rows.filter((r) => isShown(r.value));
}

function masterLpqGroups(lpq: Json): Group[] {
  const general = recordOf(lpq.generalInfo);
  const financial = recordOf(lpq.financialInfo);
  const clientsInfo = recordOf(lpq.clientsInfo);
  const disclosures = recordOf(lpq.disclosures);
  return [
    ...group('General Information', rowsOf(general, GENERAL_INFO_FIELDS)),
    ...group('Current Employment', rowsOf(recordOf(lpq.currentEmployment), CURRENT_EMPLOYMENT_FIELDS)),
    ...group('Prior Employment', [], tableOf(listOf(lpq.priorEmployment), PRIOR_EMPLOYMENT_FIELDS)),
    ...group('Compensation', rowsOf(financial, COMPENSATION_FIELDS)),
    ...group(
      'Financial History',
      rowsOf(financial, FINANCIAL_NOTE_FIELDS),
      financialTable(financial, FINANCIAL_PERIOD_FIELDS),
    ),
    // PRODUCT.md §12: the attorney's figures, each only when given.
    ...group('Realization', rowsOf(financial, REALIZATION_FIELDS)),
    ...group('Compensation History', [], compensationHistoryTable(financial)),
    ...group('Compensation Ask', rowsOf(recordOf(financial.compensationAsk), COMPENSATION_ASK_FIELDS)),
    ...group('Team Who Would Follow', [], tableOf(listOf(financial.team), TEAM_FIELDS)),
    ...group('Top Clients', [], topClientsTable(listOf(clientsInfo.topClients), false)),
    ...group(
      'Potential Business (not counted as portable)',
      [],
      tableOf(listOf(clientsInfo.potentialBusiness), POTENTIAL_BUSINESS_FIELDS),
    ),
    ...group('Client Relationships', rowsOf(clientsInfo, CLIENT_RELATIONSHIP_FIELDS)),
    ...group(
      'Practice Requirements',
      rowsOf(recordOf(lpq.practiceRequirements), PRACTICE_REQUIREMENT_FIELDS),
    ),
    ...group('Disclosures', disclosureRows(disclosures)),
    ...group('Additional Information', rowsOf(disclosures, DISCLOSURE_TEXT_FIELDS)),
  ];
}

function positionLpqGroups(pkg: SharedPackage, questions: FirmSpecificQuestions | null | undefined): Group[] {
  const lpq = pkg.positionLpq;
  const formData = recordOf(lpq?.formData);
  const status = lpq ? formatOption(lpq.status, FIRM_POSITION_LPQ_STATUS_LABELS, '') : '';
  const groups: Group[] = group(undefined, status ? [{ label: 'Status', value: status }] : []);
  for (const { title, fields } of POSITION_LPQ_GROUPS) {
    const rows = rowsOf(formData, fields);
    if (title === 'References & Documents') {
      const links = linksTo(Array.isArray(formData.documents) ? formData.documents : [], pkg.documents ?? []);
      if (links.length) rows.push({ label: 'Documents', value: links });
    }
    groups.push(...group(title, rows));
  }
  for (const section of questions?.sections ?? []) {
    const rows = section.questions.map((q) => ({
      label: q.text,
      value: answerText(q, answerOf(lpq?.firmAnswers, q.id)),
    }));
    groups.push(...group(`${PACKAGE_SECTIONS.firmQuestions}: ${section.title}`, rows));
  }
  return groups;
}

/** The conflicts form in groups: the package's Conflicts tab, and the conflicts view (PRODUCT.md §9). */
export function conflictsGroups(form: Json): Group[] {
  return [
    ...group('Basic Information', rowsOf(form, CONFLICTS_BASIC_FIELDS)),
    ...group('Current Clients', [], tableOf(listOf(form.currentClients), CURRENT_CLIENT_FIELDS)),
    ...group('Former Clients', [], tableOf(listOf(form.formerClients), FORMER_CLIENT_FIELDS)),
    ...group(
      'Personal Relationships & Interests',
      rowsOf(recordOf(form.personalRelationships), PERSONAL_RELATIONSHIP_FIELDS),
    ),
    ...group('Additional Disclosures', rowsOf(form, CONFLICTS_DISCLOSURE_FIELDS)),
    ...group('Certification', rowsOf(form, CONFLICTS_CERTIFICATION_FIELDS)),
  ];
}

function businessPlanGroups(plan: Json): Group[] {
  return BUSINESS_PLAN_STEPS.flatMap(([key, title]) => {
    const part = recordOf(plan[key]);
    const fields: FieldSpec[] = BUSINESS_PLAN_FIELDS[key].map(([field, label]) => [field, label]);
    if (key === 'operationsPlan')
      fields.unshift(['firmStructure', 'Firm Structure', (v) => formatOption(v, FIRM_STRUCTURE_LABELS, '')]);
    const table =
      key === 'legalServices'
        ? tableOf(listOf(part.practiceAreas), PLAN_AREA_FIELDS)
        : key === 'implementation'
          ? tableOf(listOf(part.milestones), MILESTONE_FIELDS)
          : undefined;
    return group(title, rowsOf(part, fields), table);
  });
}

/** The package part each section shows. */
const SECTION_PARTS: Record<SectionKey, keyof SharedPackage> = {
  profile: 'profile',
  masterLpq: 'masterLpq',
  positionLpq: 'positionLpq',
  conflicts: 'conflictsForm',
  diversity: 'diversityForm',
  businessPlan: 'businessPlan',
  documents: 'documents',
};

/** The package as the review screen and the PDF show it. */
export function describePackage(pkg: SharedPackage, options: DescribeOptions): PackageView {
  const attorneyName = `${pkg.attorney.firstName} ${pkg.attorney.lastName}`.trim();
  const stated = (pkg as { version?: unknown }).version;
  const version = typeof stated === 'number' ? stated : 1;
  const sharedOn = formatDate(pkg.sharedAt);
  const profile: Json = {
    ...recordOf(pkg.profile),
    firstName: pkg.attorney.firstName,
    lastName: pkg.attorney.lastName,
    email: pkg.attorney.email,
  };
  const profileGroups = PROFILE_GROUPS.flatMap(({ title, fields }) => group(title, rowsOf(profile, fields)));
  const resume = linksTo([profile.resumeUrl], pkg.documents ?? []);
  profileGroups.push(
    ...group('Resume & Documents', resume.length ? [{ label: 'Resume', value: resume }] : []),
  );
  const sections: Section[] = [
    {
      key: 'profile',
      title: PACKAGE_SECTIONS.profile,
      tab: 'Profile',
      groups: profileGroups,
      empty: 'No profile was shared.',
    },
    {
      key: 'masterLpq',
      title: PACKAGE_SECTIONS.masterLpq,
      tab: 'Master LPQ',
      groups: masterLpqGroups(recordOf(pkg.masterLpq)),
      empty: 'No Master LPQ was shared.',
    },
    {
      key: 'positionLpq',
      title: PACKAGE_SECTIONS.positionLpq,
      tab: 'Position LPQ',
      groups: positionLpqGroups(pkg, options.firmSpecificQuestions),
      empty: 'No position LPQ yet.',
    },
    {
      key: 'conflicts',
      title: PACKAGE_SECTIONS.conflictsForm,
      tab: 'Conflicts',
      groups: pkg.conflictsForm ? conflictsGroups(pkg.conflictsForm) : [],
      empty: 'No conflicts form was shared.',
    },
    {
      key: 'diversity',
      title: PACKAGE_SECTIONS.diversityForm,
      tab: 'Diversity',
      notice: DIVERSITY_NOTICE,
      groups: group(undefined, rowsOf(recordOf(pkg.diversityForm), DIVERSITY_FIELDS)),
      empty: 'The attorney did not share the voluntary diversity form.',
    },
    {
      key: 'businessPlan',
      title: PACKAGE_SECTIONS.businessPlan,
      tab: 'Business Plan',
      groups: pkg.businessPlan ? businessPlanGroups(pkg.businessPlan) : [],
      empty: 'No business plan was shared.',
    },
    {
      key: 'documents',
      title: PACKAGE_SECTIONS.documents,
      tab: 'Documents',
      groups: group(
        undefined,
        pkg.documents?.length ? [{ label: 'Documents', value: pkg.documents.map(documentLink) }] : [],
      ),
      empty: 'No documents were shared.',
    },
  ];
  return {
    attorneyName,
    firmName: options.firmName,
    sharedOn,
    version,
    confidentiality: `Confidential — shared with ${options.firmName} on ${sharedOn}, version ${version}`,
    summary: summaryOf(pkg, attorneyName, options),
    // PRODUCT.md §9: a part the reader's roles do not reach is absent from the package: no tab, no section.
    sections: sections.filter((s) => pkg[SECTION_PARTS[s.key]] !== undefined),
  };
}
