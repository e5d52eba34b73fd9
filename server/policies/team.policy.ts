import { AUDIENCES, definePolicy, type FirmMember, firmRoles } from './authorize';

/** The firm's team (PRODUCT.md §9): members, roles, invitations, settings and the firm's audit trail. */
export const teamPolicies = {
  /** The member list: admins, and recruiters (who assign reviewers from it). */
  listMembers: definePolicy({ name: 'team.listMembers', audience: firmRoles('admin', 'recruiter') }),
  /** Inviting, changing roles, removing, settings and the audit trail: admins only. */
  administer: definePolicy({ name: 'team.administer', audience: firmRoles('admin') }),
  /** One member or invitation of the admin's own firm; another firm's is 404. */
  ownFirmRow: definePolicy<FirmMember, { firmId: string }>({
    name: 'team.ownFirmRow',
    audience: firmRoles('admin'),
    rule: (actor, row) => row.firmId === actor.firm.id,
  }),
  /** Accepting an invitation: the mailed token is the proof (a signed-in firm user without a firm joins). */
  acceptInvitation: definePolicy({ name: 'team.acceptInvitation', audience: AUDIENCES.anyone }),
};
