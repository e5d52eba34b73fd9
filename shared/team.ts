// A firm is a team (PRODUCT.md §9): its members' roles, the parts of a shared package (which role reads which is
// the policies' packageParts, server/policies/request-scope.ts), and the
// texts of the Team screens. A plain module (no zod) so the firm's navigation can read it with its first code.

export const FIRM_ROLES = ['admin', 'recruiter', 'reviewer', 'conflicts', 'diversity'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];

export const FIRM_ROLE_LABELS: Record<FirmRole, string> = {
  admin: 'Admin',
  recruiter: 'Recruiter',
  reviewer: 'Reviewer',
  conflicts: 'Conflicts',
  diversity: 'Diversity officer',
};

/** Roles as people read them, in the order of FIRM_ROLES: 'Recruiter, Reviewer'. */
export const roleNames = (roles: readonly FirmRole[]) =>
  FIRM_ROLES.filter((r) => roles.includes(r))
    .map((r) => FIRM_ROLE_LABELS[r])
    .join(', ');

export const FIRM_ROLE_DESCRIPTIONS: Record<FirmRole, string> = {
  admin: 'Members, roles, the firm profile, custom sections and settings.',
  recruiter: 'The pipeline: invitations, notes, review status, CSV export and reviewer assignment.',
  reviewer: 'Reads, notes and reviews the requests assigned to them.',
  conflicts: 'The conflicts view of every shared request, and its clearance.',
  diversity: 'The self-identification forms attorneys chose to share, and their counts. Nothing else.',
};

/** Registering a firm makes the registrant all of these (and existing firm accounts became so by migration). */
export const REGISTRANT_ROLES: readonly FirmRole[] = ['admin', 'recruiter', 'reviewer', 'conflicts'];

/** Every part of a shared package, as a reader gets it (PRODUCT.md §9: each reaches its own roles). */
export const READABLE_PARTS = [
  'profile',
  'masterLpq',
  'positionLpq',
  'businessPlan',
  'documents',
  'conflictsForm',
  'diversityForm',
] as const;
export type ReadablePart = (typeof READABLE_PARTS)[number];

export const READABLE_PART_LABELS: Record<ReadablePart, string> = {
  profile: 'Profile',
  masterLpq: 'Master LPQ',
  positionLpq: 'Position LPQ',
  businessPlan: 'Business plan',
  documents: 'Documents',
  conflictsForm: 'Conflicts form',
  diversityForm: 'Diversity self-identification',
};

/** The parts the hiring side reads: admins, recruiters, and the reviewers assigned to the request. */
export const HIRING_PARTS: readonly ReadablePart[] = [
  'profile',
  'masterLpq',
  'positionLpq',
  'businessPlan',
  'documents',
];

export const hasRole = (roles: readonly string[], ...wanted: FirmRole[]) =>
  wanted.some((role) => roles.includes(role));

export const CONFLICTS_STATUSES = ['pending', 'cleared', 'issues'] as const;
export type ConflictsStatus = (typeof CONFLICTS_STATUSES)[number];
export const CONFLICTS_STATUS_LABELS: Record<ConflictsStatus, string> = {
  pending: 'Pending',
  cleared: 'Cleared',
  issues: 'Issues found',
};

export const TEAM_MESSAGES = {
  diversityCannotReview: 'A diversity officer cannot review candidates.',
  lastAdmin: 'A firm must keep at least one admin.',
  rolesRequired: 'Choose at least one role',
  roleUnknown: 'Choose roles from the list',
  alreadyMember: 'This person is already a member of your firm.',
  memberOfOtherFirm: 'This address belongs to a member of another firm.',
  attorneyAddress: 'This address belongs to an attorney account. Invite a different address.',
  invitationOpen: 'An invitation to this address is already open.',
  invitationInvalid: 'This invitation is invalid or has expired.',
  invitationEmailMismatch: 'Sign in with the address the invitation was sent to.',
  cannotRemoveSelf: 'You cannot remove yourself. Ask another admin.',
  notAssignable: 'Assign reviewers from your firm’s members with the Reviewer role.',
  /** Issue 67 item 16: access has ended (revoked, withdrawn, declined or past its end date): nothing to grant. */
  accessEnded: 'Your firm’s access to this request has ended: there is no one to assign.',
  noteTooLong: 'Must be at most 2000 characters',
  noFirm: 'Your account is not part of a firm any more. Ask your firm’s admin for a new invitation.',
  selfIdentificationOff: 'This firm does not receive self-identification data.',
  enrolBeforeRequiring: 'Turn on a second factor for your own account before requiring one for the team.',
  noDiversityOfficer: 'This firm has no diversity officer to receive self-identification data.',
} as const;

/** Invitations to join a firm are valid this long (PRODUCT.md §9). */
export const MEMBER_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
