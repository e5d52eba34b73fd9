import type { User } from '@shared/auth';
import { type FirmRole, hasRole } from '@shared/team';

/**
 * What a firm member's roles open (PRODUCT.md §9), as the server decides it: each firm page by its route
 * path, with the roles whose calls the page needs. A page not named here is for every member of a firm.
 * The server refuses the calls anyway; this only spares a member a page that cannot work for them.
 */
export const FIRM_PAGE_ROLES: Record<string, readonly FirmRole[]> = {
  '/firm/team': ['admin', 'recruiter'],
  '/firm/settings': ['admin'],
  '/firm/profile': ['admin'],
  '/firm/custom-sections': ['admin'],
  '/firm/requests': ['admin', 'recruiter', 'reviewer', 'conflicts'],
  '/firm/requests/new': ['recruiter'],
  '/firm/requests/:id': ['admin', 'recruiter', 'reviewer', 'conflicts'],
  '/firm/conflicts': ['conflicts'],
  '/firm/conflicts/:id': ['conflicts'],
  '/firm/self-identification': ['diversity'],
};

export type FirmAccess =
  /** Not a firm page, or a firm page the member's roles open. */
  | { kind: 'allowed' }
  /** A firm user removed from their firm (`firm: null`). */
  | { kind: 'no-firm' }
  /** A member whose roles do not include the page. */
  | { kind: 'no-access'; roles: FirmRole[] };

/** Whether the signed-in user may open the firm page at `path` (a route pattern, as in the page table). */
export function firmAccess(user: Pick<User, 'userType' | 'firm'>, path: string): FirmAccess {
  if (user.userType !== 'firm' || !path.startsWith('/firm/')) return { kind: 'allowed' };
  // Null once removed from the firm; absent only from an answer older than firms (nothing to judge by).
  if (user.firm === null) return { kind: 'no-firm' };
  if (!user.firm) return { kind: 'allowed' };
  const needed = FIRM_PAGE_ROLES[path];
  if (!needed || hasRole(user.firm.roles, ...needed)) return { kind: 'allowed' };
  return { kind: 'no-access', roles: user.firm.roles };
}

/** The member's roles; none for a firm user without a firm (or an attorney). */
export const rolesOf = (user: Pick<User, 'firm'> | null | undefined): FirmRole[] => user?.firm?.roles ?? [];

export type FirmNavItem = {
  key: string;
  to: string;
  title: string;
  text: string;
};

/**
 * The firm's links a member sees on the dashboard, in this order, for their roles: the pipeline for admins
 * and recruiters (sending requests for recruiters, whom the server lets), a reviewer's own list, the
 * conflicts queue, the self-identification forms, then the admin's pages.
 */
export function firmNavigation(roles: readonly FirmRole[]): FirmNavItem[] {
  const items: FirmNavItem[] = [];
  if (hasRole(roles, 'recruiter'))
    items.push({
      key: 'new-request',
      to: '/firm/requests/new',
      title: 'Send LPQ Invitation',
      text: 'Invite an attorney to share their LPQ for a position.',
    });
  if (hasRole(roles, 'admin', 'recruiter'))
    items.push({
      key: 'requests',
      to: '/firm/requests',
      title: 'LPQ Requests',
      text: hasRole(roles, 'recruiter')
        ? 'Every request your firm has sent: status, search and CSV export.'
        : 'Every request your firm has sent, and its status.',
    });
  else if (hasRole(roles, 'reviewer'))
    items.push({
      key: 'assigned',
      to: '/firm/requests',
      title: 'Assigned to me',
      text: 'The requests you were asked to review.',
    });
  if (hasRole(roles, 'conflicts'))
    items.push({
      key: 'conflicts',
      to: '/firm/conflicts',
      title: 'Conflicts',
      text: 'The conflicts view of every shared request, and its clearance.',
    });
  if (hasRole(roles, 'diversity'))
    items.push({
      key: 'self-identification',
      to: '/firm/self-identification',
      title: 'Self-identification',
      text: 'The self-identification forms attorneys chose to share, and their counts.',
    });
  if (hasRole(roles, 'admin', 'recruiter'))
    items.push({
      key: 'team',
      to: '/firm/team',
      title: 'Team',
      text: hasRole(roles, 'admin')
        ? 'Members, their roles and invitations.'
        : 'Your firm’s members and their roles.',
    });
  if (hasRole(roles, 'admin'))
    items.push(
      {
        key: 'settings',
        to: '/firm/settings',
        title: 'Settings',
        text: 'Two-step sign-in, self-identification and the firm’s audit trail.',
      },
      {
        key: 'profile',
        to: '/firm/profile',
        title: 'Firm Profile',
        text: 'Offices, practice areas, compensation and culture.',
      },
      {
        key: 'custom-sections',
        to: '/firm/custom-sections',
        title: 'Custom Sections',
        text: 'Keep reusable firm-specific questions.',
      },
    );
  return items;
}

/** Who sees the dashboard's counts and recent requests (the server's dashboard and list audiences). */
export const seesPipeline = (roles: readonly FirmRole[]) => hasRole(roles, 'admin', 'recruiter', 'reviewer');
/** Only the requests assigned to them: a reviewer who is neither admin nor recruiter. */
export const onlyAssigned = (roles: readonly FirmRole[]) =>
  hasRole(roles, 'reviewer') && !hasRole(roles, 'admin', 'recruiter');
