import { AUDIENCES, definePolicy, type FirmMember, firmRoles } from './authorize';

/** The firm's own profile, dashboard, custom questions and settings (PRODUCT.md §4, §9). */
export const firmPolicies = {
  /** Reading the firm's profile: every member (the invite screen prefills from it). */
  readProfile: definePolicy({ name: 'firm.readProfile', audience: AUDIENCES.firmMember }),
  /** The firm profile, custom sections' library and settings are the admins'. */
  manageFirm: definePolicy({ name: 'firm.manageFirm', audience: firmRoles('admin') }),
  /** The dashboard's counts: the members who see requests (a reviewer counts those assigned to them). */
  dashboard: definePolicy({
    name: 'firm.dashboard',
    audience: firmRoles('admin', 'recruiter', 'reviewer', 'conflicts'),
  }),
  /** Saved custom sections: admins keep the library, recruiters pick from it when inviting. */
  readCustomSections: definePolicy({
    name: 'firm.readCustomSections',
    audience: firmRoles('admin', 'recruiter'),
  }),
  /** A custom section is edited by the admins of the firm it belongs to; another firm's is 404. */
  ownCustomSection: definePolicy<FirmMember, { firmId: string }>({
    name: 'firm.ownCustomSection',
    audience: firmRoles('admin'),
    rule: (actor, section) => section.firmId === actor.firm.id,
  }),
};
