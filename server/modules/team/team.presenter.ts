import { type FirmRole, TEAM_MESSAGES } from '@shared/team';
import { conflict } from '../../plugins/errors';
import type { FirmMember } from '../../policies/authorize';
import type { MemberRow } from './team.repo';

/** The members as the Team page shows them (PRODUCT.md §9). */
export const toMember = (m: MemberRow) => ({
  userId: m.userId,
  email: m.email,
  firstName: m.firstName,
  lastName: m.lastName,
  roles: m.roles,
  twoFactorEnabled: m.twoFactorEnabled,
  lastActiveAt: m.lastActiveAt ? m.lastActiveAt.toISOString() : null,
});
export type Member = ReturnType<typeof toMember>;

export const actorName = (member: FirmMember) => `${member.firstName} ${member.lastName}`.trim();

/** PRODUCT.md §9: a diversity officer never reviews candidates (409). */
export function checkRoleCombination(roles: readonly FirmRole[]) {
  if (roles.includes('diversity') && roles.includes('reviewer'))
    throw conflict(TEAM_MESSAGES.diversityCannotReview);
}
