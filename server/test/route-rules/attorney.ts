import { RECEIPT_MESSAGES } from '@shared/audit-trail';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../../modules/master-lpq/master-lpq.fixtures';
import { DEFAULT_PASSWORD } from '../factories';
import { emptyHeadReceipt, profileBody, type RouteRule, url, withBody } from './rule';

/** ROUTE_RULES of the attorney's side: records, drafts, requests and the position LPQ. */
export const ATTORNEY_RULES: Record<string, RouteRule> = {
  // The attorney's own records
  'GET /api/attorney/profile': { access: 'attorney', call: url('/api/attorney/profile') },
  'POST /api/attorney/profile': {
    access: 'attorney',
    call: withBody('/api/attorney/profile', profileBody),
  },
  'PUT /api/attorney/profile': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/attorney/profile', profileBody),
  },
  'GET /api/attorney/dashboard-stats': {
    access: 'attorney',
    ok: 200,
    call: url('/api/attorney/dashboard-stats'),
  },
  'GET /api/attorney/activity': { access: 'attorney', ok: 200, call: url('/api/attorney/activity') },
  'GET /api/attorney/onboarding': { access: 'attorney', ok: 200, call: url('/api/attorney/onboarding') },
  'POST /api/attorney/onboarding/complete': {
    access: 'attorney',
    ok: 200,
    call: url('/api/attorney/onboarding/complete'),
  },
  'GET /api/attorney/access-log': { access: 'attorney', ok: 200, call: url('/api/attorney/access-log') },
  // Another attorney's entry reads as an empty list (audit.test.ts): nothing says it exists.
  'GET /api/attorney/access-log/reads': {
    access: 'attorney',
    ok: 200,
    call: (w) => ({
      url: `/api/attorney/access-log/reads?requestId=${w.sharedRequestId}&readerId=${w.sharedRequestId}&from=2027-01-01T00:00:00.000Z&to=2027-01-01T01:00:00.000Z`,
    }),
  },
  'GET /api/attorney/data-export': { access: 'attorney', ok: 200, call: url('/api/attorney/data-export') },
  'POST /api/attorney/delete-account': {
    access: 'attorney',
    freshSession: 'new-attorney',
    ok: 204,
    call: withBody('/api/attorney/delete-account', () => ({
      password: DEFAULT_PASSWORD,
      confirmation: 'DELETE',
    })),
  },
  // Autosaved drafts (a position LPQ's draft is owner-scoped: drafts.test.ts)
  'GET /api/attorney/drafts/:form': {
    access: 'attorney',
    ok: 200,
    call: url('/api/attorney/drafts/master-lpq'),
  },
  'PUT /api/attorney/drafts/:form': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/attorney/drafts/business-plan', () => ({ data: { executiveSummary: 'Draft' } })),
  },
  'DELETE /api/attorney/drafts/:form': {
    access: 'attorney',
    ok: 204,
    call: url('/api/attorney/drafts/business-plan'),
  },
  'GET /api/attorney/master-lpq': { access: 'attorney', call: url('/api/attorney/master-lpq') },
  'GET /api/attorney/master-lpq/checks': { access: 'attorney', call: url('/api/attorney/master-lpq/checks') },
  'POST /api/attorney/master-lpq': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/attorney/master-lpq', () => ({ ...completeMasterLpq(), isComplete: true })),
  },
  'GET /api/attorney/conflicts-form': { access: 'attorney', call: url('/api/attorney/conflicts-form') },
  'PUT /api/attorney/conflicts-form': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/attorney/conflicts-form', () => conflictsForm()),
  },
  'GET /api/attorney/diversity-form': { access: 'attorney', call: url('/api/attorney/diversity-form') },
  'PUT /api/attorney/diversity-form': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/attorney/diversity-form', () => diversityForm()),
  },
  'GET /api/attorney/business-plan': { access: 'attorney', call: url('/api/attorney/business-plan') },
  'PUT /api/attorney/business-plan': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/attorney/business-plan', () => businessPlan()),
  },

  // Requests on the attorney's side, and the position LPQ
  'GET /api/attorney/lpq-requests': { access: 'attorney', ok: 200, call: url('/api/attorney/lpq-requests') },
  'GET /api/attorney/lpq-requests/summary': {
    access: 'attorney',
    ok: 200,
    call: url('/api/attorney/lpq-requests/summary'),
  },
  'POST /api/attorney/lpq-requests/:id/share': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToShare}/share` }),
  },
  'GET /api/attorney/lpq-requests/:id/preview': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToShare}/preview` }),
  },
  'POST /api/attorney/lpq-requests/:id/update': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/update`, payload: {} }),
  },
  // PRODUCT.md §11: the audit trail
  'GET /api/attorney/lpq-requests/:id/audit.csv': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/audit.csv` }),
  },
  'GET /api/attorney/lpq-requests/:id/audit.pdf': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/audit.pdf` }),
  },
  'GET /api/attorney/lpq-requests/:id/audit/verify': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/audit/verify` }),
  },
  'POST /api/attorney/lpq-requests/:id/audit/verify': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({
      url: `/api/attorney/lpq-requests/${w.sharedRequestId}/audit/verify`,
      payload: { receipt: emptyHeadReceipt(w.sharedRequestId) },
    }),
  },
  'POST /api/attorney/audit/verify': {
    // The receipt names the request: another attorney's check of it is refused like an unknown one's.
    access: 'attorney-owned',
    resource: 'request',
    othersGet: 400,
    othersMessage: RECEIPT_MESSAGES.otherTrail,
    ok: 200,
    call: (w) => ({
      url: '/api/attorney/audit/verify',
      payload: { receipt: emptyHeadReceipt(w.sharedRequestId) },
    }),
  },
  'GET /api/attorney/audit.csv': { access: 'attorney', ok: 200, call: url('/api/attorney/audit.csv') },
  'GET /api/attorney/audit/verify': { access: 'attorney', ok: 200, call: url('/api/attorney/audit/verify') },
  'POST /api/attorney/lpq-requests/:id/revoke': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToRevoke}/revoke` }),
  },
  'GET /api/attorney/lpq-requests/:id/changes': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/changes` }),
  },
  'GET /api/attorney/lpq-requests/:id/conflicts': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.sharedRequestId}/conflicts` }),
  },
  // PRODUCT.md §13: the pre-check of a pending request (409 once it is shared, or with nothing to withdraw).
  'POST /api/attorney/lpq-requests/:id/conflicts-precheck': {
    access: 'attorney-owned',
    resource: 'request',
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToShare}/conflicts-precheck` }),
  },
  'DELETE /api/attorney/lpq-requests/:id/conflicts-precheck': {
    access: 'attorney-owned',
    resource: 'request',
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToShare}/conflicts-precheck` }),
  },
  'GET /api/attorney/lpq-requests/:id/firm-profile': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToShare}/firm-profile` }),
  },
  'POST /api/attorney/lpq-requests/:id/decline': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({
      url: `/api/attorney/lpq-requests/${w.requestToDecline}/decline`,
      payload: { reason: 'Not the right time' },
    }),
  },
  'GET /api/lpqs/:id': {
    access: 'attorney-owned',
    resource: 'position LPQ',
    ok: 200,
    call: (w) => ({ url: `/api/lpqs/${w.lpqId}` }),
  },
  'PUT /api/lpqs/:id': {
    access: 'attorney-owned',
    resource: 'position LPQ',
    call: (w) => ({ url: `/api/lpqs/${w.lpqId}`, payload: { formData: { name: 'Casey Owner' } } }),
  },
  'PUT /api/lpqs/:id/complete': {
    access: 'attorney-owned',
    resource: 'position LPQ',
    call: (w, actor) => ({
      url: `/api/lpqs/${w.lpqId}/complete`,
      payload: {
        formData: { name: 'Casey Owner', email: w.actors.attorney.email },
        firmAnswers: { 'fit-1': `Answered as ${actor}` },
      },
    }),
  },
};
