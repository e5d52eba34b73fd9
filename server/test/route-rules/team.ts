import { rowIdOf } from '../../modules/requests/conflicts/conflicts-rows.repo';
import { forActor } from '../actors';
import { uniqueEmail } from '../factories';
import { onlyMembers, type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of the firm's team (PRODUCT.md §9): members, invitations, settings, reviewers, conflicts. */
const ADMINS = onlyMembers(['firm', 'firmAdmin']);
const PIPELINE_LEADS = onlyMembers(['firm', 'firmAdmin', 'firmRecruiter']);
const CONFLICTS = onlyMembers(['firm', 'firmConflicts']);

export const TEAM_RULES: Record<string, RouteRule> = {
  'GET /api/firm/members': {
    access: 'firm',
    ok: 200,
    members: PIPELINE_LEADS,
    call: url('/api/firm/members'),
  },
  'PUT /api/firm/members/:userId': {
    access: 'firm-owned',
    resource: 'member',
    ok: 200,
    members: ADMINS,
    call: (w) => ({
      url: `/api/firm/members/${w.memberToChange}`,
      payload: { roles: ['reviewer', 'conflicts'] },
    }),
  },
  'DELETE /api/firm/members/:userId': {
    access: 'firm-owned',
    resource: 'member',
    ok: 204,
    members: ADMINS,
    call: (w, actor) => ({ url: `/api/firm/members/${forActor(w.memberToRemove, actor)}` }),
  },
  'GET /api/firm/invitations': {
    access: 'firm',
    ok: 200,
    members: ADMINS,
    call: url('/api/firm/invitations'),
  },
  'POST /api/firm/invitations': {
    access: 'firm',
    ok: 201,
    members: ADMINS,
    call: withBody('/api/firm/invitations', () => ({ email: uniqueEmail('joiner'), roles: ['recruiter'] })),
  },
  'POST /api/firm/invitations/:id/resend': {
    access: 'firm-owned',
    resource: 'invitation',
    ok: 200,
    members: ADMINS,
    call: (w) => ({ url: `/api/firm/invitations/${w.invitationToResend}/resend` }),
  },
  'DELETE /api/firm/invitations/:id': {
    access: 'firm-owned',
    resource: 'invitation',
    ok: 204,
    members: ADMINS,
    call: (w, actor) => ({ url: `/api/firm/invitations/${forActor(w.invitationToCancel, actor)}` }),
  },
  // The mailed token is the proof; a made-up one is a 400 for anyone.
  'POST /api/auth/invitation': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/invitation', () => ({ token: 'not-a-real-token' })),
  },
  'POST /api/auth/accept-invitation': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/accept-invitation', () => ({
      token: 'not-a-real-token',
      password: 'whatever-1',
    })),
  },
  'GET /api/firm/lpq-requests/:id/reviewers': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    members: PIPELINE_LEADS,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/reviewers` }),
  },
  'PUT /api/firm/lpq-requests/:id/reviewers': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    members: PIPELINE_LEADS,
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/reviewers`,
      payload: { userIds: [w.reviewerId] },
    }),
  },
  'GET /api/firm/conflicts': {
    access: 'firm',
    ok: 200,
    members: CONFLICTS,
    call: url('/api/firm/conflicts'),
  },
  'GET /api/firm/lpq-requests/:id/conflicts': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    members: CONFLICTS,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/conflicts` }),
  },
  // PRODUCT.md §13: the world's conflicts form names Acme Corp, a current client without matters.
  'PUT /api/firm/lpq-requests/:id/conflicts/rows/:rowId': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    members: CONFLICTS,
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/conflicts/rows/${rowIdOf(w.sharedRequestId, 'c:current:acme corp')}`,
      payload: { status: 'cleared', noteToAttorney: 'No conflict with our clients.' },
    }),
  },
  // PRODUCT.md §13: the exports for the firm's conflicts system.
  'GET /api/firm/lpq-requests/:id/conflicts.csv': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    members: CONFLICTS,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/conflicts.csv` }),
  },
  'GET /api/firm/lpq-requests/:id/conflicts.xlsx': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    members: CONFLICTS,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/conflicts.xlsx` }),
  },
  'GET /api/firm/conflicts.csv': {
    access: 'firm',
    ok: 200,
    members: CONFLICTS,
    call: url('/api/firm/conflicts.csv'),
  },
  // The registrant is no diversity officer: self-identification is the diversity role's alone.
  'GET /api/firm/self-identification': {
    access: 'firm',
    ok: 200,
    members: { ...onlyMembers(['firmDiversity']), otherFirm: 403 },
    call: url('/api/firm/self-identification'),
  },
  'GET /api/firm/self-identification/counts.csv': {
    access: 'firm',
    ok: 200,
    members: { ...onlyMembers(['firmDiversity']), otherFirm: 403 },
    call: url('/api/firm/self-identification/counts.csv'),
  },
  'GET /api/firm/settings': { access: 'firm', ok: 200, members: ADMINS, call: url('/api/firm/settings') },
  'PUT /api/firm/settings': {
    access: 'firm',
    ok: 200,
    members: ADMINS,
    call: withBody('/api/firm/settings', () => ({ requireTwoFactor: false, acceptSelfIdentification: true })),
  },
  'GET /api/firm/audit': { access: 'firm', ok: 200, members: ADMINS, call: url('/api/firm/audit') },
  'GET /api/attorney/lpq-requests/:id/audience': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/audience` }),
  },
};
