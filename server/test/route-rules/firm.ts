import { requestBody } from '../../modules/requests/sharing.test-support';
import { uniqueEmail } from '../factories';
import { firmProfileBody, type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of the firm's side. */
export const FIRM_RULES: Record<string, RouteRule> = {
  // The firm's side
  'GET /api/firm/profile': { access: 'firm', ok: 200, call: url('/api/firm/profile') },
  'POST /api/firm/profile': {
    access: 'firm',
    // Registration created it already.
    ok: 409,
    call: withBody('/api/firm/profile', firmProfileBody),
  },
  'PUT /api/firm/profile': { access: 'firm', ok: 200, call: withBody('/api/firm/profile', firmProfileBody) },
  'GET /api/firm/dashboard-stats': { access: 'firm', ok: 200, call: url('/api/firm/dashboard-stats') },
  'GET /api/firm/custom-sections': { access: 'firm', ok: 200, call: url('/api/firm/custom-sections') },
  'POST /api/firm/custom-sections': {
    access: 'firm',
    ok: 201,
    call: withBody('/api/firm/custom-sections', () => ({
      title: 'Matrix section',
      questions: [{ text: 'Relocate?', type: 'yesno', required: false }],
    })),
  },
  'PUT /api/firm/custom-sections/:id': {
    access: 'firm-owned',
    resource: 'custom section',
    ok: 200,
    call: (w) => ({
      url: `/api/firm/custom-sections/${w.customSection}`,
      payload: { title: 'Practice fit (edited)', questions: [] },
    }),
  },
  'DELETE /api/firm/custom-sections/:id': {
    access: 'firm-owned',
    resource: 'custom section',
    ok: 204,
    call: (w) => ({ url: `/api/firm/custom-sections/${w.customSectionToDelete}` }),
  },
  'GET /api/firm/lpq-requests': { access: 'firm', ok: 200, call: url('/api/firm/lpq-requests') },
  'POST /api/firm/lpq-requests': {
    access: 'firm',
    ok: 201,
    call: withBody('/api/firm/lpq-requests', () =>
      requestBody(uniqueEmail('invitee'), { dueDate: '2099-12-31' }),
    ),
  },
  'GET /api/firm/lpq-requests/:id': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}` }),
  },
  'POST /api/firm/lpq-requests/:id/status': {
    access: 'firm-owned',
    resource: 'request',
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/status`,
      payload: { status: 'reviewed' },
    }),
  },
  'GET /api/firm/lpq-requests.csv': { access: 'firm', ok: 200, call: url('/api/firm/lpq-requests.csv') },
  'POST /api/firm/lpq-requests/:id/withdraw': {
    access: 'firm-owned',
    resource: 'request',
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.requestToWithdraw}/withdraw` }),
  },
  'POST /api/firm/lpq-requests/:id/resend': {
    access: 'firm-owned',
    resource: 'request',
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.requestToResend}/resend` }),
  },
  'GET /api/firm/lpq-requests/:id/notes': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/notes` }),
  },
  'POST /api/firm/lpq-requests/:id/notes': {
    access: 'firm-owned',
    resource: 'request',
    ok: 201,
    call: (w) => ({
      url: `/api/firm/lpq-requests/${w.sharedRequestId}/notes`,
      payload: { body: 'Strong book in energy; ask about the Houston clients.' },
    }),
  },
  'GET /api/firm/lpq-requests/:id/changes': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/changes?from=1&to=1` }),
  },
  'GET /api/firm/lpq-requests/:id/package.pdf': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/package.pdf` }),
  },
  // PRODUCT.md §11: verify, and the audit trail
  'GET /api/firm/lpq-requests/:id/verify': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/verify?version=1` }),
  },
  'GET /api/firm/lpq-requests/:id/audit.csv': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit.csv` }),
  },
  'GET /api/firm/lpq-requests/:id/audit.pdf': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit.pdf` }),
  },
  'GET /api/firm/lpq-requests/:id/audit/verify': {
    access: 'firm-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/firm/lpq-requests/${w.sharedRequestId}/audit/verify` }),
  },
};
