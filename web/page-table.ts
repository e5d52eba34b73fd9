import type { UserType } from '@shared/auth';
import type { ComponentType } from 'react';
import { apiUrl } from './lib/api-url';

/**
 * Every page's code and the paths a first load can open, apart from the routes' React elements: the boot
 * entry (web/boot.ts) reads this table to start a page's code and first data with the shell's, and
 * web/routes.tsx builds the routes from it. Each page is its own chunk: /auth loads only what it shows.
 */
export const PAGES = {
  Landing: () => import('./pages/Landing'),
  Home: () => import('./pages/Home'),
  Auth: () => import('./pages/Auth'),
  VerifyEmail: () => import('./pages/VerifyEmail'),
  ForgotPassword: () => import('./pages/ForgotPassword'),
  ResetPassword: () => import('./pages/ResetPassword'),
  RegisterAttorney: () => import('./pages/RegisterAttorney'),
  RegisterFirm: () => import('./pages/RegisterFirm'),
  NotFound: () => import('./pages/NotFound'),
  AttorneyOnboarding: () => import('./pages/AttorneyOnboarding'),
  AttorneyDashboard: () => import('./pages/AttorneyDashboard'),
  AttorneyProfile: () => import('./pages/AttorneyProfile'),
  AttorneyAccessLog: () => import('./pages/AttorneyAccessLog'),
  AttorneyAccount: () => import('./pages/AttorneyAccount'),
  MasterLpq: () => import('./pages/MasterLpq'),
  ConflictsForm: () => import('./pages/ConflictsForm'),
  DiversityForm: () => import('./pages/DiversityForm'),
  BusinessPlan: () => import('./pages/BusinessPlan'),
  LpqRequests: () => import('./pages/LpqRequests'),
  PositionLpqPage: () => import('./pages/PositionLpqPage'),
  FirmDashboard: () => import('./pages/FirmDashboard'),
  FirmProfile: () => import('./pages/FirmProfile'),
  FirmRequests: () => import('./pages/FirmRequests'),
  FirmRequestNew: () => import('./pages/FirmRequestNew'),
  FirmRequestDetail: () => import('./pages/FirmRequestDetail'),
  FirmCustomSections: () => import('./pages/FirmCustomSections'),
  FirmConflicts: () => import('./pages/FirmConflicts'),
  FirmConflictsView: () => import('./pages/FirmConflictsView'),
  FirmSelfIdentification: () => import('./pages/FirmSelfIdentification'),
  AccountSecurity: () => import('./pages/AccountSecurity'),
  FirmTeam: () => import('./pages/FirmTeam'),
  FirmSettings: () => import('./pages/FirmSettings'),
  Join: () => import('./pages/Join'),
  SsoRefused: () => import('./pages/SsoRefused'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type PageName = keyof typeof PAGES;

/**
 * What a page asks the API for first, by its path's `:id` and its query: asked for with the page's code
 * and the session check rather than after both (Lighthouse's LCP, bench/lighthouse.ts). Each address must
 * be the one the page's query fetches (lib/client.ts: GET, credentials included), or it is asked twice.
 */
export type FirstData = (id: string, search: URLSearchParams) => string[];

/** Pages anyone may open; the registration forms only signed out (SignedOutOnly). */
export const PUBLIC_PAGES: { path: string; page: PageName; signedOutOnly?: true }[] = [
  { path: '/auth', page: 'Auth' },
  { path: '/verify-email', page: 'VerifyEmail' },
  { path: '/forgot-password', page: 'ForgotPassword' },
  { path: '/reset-password', page: 'ResetPassword' },
  { path: '/register/attorney', page: 'RegisterAttorney', signedOutOnly: true },
  { path: '/register/firm', page: 'RegisterFirm', signedOutOnly: true },
  // A member invitation's mailed link (PRODUCT.md §9): signed in or not, the token decides.
  { path: '/join', page: 'Join' },
  // PRODUCT.md §14: a single sign-on the app refused (the callback sends the browser here).
  { path: '/sso/refused', page: 'SsoRefused' },
];

/** Signed-in routes and the user type each needs (spec 2.1, PRODUCT.md §4); none: either kind (§10). */
export const PROTECTED: { path: string; page: PageName; user?: UserType; data?: FirstData }[] = [
  { path: '/attorney/onboarding', page: 'AttorneyOnboarding', user: 'attorney' },
  {
    path: '/attorney/dashboard',
    page: 'AttorneyDashboard',
    user: 'attorney',
    data: () => [apiUrl('GET /api/attorney/dashboard-stats')],
  },
  { path: '/attorney/profile', page: 'AttorneyProfile', user: 'attorney' },
  { path: '/attorney/access-log', page: 'AttorneyAccessLog', user: 'attorney' },
  { path: '/attorney/activity', page: 'AttorneyAccessLog', user: 'attorney' },
  { path: '/attorney/account', page: 'AttorneyAccount', user: 'attorney' },
  { path: '/attorney/master-lpq', page: 'MasterLpq', user: 'attorney' },
  { path: '/attorney/conflicts-form', page: 'ConflictsForm', user: 'attorney' },
  { path: '/attorney/diversity-form', page: 'DiversityForm', user: 'attorney' },
  { path: '/attorney/business-plan', page: 'BusinessPlan', user: 'attorney' },
  { path: '/attorney/lpq-requests', page: 'LpqRequests', user: 'attorney' },
  { path: '/lpq/:id', page: 'PositionLpqPage', user: 'attorney' },
  { path: '/firm/dashboard', page: 'FirmDashboard', user: 'firm' },
  { path: '/firm/profile', page: 'FirmProfile', user: 'firm' },
  { path: '/firm/requests', page: 'FirmRequests', user: 'firm' },
  { path: '/firm/requests/new', page: 'FirmRequestNew', user: 'firm' },
  {
    path: '/firm/requests/:id',
    page: 'FirmRequestDetail',
    user: 'firm',
    // The latest version (a `?version=` link asks for its own). Not the notes: they are the hiring side's
    // (request.firmNotes), and before the session is read nothing here knows the member's roles, so a
    // conflicts reader's page asked for them and got a 403; they sit below the package, not in its first paint.
    data: (id, search) =>
      search.has('version') ? [] : [apiUrl('GET /api/firm/lpq-requests/:id', { params: { id } })],
  },
  { path: '/firm/custom-sections', page: 'FirmCustomSections', user: 'firm' },
  { path: '/firm/team', page: 'FirmTeam', user: 'firm' },
  { path: '/firm/settings', page: 'FirmSettings', user: 'firm' },
  // PRODUCT.md §9: the conflicts department's and the diversity officer's pages (their roles: 403 otherwise).
  { path: '/firm/conflicts', page: 'FirmConflicts', user: 'firm' },
  {
    path: '/firm/conflicts/:id',
    page: 'FirmConflictsView',
    user: 'firm',
    data: (id) => [apiUrl('GET /api/firm/lpq-requests/:id/conflicts', { params: { id } })],
  },
  {
    path: '/firm/self-identification',
    page: 'FirmSelfIdentification',
    user: 'firm',
    data: () => [apiUrl('GET /api/firm/self-identification')],
  },
  {
    path: '/account/security',
    page: 'AccountSecurity',
    data: () => [apiUrl('GET /api/auth/security'), apiUrl('GET /api/auth/sessions')],
  },
];

/**
 * The page a path opens and its `:id` ('' without one), as the router matches it: a path without a
 * parameter wins over one with (/firm/requests/new is not a request id). Null for any other path.
 */
export function pageAt(
  pathname: string,
): { route: (typeof PROTECTED)[number] | (typeof PUBLIC_PAGES)[number]; id: string } | null {
  const parts = pathname.replace(/(.)\/+$/, '$1').split('/');
  const routes = [...PUBLIC_PAGES, ...PROTECTED].sort(
    (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
  );
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    let id = '';
    const matches = pattern.every((p, i) => {
      if (!p.startsWith(':')) return p === parts[i];
      try {
        id = decodeURIComponent(parts[i]);
      } catch {
        return false; // a malformed escape: the router shows Not Found
      }
      return parts[i] !== '';
    });
    if (matches) return { route, id };
  }
  return null;
}
