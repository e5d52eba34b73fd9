import type { FirmMembership, User } from '@shared/auth';
import { firmMembers, firms, users } from '../../db/schema';
import { mustEnrolSecondFactorSql } from '../../policies/session-scope';

/** The columns a User is made of: a session read never loads the password hash. */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userType: users.userType,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** A firm user's membership, from a left join of firm_members (PRODUCT.md §9). */
export const membershipColumns = {
  firmId: firmMembers.firmId,
  roles: firmMembers.roles,
  // Read with the membership: the firm requires a second factor the member has not enrolled yet (§10).
  mustEnrol: mustEnrolSecondFactorSql(users.id, firms.requireTwoFactor).mapWith(Boolean),
};
type MembershipRow = {
  firmId: string | null;
  roles: FirmMembership['roles'] | null;
  mustEnrol?: boolean;
} | null;

export function toUser(
  row: Pick<typeof users.$inferSelect, keyof typeof userColumns>,
  membership?: MembershipRow,
): User {
  const user: User = {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    emailVerified: row.emailVerifiedAt !== null,
  };
  // Only where the membership was read with the user (the session lookup): unread is not the same as none.
  if (row.userType === 'firm' && membership !== undefined)
    user.firm = membership?.firmId ? { id: membership.firmId, roles: membership.roles ?? [] } : null;
  if (membership?.mustEnrol) user.mustEnrolSecondFactor = true;
  return user;
}
