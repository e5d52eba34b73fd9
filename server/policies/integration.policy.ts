import { definePolicy, type FirmMember, firmRoles } from './authorize';

/** PRODUCT.md §14: the firm's API tokens and webhooks are its admins'. */
export const integrationPolicies = {
  administer: definePolicy({ name: 'integration.administer', audience: firmRoles('admin') }),
  /** One token or webhook of the admin's own firm; another firm's is 404. */
  ownFirmRow: definePolicy<FirmMember, { firmId: string }>({
    name: 'integration.ownFirmRow',
    audience: firmRoles('admin'),
    rule: (actor, row) => row.firmId === actor.firm.id,
  }),
};
