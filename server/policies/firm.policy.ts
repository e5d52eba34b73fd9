import { AUDIENCES, definePolicy, type FirmUser } from './authorize';

/** The firm's own profile, dashboard and custom questions (PRODUCT.md §7). */
export const firmPolicies = {
  ownFirm: definePolicy({ name: 'firm.ownFirm', audience: AUDIENCES.firm }),
  /** A custom section is edited only by the firm user who wrote it; anyone else's is 404. */
  ownCustomSection: definePolicy<FirmUser, { firmUserId: string }>({
    name: 'firm.ownCustomSection',
    audience: AUDIENCES.firm,
    rule: (actor, section) => section.firmUserId === actor.id,
  }),
};
