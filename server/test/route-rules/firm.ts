import { requestBody } from '../../modules/requests/sharing/sharing.test-support';
import { forActor } from '../actors';
import { uniqueEmail } from '../factories';
import { emptyHeadReceipt, firmProfileBody, onlyMembers, type RouteRule, url, withBody } from './rule';

/** The members who see a shared request (policy request.firmSees): not an unassigned reviewer, nor diversity. */
const SEES = onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer', 'firmConflicts'], {
  firmUnassignedReviewer: 404,
});

/** ROUTE_RULES of the firm's side. */
const HIRING = onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer'], {
  firmUnassignedReviewer: 404,
});
const PIPELINE_READERS = onlyMembers([
  'firm',
  'firmAdmin',
  'firmRecruiter',
  'firmReviewer',
  'firmUnassignedReviewer',
  'firmConflicts',
]);

export const FIRM_RULES: Record<string, RouteRule> = {
  // The firm's side
  'GET /api/firm/profile': { access: 'firm', ok: 200, call: url('/api/firm/profile') },
  'POST /api/firm/profile': {
    members: onlyMembers(['firm', 'firmAdmin']),
    access: 'firm',
    // Registration created it already.
    ok: 409,
    call: withBody('/api/firm/profile', firmProfileBody),
  },
  'PUT /api/firm/profile': {
    members: onlyMembers(['firm', 'firmAdmin']),
    access: 'firm',
    ok: 200,
    call: withBody('/api/firm/profile', firmProfileBody),
  },
  'GET /api/firm/dashboard-stats': {
    members: PIPELINE_READERS,
    access: 'firm',
    ok: 200,
    call: url('/api/firm/dashboard-stats'),
  },
  'GET /api/firm/custom-sections': {
    members: onlyMembers(['firm', 'firmAdmin', 'firmRecruiter']),
    access: 'firm',
    ok: 200,
    call: url('/api/firm/custom-sections'),
  },
  'POST /api/firm/custom-sections': {
    members: onlyMembers(['firm', 'firmAdmin']),
    access: 'firm',
    ok: 201,
    call: withBody('/api/firm/custom-sections', () => ({
      title: 'Matrix section',
      questions: [{ text: 'Relocate?', type: 'yesno', required: false }],
    })),
  },
  'PUT /api/firm/custom-sections/:id': {
    members: onlyMembers(['firm', 'firmAdmin']),
    access: 'firm-owned',
    resource: 'custom section',
    ok: 200,
    call: (w) => ({
      url: `/api/firm/custom-sections/${w.customSection}`,
      payload: { title: 'Practice fit (edited)', questions: [] },
    }),
  },
  'DELETE /api/firm/custom-sections/:id': {
    members: onlyMembers(['firm', 'firmAdmin']),
    access: 'firm-owned',
    resource: 'custom section',
    ok: 204,
    call: (w, actor) => ({ url: `/api/firm/custom-sections/${forActor(w.customSectionToDelete, actor)}` }),
  },
  'GET /api/firm/lpq-requests': {
    members: PIPELINE_READERS,
    access: 'firm',
    ok: 200,
    call: url('/api/firm/lpq-requests'),
  },
  'POST /api/firm/lpq-requests': {
    members: onlyMembers(['firm', 'firmRecruiter']),
    access: 'firm',
    ok: 201,
    call: withBody('/api/firm/lpq-requests', () =>
      requestBody(uniqueEmail('invitee'), { dueDate: '2099-12-31' }),
    ),
  },
  'GET /api/firm/lpq-requests/:id': {
    members: onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer', 'firmConflicts'], {
      firmUnassignedReviewer: 404,
    }),
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}` }),
  },
  'POST /api/firm/lpq-requests/:id/status': {
    members: onlyMembers(['firm', 'firmRecruiter', 'firmReviewer'], { firmUnassignedReviewer: 404 }),
    access: 'firm-owned',
    resource: 'request',
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/status`,
      payload: { status: 'reviewed' },
    }),
  },
  'GET /api/firm/lpq-requests.csv': {
    members: onlyMembers(['firm', 'firmRecruiter']),
    access: 'firm',
    ok: 200,
    call: url('/api/firm/lpq-requests.csv'),
  },
  'POST /api/firm/lpq-requests/:id/withdraw': {
    members: onlyMembers(['firm', 'firmRecruiter']),
    access: 'firm-owned',
    resource: 'request',
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.requestToWithdraw}/withdraw` }),
  },
  'POST /api/firm/lpq-requests/:id/resend': {
    members: onlyMembers(['firm', 'firmRecruiter']),
    access: 'firm-owned',
    resource: 'request',
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.requestToResend}/resend` }),
  },
  // PRODUCT.md §15: a bulk resend of a shared request is refused for that request alone (200 with `refused`);
  // the roles are the single action's (resend: recruiters), asked after the pipeline's audience.
  'POST /api/firm/lpq-requests/bulk': {
    members: onlyMembers(['firm', 'firmRecruiter']),
    access: 'firm',
    ok: 200,
    call: (w) => ({
      url: '/api/firm/lpq-requests/bulk',
      payload: { action: 'resend', ids: [w.sharedRequestId] },
    }),
  },
  // Saved views: each member's own, for every member who has the pipeline (not the diversity officer).
  'GET /api/firm/views': {
    members: PIPELINE_READERS,
    access: 'firm',
    ok: 200,
    call: url('/api/firm/views'),
  },
  'POST /api/firm/views': {
    members: PIPELINE_READERS,
    access: 'firm',
    ok: 201,
    call: withBody('/api/firm/views', () => ({ name: uniqueEmail('view'), query: 'status=pending' })),
  },
  // A view no one has: 404 for each member who may delete their own (saved-views tests delete a real one).
  'DELETE /api/firm/views/:id': {
    members: PIPELINE_READERS,
    access: 'firm',
    ok: 404,
    call: url('/api/firm/views/00000000-0000-4000-8000-000000000000'),
  },
  'GET /api/firm/lpq-requests/:id/notes': {
    members: onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer'], {
      firmUnassignedReviewer: 404,
    }),
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/notes` }),
  },
  'POST /api/firm/lpq-requests/:id/notes': {
    members: onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer'], {
      firmUnassignedReviewer: 404,
    }),
    access: 'firm-owned',
    resource: 'request',
    ok: 201,
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/notes`,
      payload: { body: 'Strong book in energy; ask about the Houston clients.' },
    }),
  },
  'GET /api/firm/lpq-requests/:id/changes': {
    members: onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer', 'firmConflicts'], {
      firmUnassignedReviewer: 404,
    }),
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/changes?from=1&to=1` }),
  },
  'GET /api/firm/lpq-requests/:id/package.pdf': {
    members: onlyMembers(['firm', 'firmAdmin', 'firmRecruiter', 'firmReviewer', 'firmConflicts'], {
      firmUnassignedReviewer: 404,
    }),
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/package.pdf` }),
  },
  // PRODUCT.md §12: the firm's workbench — the roles that see the master LPQ; conflicts and diversity 403.
  'GET /api/firm/lpq-requests/:id/business-case': {
    members: HIRING,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/business-case` }),
  },
  'PUT /api/firm/lpq-requests/:id/business-case/assumptions': {
    members: HIRING,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/business-case/assumptions`,
      payload: { haircut: 0.4, realizationAtFirm: 0.85 },
    }),
  },
  'GET /api/firm/lpq-requests/:id/business-case.xlsx': {
    members: HIRING,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/business-case.xlsx` }),
  },
  'GET /api/firm/settings/business-case': {
    access: 'firm',
    ok: 200,
    members: onlyMembers(['firm', 'firmAdmin']),
    call: url('/api/firm/settings/business-case'),
  },
  'PUT /api/firm/settings/business-case': {
    access: 'firm',
    ok: 200,
    members: onlyMembers(['firm', 'firmAdmin']),
    call: withBody('/api/firm/settings/business-case', () => ({ haircut: 0.35, collectionLagMonths: 4 })),
  },
  // PRODUCT.md §11: verify, and the audit trail
  'GET /api/firm/lpq-requests/:id/verify': {
    members: SEES,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/verify?version=1` }),
  },
  'GET /api/firm/lpq-requests/:id/audit.csv': {
    members: SEES,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit.csv` }),
  },
  'GET /api/firm/lpq-requests/:id/audit.pdf': {
    members: SEES,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit.pdf` }),
  },
  'POST /api/firm/lpq-requests/:id/audit/verify': {
    members: SEES,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit/verify`,
      payload: { receipt: emptyHeadReceipt(w.sharedRequestId) },
    }),
  },
  'GET /api/firm/lpq-requests/:id/audit/verify': {
    members: SEES,
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit/verify` }),
  },
};
