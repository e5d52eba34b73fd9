import type { UserType } from '@shared/auth';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageSpinner } from './components/FullPageSpinner';
import { RequireUser, SignedOutOnly } from './components/Guards';
import { useAuth } from './lib/auth';
import { PAGES, type PageName, PROTECTED, PUBLIC_PAGES } from './page-table';

// `preload` starts loading a page's code before it renders.
type Page = LazyExoticComponent<ComponentType> & { preload: () => void };
const page = (name: PageName): Page =>
  Object.assign(lazy(PAGES[name]), {
    // A failed load shows where the page renders (the lazy component loads it again).
    preload: () => void PAGES[name]().catch(() => {}),
  });
const Landing = page('Landing');
const Home = page('Home');
const NotFound = page('NotFound');
const Terms = lazy(() => import('./pages/Legal').then((m) => ({ default: m.TermsPage })));
const Privacy = lazy(() => import('./pages/Legal').then((m) => ({ default: m.PrivacyPage })));
// The firm's access gate (its rules and texts) loads with a signed-in page, not with /auth: Protected
// starts it with the page's code, while the session is checked.
const loadFirmAccessGate = () => import('./features/team/FirmAccessGate');
const FirmAccessGate = lazy(() => loadFirmAccessGate().then((m) => ({ default: m.FirmAccessGate })));
const publicPages = new Map(PUBLIC_PAGES.map((r) => [r.page, page(r.page)]));
const protectedPages = new Map(PROTECTED.map((r) => [r.page, page(r.page)]));

/**
 * A signed-in page: its code loads while the session is checked rather than after (web/boot.ts too). A
 * firm page opens only to the members whose roles allow it (PRODUCT.md §9).
 */
function Protected({ page: Page, userType, path }: { page: Page; userType?: UserType; path: string }) {
  useEffect(() => {
    Page.preload();
    void loadFirmAccessGate().catch(() => {});
  }, [Page]);
  return (
    <RequireUser userType={userType}>
      <FirmAccessGate path={path}>
        <Page />
      </FirmAccessGate>
    </RequireUser>
  );
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
        {PUBLIC_PAGES.map(({ path, page, signedOutOnly }) => {
          const Page = publicPages.get(page)!;
          return (
            <Route
              key={path}
              path={path}
              element={
                signedOutOnly ? (
                  <SignedOutOnly>
                    <Page />
                  </SignedOutOnly>
                ) : (
                  <Page />
                )
              }
            />
          );
        })}
        <Route path="/terms" element={<Terms />} />
        <Route path="/privacy" element={<Privacy />} />
        <Route path="/dashboard/attorney" element={<Navigate to="/attorney/dashboard" replace />} />
        <Route path="/dashboard/firm" element={<Navigate to="/firm/dashboard" replace />} />
        {PROTECTED.map(({ path, page, user }) => (
          <Route
            key={path}
            path={path}
            element={<Protected page={protectedPages.get(page)!} userType={user} path={path} />}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
