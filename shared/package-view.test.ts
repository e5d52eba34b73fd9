import { describe, expect, it } from 'vitest';
import { SAMPLE_PACKAGE } from '../server/modules/requests/lifecycle/requests.factories';
import { DISCLOSURE_FLAGS } from './master-lpq';
import { type DisplayValue, describePackage, type PackageView } from './package-view';
import type { FirmSpecificQuestions, SharedPackage } from './requests';

const DOC_ID = '3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11';
const WORD_ID = '5a6b7c8d-1e2f-4a3b-8c9d-0e1f2a3b4c5d';

const samplePackage = (): SharedPackage => ({
  version: 1,
  certification: null,
  versions: [{ version: 1, sharedAt: '2026-01-12T15:30:00.000Z' }],
  sharedAt: '2026-01-12T15:30:00.000Z',
  attorney: {
    id: '9a8b7c6d-1e2f-4a3b-8c9d-0e1f2a3b4c5d',
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: 'casey@example.com',
  },
  ...SAMPLE_PACKAGE,
  profile: { ...SAMPLE_PACKAGE.profile, resumeUrl: `/objects/${DOC_ID}` },
  documents: [
    {
      id: DOC_ID,
      name: 'Resume.pdf',
      contentType: 'application/pdf',
      size: 250880,
      url: `/objects/${DOC_ID}`,
    },
    {
      id: WORD_ID,
      name: 'Writing sample.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: 1_300_000,
      url: `/objects/${WORD_ID}`,
    },
  ],
  positionLpq: {
    status: 'in_progress',
    formData: { name: 'Casey Nguyen', position: 'partner', documents: [`/objects/${WORD_ID}`] },
    firmAnswers: { 'fit-1': 'Your cross-border platform', 'fit-2': true, 'fit-3': '2026-04-01' },
  },
});
const QUESTIONS: FirmSpecificQuestions = {
  sections: [
    {
      title: 'Fit',
      questions: [
        { id: 'fit-1', text: 'Why our firm?', type: 'textarea', required: true },
        { id: 'fit-2', text: 'Open to relocation?', type: 'yesno', required: false },
        { id: 'fit-3', text: 'Earliest start?', type: 'date', required: false },
        { id: 'fit-4', text: 'Team size?', type: 'number', required: false },
      ],
    },
  ],
};

/** Every string a person reads in the view. */
function texts(view: PackageView): string[] {
  const of = (v: DisplayValue): string[] =>
    typeof v === 'string'
      ? [v]
      : Array.isArray(v)
        ? v.flatMap((x) => (typeof x === 'string' ? [x] : [x.name, x.type, x.size]))
        : [...v.columns, ...v.rows.flat()];
  const rows = [...view.summary, ...view.sections.flatMap((s) => s.groups.flatMap((g) => g.rows))];
  return [
    view.confidentiality,
    ...rows.flatMap((r) => [r.label, ...of(r.value), r.detail ?? '']),
    ...view.sections.flatMap((s) => [
      s.title,
      s.tab,
      s.notice ?? '',
      ...s.groups.flatMap((g) => [g.title ?? '', ...(g.table ? of(g.table) : [])]),
    ]),
  ];
}
const row = (view: PackageView, label: string) => view.summary.find((r) => r.label === label)?.value;
const section = (view: PackageView, key: string) => view.sections.find((s) => s.key === key);
const groupRows = (view: PackageView, key: string, title: string) =>
  section(view, key)?.groups.find((g) => g.title === title);

describe('describePackage', () => {
  const view = describePackage(samplePackage(), {
    firmName: 'Whitfield & Cole LLP',
    firmSpecificQuestions: QUESTIONS,
  });

  it('never shows an id, key, ISO timestamp or enum code', () => {
    const all = texts(view).join('\n');
    expect(all).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
    expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(all).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(all).not.toMatch(/\b(userId|createdAt|updatedAt|attorneyId|isComplete|submittedAt)\b/);
    expect(all).not.toMatch(/\/objects\//);
    expect(all).not.toContain('[object Object]');
  });

  it('opens with the summary PRODUCT.md §4 asks for', () => {
    expect(view.summary.map((r) => r.label)).toEqual([
      'Name',
      'Current Firm and Title',
      'Practice',
      'Bar Admissions',
      'Years of Experience',
      'Rate, Hours and Collections',
      'Portable Book',
      'Top Clients',
      'Disclosures Answered Yes',
      'Conflicts',
      'Documents',
      'Firm-Specific Questions',
    ]);
    // The answers to the firm's own questions are in the summary, each as it reads.
    expect(row(view, 'Firm-Specific Questions')).toEqual({
      kind: 'table',
      columns: ['Question', 'Answer'],
      rows: [
        ['Why our firm?', 'Your cross-border platform'],
        ['Open to relocation?', 'Yes'],
        ['Earliest start?', 'Apr 01, 2026'],
        ['Team size?', 'Not answered yet'],
      ],
    });
    // Issue 67: the master LPQ's title (the certified record), not the profile's 'Senior Partner'.
    expect(row(view, 'Current Firm and Title')).toBe('Hale & Porter LLP · Partner');
    expect(row(view, 'Bar Admissions')).toEqual(['New York', 'New Jersey']);
    expect(row(view, 'Years of Experience')).toBe('14 years');
    expect(row(view, 'Rate, Hours and Collections')).toEqual({
      kind: 'table',
      columns: ['', 'Current Year', 'Last Year', 'Year Before'],
      rows: [
        ['Rate', '$1,450', '$1,350', '$1,250'],
        ['Billable Hours', '1,800', '1,950', '2,010'],
        ['Collections', '$2,400,000', '$2,250,000.50', '$1,980,000'],
      ],
    });
    expect(row(view, 'Portable Book')).toBe('$1,850,000 (Current Year portable originations)');
    expect(row(view, 'Top Clients')).toMatchObject({
      columns: [
        'Client Name',
        'Originator',
        'YTD Collections',
        'Last Year Collections',
        'Portability Likelihood',
      ],
      rows: [
        ['Northwind Holdings', 'Yes', '$1,250,000', '$1,100,000', '80%'],
        ['Contoso Pharma', 'No', '$420,000', '$510,000', '40%'],
      ],
    });
    expect(row(view, 'Disclosures Answered Yes')).toEqual([
      'Has a malpractice claim ever been made against you? — A 2019 claim over a closing delay, dismissed in 2020.',
    ]);
    expect(row(view, 'Conflicts')).toBe('1 current client, 0 former clients');
    expect(row(view, 'Documents')).toEqual([
      {
        kind: 'document',
        name: 'Resume.pdf',
        href: `/objects/${DOC_ID}?inline=1`,
        type: 'PDF',
        size: '245 KB',
        opensInBrowser: true,
      },
      {
        kind: 'document',
        name: 'Writing sample.docx',
        href: `/objects/${WORD_ID}`,
        type: 'Word',
        size: '1.2 MB',
        opensInBrowser: false,
      },
    ]);
  });

  it('issue 67: the summary takes firm, title and bar admissions (with their years) from the master LPQ first', () => {
    const pkg = samplePackage();
    const masterLpq = pkg.masterLpq as Record<string, Record<string, unknown>>;
    const summary = describePackage(
      {
        ...pkg,
        profile: {
          ...pkg.profile,
          currentFirm: 'Old Firm LLP',
          barAdmissions: 'New York',
          yearsExperience: 14,
        },
        masterLpq: {
          ...masterLpq,
          generalInfo: { ...masterLpq.generalInfo, barAdmissions: 'New York 2010\nNew Jersey 2012' },
          currentEmployment: {
            ...masterLpq.currentEmployment,
            employerName: 'Hale & Porter LLP',
            currentPosition: 'Equity Partner',
          },
        },
      },
      { firmName: 'Whitfield & Cole LLP' },
    );
    expect(row(summary, 'Current Firm and Title')).toBe('Hale & Porter LLP · Equity Partner');
    expect(row(summary, 'Bar Admissions')).toEqual(['New York 2010', 'New Jersey 2012']);
    // The master LPQ asks no years of experience: the profile's stay.
    expect(row(summary, 'Years of Experience')).toBe('14 years');
    // What the master LPQ leaves blank, the profile fills.
    const blank = describePackage(
      {
        ...pkg,
        profile: { ...pkg.profile, currentFirm: 'Old Firm LLP', position: 'partner', barAdmissions: 'Ohio' },
        masterLpq: {
          ...masterLpq,
          generalInfo: { ...masterLpq.generalInfo, barAdmissions: '' },
          currentEmployment: { ...masterLpq.currentEmployment, employerName: '', currentPosition: '' },
        },
      },
      { firmName: 'Whitfield & Cole LLP' },
    );
    expect(row(blank, 'Current Firm and Title')).toBe('Old Firm LLP · Partner');
    expect(row(blank, 'Bar Admissions')).toEqual(['Ohio']);
  });

  it('lists the sections in the spec’s order, with the header of every PDF page', () => {
    expect(view.sections.map((s) => s.tab)).toEqual([
      'Profile',
      'Master LPQ',
      'Position LPQ',
      'Conflicts',
      'Diversity',
      'Business Plan',
      'Documents',
    ]);
    expect(view.confidentiality).toBe(
      'Confidential — shared with Whitfield & Cole LLP on Jan 12, 2026, version 1',
    );
    const v2 = describePackage({ ...samplePackage(), version: 2 } as SharedPackage, { firmName: 'F' });
    expect(v2.confidentiality).toMatch(/version 2$/);
    expect(section(view, 'diversity')?.notice).toMatch(/voluntary and confidential/i);
  });

  it('uses the forms’ labels and formats each value', () => {
    expect(groupRows(view, 'profile', 'Professional Experience')?.rows).toEqual([
      { label: 'Current Firm', value: 'Hale & Porter LLP' },
      { label: 'Position', value: 'Senior Partner' },
      { label: 'Years of Experience', value: '14' },
      { label: 'Law School', value: 'Columbia Law School' },
      { label: 'Graduation Year', value: '2010' },
      { label: 'Bar Admissions', value: ['New York', 'New Jersey'] },
    ]);
    expect(groupRows(view, 'profile', 'Resume & Documents')?.rows[0].value).toMatchObject([
      { name: 'Resume.pdf' },
    ]);
    expect(groupRows(view, 'masterLpq', 'Current Employment')?.rows).toContainEqual({
      label: 'Start Date',
      value: 'Mar 01, 2016',
    });
    expect(groupRows(view, 'masterLpq', 'Compensation')?.rows).toEqual([
      { label: 'Employee Type', value: 'K1 (partner)' },
      { label: 'Current Compensation', value: '$1,150,000' },
      { label: 'Compensation Expectations', value: 'In line with current draw' },
    ]);
    expect(groupRows(view, 'masterLpq', 'Prior Employment')?.table?.rows).toEqual([
      ['Baxter Lowe', 'Sep 01, 2010', 'Feb 28, 2016', 'Partnership'],
    ]);
    expect(groupRows(view, 'conflicts', 'Current Clients')?.table?.rows[0]).toEqual([
      'Northwind Holdings',
      'Logistics',
      'May 01, 2017',
      'M&A',
      '$1,250,000',
    ]);
    const diversity = section(view, 'diversity')?.groups[0].rows ?? [];
    expect(diversity).toContainEqual({ label: 'Gender', value: 'Female' });
    expect(diversity).toContainEqual({
      label: 'Do you identify as LGBTQIA+?',
      value: 'I decline to self-identify',
    });
    expect(diversity).toContainEqual({ label: 'Veteran Status', value: 'I have not served in the military' });
    expect(groupRows(view, 'businessPlan', 'Operations Plan')?.rows[0]).toEqual({
      label: 'Firm Structure',
      value: 'Partnership',
    });
  });

  // Issue 67 item 15: what the firm reads (the review page, the preview and the PDF all describe the package
  // here) says Annual Billings as money however it was typed, and Working Attorney Time in hours.
  it('reads Annual Billings as money and Working Attorney Time in hours', () => {
    const typed = structuredClone(samplePackage());
    const form = typed.conflictsForm as unknown as { currentClients: Record<string, unknown>[] };
    form.currentClients = [
      { ...form.currentClients[0], annualBillings: '910000' },
      { ...form.currentClients[0], clientName: 'Birch', annualBillings: '910,000' },
    ];
    const lpq = typed.masterLpq as unknown as { financialInfo: { currentYear: Record<string, unknown> } };
    lpq.financialInfo.currentYear = { ...lpq.financialInfo.currentYear, workingAttorneyTime: 640 };
    const read = describePackage(typed, { firmName: 'Whitfield & Cole LLP' });
    const clients = groupRows(read, 'conflicts', 'Current Clients')?.table?.rows ?? [];
    expect(clients.map((r) => r[4])).toEqual(['$910,000', '$910,000']);
    const history = groupRows(read, 'masterLpq', 'Financial History')?.table?.rows ?? [];
    expect(history.find((r) => r[0] === 'Working Attorney Time')?.[1]).toBe('640 hours');
  });

  it('lists every disclosure in the spec’s order, each Yes with its explanation under it', () => {
    const rows = groupRows(view, 'masterLpq', 'Disclosures')?.rows ?? [];
    expect(rows.map((r) => r.label)).toEqual(DISCLOSURE_FLAGS.map(([, q]) => q));
    const malpractice = rows.find((r) => r.label.startsWith('Has a malpractice claim'));
    expect(malpractice).toEqual({
      label: 'Has a malpractice claim ever been made against you?',
      value: 'Yes',
      detail: 'A 2019 claim over a closing delay, dismissed in 2020.',
    });
    expect(rows.find((r) => r.label.startsWith('Has a tax lien'))?.value).toBe('No');
    expect(rows.find((r) => r.label.startsWith('Have you failed to file'))?.value).toBe('—');
  });

  it('shows the position LPQ with the firm’s own questions and the answers', () => {
    const groups = section(view, 'positionLpq')?.groups ?? [];
    expect(groups[0].rows).toEqual([{ label: 'Status', value: 'In Progress' }]);
    expect(groups.find((g) => g.title === 'Professional Experience')?.rows).toEqual([
      { label: 'Position', value: 'Partner' },
    ]);
    expect(groups.find((g) => g.title === 'References & Documents')?.rows[0].value).toMatchObject([
      { name: 'Writing sample.docx', type: 'Word' },
    ]);
    expect(groups.find((g) => g.title === 'Firm-Specific Questions: Fit')?.rows).toEqual([
      { label: 'Why our firm?', value: 'Your cross-border platform' },
      { label: 'Open to relocation?', value: 'Yes' },
      { label: 'Earliest start?', value: 'Apr 01, 2026' },
      { label: 'Team size?', value: 'Not answered yet' },
    ]);
  });

  it('leaves empty answers out and says so when a part was not shared', () => {
    const bare = describePackage(
      {
        ...samplePackage(),
        profile: null,
        conflictsForm: null,
        diversityForm: null,
        businessPlan: null,
        documents: [],
        positionLpq: null,
      },
      { firmName: 'F' },
    );
    expect(section(bare, 'conflicts')?.groups).toEqual([]);
    expect(section(bare, 'conflicts')?.empty).toBe('No conflicts form was shared.');
    expect(section(bare, 'diversity')?.groups).toEqual([]);
    expect(section(bare, 'documents')?.groups).toEqual([]);
    expect(row(bare, 'Conflicts')).toBe('Not shared');
    expect(row(bare, 'Documents')).toBe('None shared');
    expect(section(bare, 'profile')?.groups.map((g) => g.title)).toEqual(['Personal Information']);
    const everyValue = bare.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.map((r) => r.value)));
    expect(everyValue).not.toContain('');
  });
});
