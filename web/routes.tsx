import type { UserType } from '@shared/auth';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useParams, useSearchParams } from 'react-router';
import { FullPageSpinner } from './components/FullPageSpinner';
import { RequireUser, SignedOutOnly } from './components/Guards';
import { useAuth } from './lib/auth';
import { apiUrl } from './lib/client';

// Every page is its own chunk: /auth loads only what it shows. `preload` starts loading it early.
type Page = LazyExoticComponent<ComponentType> & { preload: () => void };
const page = (load: () => Promise<{ default: ComponentType }>): Page =>
  Object.assign(lazy(load), {
    // A failed load shows where the page renders (the lazy component loads it again).
    preload: () => void load().catch(() => {}),
  });
const Landing = page(() => import('./pages/Landing'));
const Home = page(() => import('./pages/Home'));
const AuthPage = page(() => import('./pages/Auth'));
const VerifyEmail = page(() => import('./pages/VerifyEmail'));
const ForgotPassword = page(() => import('./pages/ForgotPassword'));
const ResetPassword = page(() => import('./pages/ResetPassword'));
const RegisterAttorney = page(() => import('./pages/RegisterAttorney'));
const RegisterFirm = page(() => import('./pages/RegisterFirm'));
const NotFound = page(() => import('./pages/NotFound'));
const Terms = lazy(() => import('./pages/Legal').then((m) => ({ default: m.TermsPage })));
const Privacy = lazy(() => import('./pages/Legal').then((m) => ({ default: m.PrivacyPage })));

const AttorneyOnboarding = page(() => import('./pages/AttorneyOnboarding'));
const AttorneyDashboard = page(() => import('./pages/AttorneyDashboard'));
const AttorneyProfile = page(() => import('./pages/AttorneyProfile'));
const AttorneyAccessLog = page(() => import('./pages/AttorneyAccessLog'));
const AttorneyAccount = page(() => import('./pages/AttorneyAccount'));
const MasterLpq = page(() => import('./pages/MasterLpq'));
const ConflictsForm = page(() => import('./pages/ConflictsForm'));
const DiversityForm = page(() => import('./pages/DiversityForm'));
const BusinessPlan = page(() => import('./pages/BusinessPlan'));
const LpqRequests = page(() => import('./pages/LpqRequests'));
const LpqPage = page(() => import('./pages/LpqPage'));

const FirmDashboard = page(() => import('./pages/FirmDashboard'));
const FirmProfile = page(() => import('./pages/FirmProfile'));
const FirmRequests = page(() => import('./pages/FirmRequests'));
const FirmRequestNew = page(() => import('./pages/FirmRequestNew'));
const FirmRequestDetail = page(() => import('./pages/FirmRequestDetail'));
const FirmCustomSections = page(() => import('./pages/FirmCustomSections'));

/**
 * What a page asks the API for first, by its path's `:id` and its query: asked for with the page's code
 * and the session check rather than after both (Lighthouse's LCP, bench/lighthouse.ts). Each address must
 * be the one the page's query fetches (lib/client.ts: GET, credentials included), or it is asked twice.
 */
type FirstData = (id: string, search: URLSearchParams) => string[];

/** Signed-in routes and the user type each needs (spec 2.1, PRODUCT.md §4). */
const PROTECTED: [string, Page, UserType, FirstData?][] = [
  ['/attorney/onboarding', AttorneyOnboarding, 'attorney'],
  ['/attorney/dashboard', AttorneyDashboard, 'attorney', () => [apiUrl('GET /api/attorney/dashboard-stats')]],
  ['/attorney/profile', AttorneyProfile, 'attorney'],
  ['/attorney/access-log', AttorneyAccessLog, 'attorney'],
  ['/attorney/activity', AttorneyAccessLog, 'attorney'],
  ['/attorney/account', AttorneyAccount, 'attorney'],
  ['/attorney/master-lpq', MasterLpq, 'attorney'],
  ['/attorney/conflicts-form', ConflictsForm, 'attorney'],
  ['/attorney/diversity-form', DiversityForm, 'attorney'],
  ['/attorney/business-plan', BusinessPlan, 'attorney'],
  ['/attorney/lpq-requests', LpqRequests, 'attorney'],
  ['/lpq/:id', LpqPage, 'attorney'],
  ['/firm/dashboard', FirmDashboard, 'firm'],
  ['/firm/profile', FirmProfile, 'firm'],
  ['/firm/requests', FirmRequests, 'firm'],
  ['/firm/requests/new', FirmRequestNew, 'firm'],
  [
    '/firm/requests/:id',
    FirmRequestDetail,
    'firm',
    // The latest version (a `?version=` link asks for its own), and the notes.
    (id, search) => [
      ...(search.has('version') ? [] : [apiUrl('GET /api/firm/lpq-requests/:id', { params: { id } })]),
      apiUrl('GET /api/firm/lpq-requests/:id/notes', { params: { id } }),
    ],
  ],
  ['/firm/custom-sections', FirmCustomSections, 'firm'],
];

/**
 * A signed-in page: its code loads while the session is checked rather than after, one round trip less
 * before the page shows (Lighthouse's LCP, bench/lighthouse.ts).
 */
function Protected({ page: Page, userType, data }: { page: Page; userType: UserType; data?: FirstData }) {
  useEffect(() => Page.preload(), [Page]);
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  // Before the first render's effects: the answers travel while the page's code downloads.
  if (data && firstPage) preloadData(data(id, search));
  firstPage = false;
  return (
    <RequireUser userType={userType}>
      <Page />
    </RequireUser>
  );
}

// Only the document's first page: later pages' queries start as soon as they render anyway.
let firstPage = true;

function preloadData(urls: string[]) {
  for (const href of urls) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'use-credentials';
    link.href = href;
    document.head.append(link);
  }
}

function Root() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return user ? <Home /> : <Landing />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/" element={<Root />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route path="/verify-email" element={<VerifyEmail />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/terms" element={<Terms />} />
        <Route path="/privacy" element={<Privacy />} />
        <Route
          path="/register/attorney"
          element={
            <SignedOutOnly>
              <RegisterAttorney />
            </SignedOutOnly>
          }
        />
        <Route
          path="/register/firm"
          element={
            <SignedOutOnly>
              <RegisterFirm />
            </SignedOutOnly>
          }
        />
        <Route path="/dashboard/attorney" element={<Navigate to="/attorney/dashboard" replace />} />
        <Route path="/dashboard/firm" element={<Navigate to="/firm/dashboard" replace />} />
        {PROTECTED.map(([path, Page, userType, data]) => (
          <Route key={path} path={path} element={<Protected page={Page} userType={userType} data={data} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
