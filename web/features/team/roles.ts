import { FIRM_ROLES, type FirmRole, TEAM_MESSAGES } from '@shared/team';

/** A role box of the roles form: whether it can be changed now, and why not. */
export type RoleChoice = { role: FirmRole; checked: boolean; disabled: boolean; reason: string | null };

/**
 * The roles form's boxes for the roles ticked so far (PRODUCT.md §9): a diversity officer cannot review
 * (each of the two is closed while the other is ticked), and the firm's last admin keeps the admin role.
 * The server refuses both with 409; the form does not let them be asked for.
 */
export function roleChoices(selected: readonly FirmRole[], opts: { lastAdmin?: boolean } = {}): RoleChoice[] {
  return FIRM_ROLES.map((role) => {
    const checked = selected.includes(role);
    let reason: string | null = null;
    if (role === 'admin' && checked && opts.lastAdmin) reason = TEAM_MESSAGES.lastAdmin;
    else if (role === 'diversity' && !checked && selected.includes('reviewer'))
      reason = TEAM_MESSAGES.diversityCannotReview;
    else if (role === 'reviewer' && !checked && selected.includes('diversity'))
      reason = TEAM_MESSAGES.diversityCannotReview;
    return { role, checked, disabled: reason !== null, reason };
  });
}

/** Whether `userId` is the only member with the admin role: their admin role and removal are refused. */
export function isLastAdmin(
  members: readonly { userId: string; roles: readonly FirmRole[] }[],
  userId: string,
) {
  const admins = members.filter((m) => m.roles.includes('admin'));
  return admins.length === 1 && admins[0].userId === userId;
}

/** Why a member cannot be removed (shown beside the disabled button), or null when they can. */
export function removalBlocked(
  members: readonly { userId: string; roles: readonly FirmRole[] }[],
  userId: string,
  me: string | undefined,
): string | null {
  if (isLastAdmin(members, userId)) return TEAM_MESSAGES.lastAdmin;
  if (userId === me) return TEAM_MESSAGES.cannotRemoveSelf;
  return null;
}
