// The shared setup of the attorney.*.test.ts suites.

/** Every field of an attorney profile, filled in. */
export const fullProfile = {
  phone: '+1 212 555 0199',
  currentFirm: 'Brook Partners',
  position: 'senior_associate',
  yearsExperience: 7,
  lawSchool: 'Columbia Law School',
  graduationYear: 2016,
  barAdmissions: 'New York\nNew Jersey',
  practiceAreas: ['Litigation', 'M&A'],
  resumeUrl: '/objects/00000000-0000-4000-8000-000000000009',
  gender: 'female',
  ethnicity: 'two_or_more',
  isLgbtqia: false,
  isVeteran: true,
  hasDisability: false,
  militaryBranch: 'Army',
  militaryRank: 'Captain',
  yearsOfService: 4,
  dischargeDate: '2012-03-15T00:00:00.000Z',
};
