import type { FirmProfile } from './firm';
import { BONUS_STRUCTURE_LABELS, PARTNERSHIP_TIER_LABELS } from './firm';
import { formatMoney, formatNumber, formatOption, formatPercent, formatText } from './format';

/**
 * Spec §1: a firm keeps 'a detailed firm profile for candidates'. What an invited attorney reads of it
 * (GET /api/attorney/lpq-requests/{id}/firm-profile): the profile's fields without the account's own
 * (its id, sign-in address, record dates).
 */
export type CandidateFirmProfile = Omit<FirmProfile, 'userId' | 'email' | 'createdAt'>;

export const toCandidateFirmProfile = ({
  userId: _u,
  email: _e,
  createdAt: _c,
  ...rest
}: FirmProfile): CandidateFirmProfile => rest;

export type FirmProfileRow = { label: string; value: string | string[] };
export type FirmProfileGroup = { title: string; rows: FirmProfileRow[] };

const range = (min: unknown, max: unknown) => {
  const lo = formatMoney(min, '');
  const hi = formatMoney(max, '');
  if (lo && hi) return `${lo} – ${hi}`;
  if (lo) return `From ${lo}`;
  if (hi) return `Up to ${hi}`;
  return '';
};

const website = (v: unknown) => formatText(v, '');

/**
 * The firm profile as an attorney reads it: the profile page's sections and labels (spec 2.10), money
 * as `$250,000`, shares as `45%`, options by their labels; empty answers and sections are left out.
 */
export function describeFirmProfile(p: CandidateFirmProfile): FirmProfileGroup[] {
  const offices = (p.offices ?? [])
    .filter((o) => o.city || o.state)
    .map((o) => {
      const place = [o.city, o.state].filter(Boolean).join(', ');
      return o.numberOfAttorneys ? `${place} · ${formatNumber(o.numberOfAttorneys)} attorneys` : place;
    });
  const groups: FirmProfileGroup[] = [
    {
      title: 'Basic Information',
      rows: [
        { label: 'Year Founded', value: formatText(p.founded, '') },
        { label: 'Headquarters Address', value: formatText(p.headquartersAddress, '') },
        { label: 'Website', value: website(p.website) },
        { label: 'Firm Description', value: formatText(p.description, '') },
        { label: 'Total Attorneys', value: formatNumber(p.totalAttorneys, '') },
        { label: 'Number of Offices', value: formatNumber(p.numberOfOffices, '') },
        { label: 'Total Staff', value: formatNumber(p.totalStaff, '') },
      ],
    },
    { title: 'Office Locations', rows: [{ label: 'Offices', value: offices }] },
    { title: 'Practice Areas', rows: [{ label: 'Practice Areas', value: p.practiceAreas ?? [] }] },
    {
      title: 'Compensation & Structure',
      rows: [
        { label: 'Partnership Tiers', value: formatOption(p.partnershipTiers, PARTNERSHIP_TIER_LABELS, '') },
        { label: 'Bonus Structure', value: formatOption(p.bonusStructure, BONUS_STRUCTURE_LABELS, '') },
        { label: 'Associate Salary', value: range(p.associateSalaryMin, p.associateSalaryMax) },
        { label: 'Partner Compensation', value: range(p.partnerCompensationMin, p.partnerCompensationMax) },
        { label: 'Partnership Requirements', value: formatText(p.partnershipRequirements, '') },
      ],
    },
    {
      title: 'Diversity & Culture',
      rows: [
        { label: 'Female Attorneys', value: formatPercent(p.genderDiversityFemale, '') },
        { label: 'Male Attorneys', value: formatPercent(p.genderDiversityMale, '') },
        { label: 'Ethnically Diverse Attorneys', value: formatPercent(p.ethnicDiversity, '') },
      ],
    },
    {
      title: 'Contact Information',
      rows: [
        {
          label: 'Contact Person',
          value: [p.contactPersonName, p.contactPersonTitle].filter(Boolean).join(', '),
        },
        { label: 'Phone Number', value: formatText(p.contactPhone, '') },
      ],
    },
  ];
  return groups
    .map((g) => ({ ...g, rows: g.rows.filter((r) => (Array.isArray(r.value) ? r.value.length : r.value)) }))
    .filter((g) => g.rows.length > 0);
}
