import type { User } from '@shared/auth';
import { hasRole } from '@shared/team';
import { onlyAssigned, rolesOf } from '../team/access';

/**
 * What the signed-in member's roles let them do, so the screens offer only that (PRODUCT.md §9). The same
 * rules as server/policies/request.policy.ts and request-scope.ts (permissions.test.ts holds them to it); the
 * server stays the authority and answers 403/404 to anything else.
 */
export function memberCan(user: User | null) {
  const roles = rolesOf(user);
  return {
    userId: user?.id ?? '',
    roles,
    /** firm.manageFirm: the firm profile, the custom sections' library and settings. */
    admin: hasRole(roles, 'admin'),
    /** request.firmPipeline: invite, withdraw, resend, export the list as CSV. */
    pipeline: hasRole(roles, 'recruiter'),
    /** request.firmAssigns: choose a request's reviewers. */
    assigns: hasRole(roles, 'admin', 'recruiter'),
    /** A reviewer who sees only the requests assigned to them (no admin or recruiter role beside). */
    assignedOnly: onlyAssigned(roles),
    /** The conflicts department without a hiring role: it sees shared requests for their conflicts form. */
    conflictsOnly: hasRole(roles, 'conflicts') && !hasRole(roles, 'admin', 'recruiter', 'reviewer'),
  };
}

/** One request: what the member may do on it (request.firmNotes, request.firmReviews). */
export function requestPermissions(user: User | null, request: { reviewers: readonly { userId: string }[] }) {
  const member = memberCan(user);
  const assigned = request.reviewers.some((r) => r.userId === member.userId);
  const assignedReviewer = hasRole(member.roles, 'reviewer') && assigned;
  return {
    ...member,
    assigned,
    notes: hasRole(member.roles, 'admin', 'recruiter') || assignedReviewer,
    review: hasRole(member.roles, 'recruiter') || assignedReviewer,
    /** request.firmBusinessCase (PRODUCT.md §12): admins, recruiters and the assigned reviewers. */
    businessCase: hasRole(member.roles, 'admin', 'recruiter') || assignedReviewer,
  };
}
