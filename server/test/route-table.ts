import { type SQL, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Db } from '../db/client';
import { firmRegistration } from '../modules/firm/firm.factories';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../modules/master-lpq/master-lpq.fixtures';
import { requestBody } from '../modules/requests/sharing.test-support';
import type { ActorName, FreshSession, World } from './actors';
import { DEFAULT_PASSWORD, uniqueEmail } from './factories';

/** One route of the running server, as Fastify registered it. */
export type CollectedRoute = {
  /** `METHOD /path/:param`, the key of the expectation table. */
  key: string;
  method: string;
  url: string;
  /** The zod schema the route validates its body with, if it takes one. */
  bodySchema?: ZodType;
};

/**
 * Collects the route table at runtime through buildApp's `onRoute`: every route any module adds,
 * never a hand-written list. One collector may serve several apps (one per database).
 */
export function routeCollector() {
  const routes = new Map<string, CollectedRoute>();
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const body = (route.schema as { body?: ZodType } | undefined)?.body;
      routes.set(key, { key, method, url: route.url, bodySchema: body });
    }
  };
  return { onRoute, routes: () => [...routes.values()] };
}

/**
 * Who may call a route (PRODUCT.md §6 and §8):
 * - public: everybody;
 * - signed-in: any user; 401 signed out;
 * - attorney / firm: that user type; 401 signed out, 403 the other type;
 * - attorney-owned / firm-owned: one resource of the owning attorney or firm; 401 signed out, 403 the
 *   other type, 404 for the other attorney or firm (the resource is never revealed to exist);
 * - file: a download; the owning attorney and the firm it was shared with; 401 signed out, 404 others;
 * - signed-url: the local upload URL; no session needed, a forged signature is 403 whoever sends it.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'attorney'
  | 'firm'
  | 'attorney-owned'
  | 'firm-owned'
  | 'file'
  | 'signed-url';

export type RouteCall = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

export type RouteRule = {
  access: Access;
  /** The owned resource, for the owner-scoped rules: what another attorney or firm must not see. */
  resource?: string;
  /** The request each actor sends: a valid one, so the owning actor's answer means something. */
  call: (world: World, actor: ActorName) => RouteCall;
  /**
   * true: each signed-in actor signs in anew for this call (it ends or replaces the session it uses).
   * 'new-attorney': each attorney calls as a brand-new attorney of their own (the call deletes the account
   * it uses, so the world's attorneys must not be the ones); firm users keep their session.
   */
  freshSession?: FreshSession;
  /** The exact answer an allowed actor gets, where it does not depend on earlier calls. */
  ok?: number;
  /**
   * For a resource named in the body rather than the path: the answer the other attorney or firm gets,
   * the same as for a resource that does not exist (never revealing that it does).
   */
  othersGet?: 400;
};

const url = (path: string) => () => ({ url: path });
const withBody = (path: string, payload: () => unknown) => () => ({ url: path, payload: payload() });
const profileBody = () => ({
  phone: '+1 212 555 0100',
  currentFirm: 'Hale & Porter LLP',
  dischargeDate: '2012-03-15T00:00:00.000Z',
});
const multipartQuery = (m: { key: string }) => `key=${encodeURIComponent(m.key)}`;
const firmProfileBody = () => {
  const { email, password, agreeToTerms, ...profile } = firmRegistration();
  return profile;
};

/**
 * The expectation table: every route the server has, by `METHOD /path`, with its rule. A route added
 * without an entry here fails the matrix. HEAD routes follow their GET route.
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  // Accounts
  'GET /api/login': { access: 'public', call: url('/api/login'), ok: 302 },
  'POST /api/login': {
    access: 'public',
    freshSession: true,
    ok: 200,
    call: (w) => ({
      url: '/api/login',
      payload: { email: w.actors.otherAttorney.email, password: DEFAULT_PASSWORD },
    }),
  },
  'POST /api/logout': { access: 'public', freshSession: true, ok: 200, call: url('/api/logout') },
  'GET /api/logout': { access: 'public', freshSession: true, ok: 302, call: url('/api/logout') },
  'POST /api/register': {
    access: 'public',
    ok: 201,
    call: withBody('/api/register', () => ({
      email: uniqueEmail('matrix'),
      password: DEFAULT_PASSWORD,
      firstName: 'Riley',
      lastName: 'Matrix',
      userType: 'attorney',
    })),
  },
  'POST /api/register/attorney': {
    access: 'public',
    ok: 201,
    call: withBody('/api/register/attorney', () => ({
      email: uniqueEmail('matrix'),
      password: DEFAULT_PASSWORD,
      firstName: 'Riley',
      lastName: 'Matrix',
      phone: '+1 212 555 0111',
    })),
  },
  'POST /api/register/firm': {
    access: 'public',
    ok: 201,
    call: withBody('/api/register/firm', () => firmRegistration()),
  },
  'POST /api/auth/verify-email': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/verify-email', () => ({ token: 'a'.repeat(43) })),
  },
  'POST /api/auth/forgot-password': {
    access: 'public',
    ok: 202,
    call: withBody('/api/auth/forgot-password', () => ({ email: uniqueEmail('nobody') })),
  },
  'POST /api/auth/reset-password': {
    access: 'public',
    ok: 400,
    call: withBody('/api/auth/reset-password', () => ({ token: 'a'.repeat(43), password: 'new password' })),
  },
  'GET /api/user': { access: 'signed-in', ok: 200, call: url('/api/user') },
  'GET /api/auth/user': { access: 'signed-in', ok: 200, call: url('/api/auth/user') },
  'POST /api/auth/resend-verification': { access: 'signed-in', call: url('/api/auth/resend-verification') },
  'GET /dev/mail': { access: 'public', ok: 200, call: url('/dev/mail') },

  // Operations (probes; /metrics only when METRICS_ENABLED, which the tests leave off)
  'GET /healthz': { access: 'public', ok: 200, call: url('/healthz') },
  'GET /readyz': { access: 'public', ok: 200, call: url('/readyz') },

  // The API's own description (shared/contracts): public, shapes and texts only
  'GET /api/openapi.json': { access: 'public', ok: 200, call: url('/api/openapi.json') },
  'GET /api/docs': { access: 'public', ok: 200, call: url('/api/docs') },

  // Files
  'POST /api/objects/upload': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/objects/upload', () => ({
      filename: 'sample.pdf',
      contentType: 'application/pdf',
      size: 1024,
    })),
  },
  'POST /api/objects/:id/confirm': {
    access: 'attorney-owned',
    resource: 'file',
    ok: 200,
    call: (w) => ({ url: `/api/objects/${w.file.id}/confirm` }),
  },
  'GET /api/objects/:id': {
    access: 'attorney-owned',
    resource: 'file',
    ok: 200,
    call: (w) => ({ url: `/api/objects/${w.file.id}` }),
  },
  'GET /objects/:id': { access: 'file', ok: 200, call: (w) => ({ url: w.file.url }) },
  'PUT /api/attorney/resume': {
    access: 'attorney-owned',
    resource: 'file',
    othersGet: 400,
    ok: 200,
    call: (w) => ({ url: '/api/attorney/resume', payload: { resumeURL: w.file.url } }),
  },
  'GET /api/uploads/settings': { access: 'attorney', ok: 200, call: url('/api/uploads/settings') },
  'GET /api/uploads/s3/params': {
    access: 'attorney',
    ok: 200,
    call: url('/api/uploads/s3/params?filename=a.pdf&type=application%2Fpdf&metadata%5Bsize%5D=1024'),
  },
  'POST /api/uploads/s3/multipart': {
    access: 'attorney',
    ok: 200,
    call: withBody('/api/uploads/s3/multipart', () => ({
      filename: 'big.pdf',
      type: 'application/pdf',
      metadata: { size: 1024 },
    })),
  },
  // Spec §7's temporary credentials: never issued (files.routes.ts says why).
  'GET /api/uploads/s3/sts': { access: 'attorney', ok: 501, call: url('/api/uploads/s3/sts') },
  'GET /api/uploads/s3/multipart/:uploadId': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    ok: 200,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipart.uploadId}?${multipartQuery(w.multipart)}`,
    }),
  },
  'GET /api/uploads/s3/multipart/:uploadId/:partNumber': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    ok: 200,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipart.uploadId}/1?${multipartQuery(w.multipart)}`,
    }),
  },
  'POST /api/uploads/s3/multipart/:uploadId/complete': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    // No part was sent: the owner is told so, everybody else learns nothing.
    ok: 400,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipart.uploadId}/complete?${multipartQuery(w.multipart)}`,
      payload: { parts: [{ PartNumber: 1, ETag: '"0123456789abcdef"' }] },
    }),
  },
  'DELETE /api/uploads/s3/multipart/:uploadId': {
    access: 'attorney-owned',
    resource: 'multipart upload',
    ok: 200,
    call: (w) => ({
      url: `/api/uploads/s3/multipart/${w.multipartToAbort.uploadId}?${multipartQuery(w.multipartToAbort)}`,
    }),
  },
  'PUT /api/uploads/local/*': {
    access: 'signed-url',
    ok: 200,
    call: (w, actor) => ({
      url: actor === 'attorney' ? w.uploadUrl : w.uploadUrl.replace(/signature=[^&]+/, 'signature=forged'),
      payload: Buffer.from('%PDF-1.7\n'),
      headers: { 'content-type': 'application/pdf' },
    }),
  },

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
  'POST /api/attorney/lpq-requests/:id/revoke': {
    access: 'attorney-owned',
    resource: 'request',
    ok: 200,
    call: (w) => ({ url: `/api/attorney/lpq-requests/${w.requestToRevoke}/revoke` }),
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
};

/** The rule of a collected route; HEAD follows GET. */
export function ruleFor(route: Pick<CollectedRoute, 'method' | 'url'>): RouteRule | undefined {
  return (
    ROUTE_RULES[`${route.method} ${route.url}`] ??
    (route.method === 'HEAD' ? ROUTE_RULES[`GET ${route.url}`] : undefined)
  );
}

/** The status each actor must get from a route of this rule; 'allowed' means not refused. */
export function expectedFor(rule: RouteRule, actor: ActorName): 'allowed' | 400 | 401 | 403 | 404 {
  const side = actor === 'signedOut' ? null : actor.toLowerCase().includes('firm') ? 'firm' : 'attorney';
  switch (rule.access) {
    case 'public':
      return 'allowed';
    case 'signed-url':
      return actor === 'attorney' ? 'allowed' : 403;
    case 'signed-in':
      return side ? 'allowed' : 401;
    case 'attorney':
    case 'firm':
      return !side ? 401 : side === rule.access ? 'allowed' : 403;
    case 'attorney-owned':
    case 'firm-owned': {
      const owner = rule.access === 'attorney-owned' ? 'attorney' : 'firm';
      if (!side) return 401;
      if (side !== owner) return 403;
      return actor === owner ? 'allowed' : (rule.othersGet ?? 404);
    }
    case 'file':
      if (!side) return 401;
      return actor === 'attorney' || actor === 'firm' ? 'allowed' : 404;
  }
}

/** The actor who may call the route, for tests that exercise it as its rightful caller. */
export function ownerOf(rule: RouteRule): ActorName {
  if (rule.access === 'public') return 'signedOut';
  return rule.access.startsWith('firm') ? 'firm' : 'attorney';
}

/** Tables whose rows change on every request (session last use, mail delivery): compared by count only. */
const COUNTED_TABLES = new Set(['sessions', 'outbox']);
/** Rate-limit counters count refused attempts too: that is their job, not a stored change. */
const IGNORED_TABLES = new Set(['rate_limits']);

/**
 * What the database holds, one digest per table: equal before and after a call that must store
 * nothing (a refused or invalid call). Row contents are compared, so an UPDATE shows as well as an INSERT.
 */
export async function storedState(db: Db): Promise<Record<string, string>> {
  // Both drivers answer `{ rows }`; the Db type is their common ground, which leaves rows untyped.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const columns = tables
    .filter(({ tablename }) => !IGNORED_TABLES.has(tablename))
    .map(({ tablename: table }) =>
      COUNTED_TABLES.has(table)
        ? `(select count(*)::text from "${table}") as "${table}"`
        : `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${table}" t) as "${table}"`,
    );
  const [row] = await rows<Record<string, string>>(sql.raw(`select ${columns.join(', ')}`));
  return row;
}
