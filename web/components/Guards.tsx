import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { User, UserType } from '@shared/auth';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ENROLMENT_PAGE, ENROLMENT_REQUIRED_URL } from '../lib/api';
import { homePathFor, useAuth, useHomePath } from '../lib/auth';
import { handleUnauthorized, sessionEndedHere } from '../lib/toast';
import { FullPageSpinner } from './FullPageSpinner';

function Unauthorized() {
  const fired = useRef(false);
  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    handleUnauthorized();
  }, []);
  return <FullPageSpinner label="Redirecting…" />;
}

const ACCOUNT_NAMES: Record<UserType, string> = { attorney: 'attorney', firm: 'law firm' };
const ONE_ACCOUNT: Record<UserType, string> = { attorney: 'an attorney account', firm: 'a law firm account' };

/** Signed in, but as the other side: say which account the page is for, and offer the way home. */
function WrongAccount({ user, needed }: { user: User; needed: UserType }) {
  const home = useHomePath(user);
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} fz="h2" ta="center">
          This page is for {ACCOUNT_NAMES[needed]} accounts
        </Title>
        <Text c="dimmed" ta="center">
          You are signed in as {user.email}, {ONE_ACCOUNT[user.userType]}.
        </Text>
        <Button component={Link} to={home.path ?? homePathFor(user)}>
          Go to your dashboard
        </Button>
      </Stack>
    </Center>
  );
}

/** Spec 2.4: a spinner with a welcome line while the user's area is found, then that area. */
export function HomeRedirect({ user }: { user: User }) {
  const home = useHomePath(user);
  if (home.isLoading || !home.path) return <FullPageSpinner label={`Welcome, ${user.firstName}…`} />;
  return <Navigate to={home.path} replace />;
}

/**
 * Signed-in pages: the spinner while the user loads; signed out, the unauthorised toast and /api/login (or
 * home, when this tab signed out itself); signed in as the other kind of account, a page that says so
 * (PRODUCT.md §2) rather than 'You are logged out'; a member who must set up a second factor first, the
 * enrolment page.
 */
export function RequireUser({ userType, children }: { userType?: UserType; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  // Signed out here on purpose: the app is on its way home (the navigation that follows is a transition,
  // rendered after this page sees no user), not a session that expired.
  if (!user) return sessionEndedHere() ? <Navigate to="/" replace /> : <Unauthorized />;
  if (userType && user.userType !== userType) return <WrongAccount user={user} needed={userType} />;
  // PRODUCT.md §10: the firm requires a second factor this member has not set up; only enrolment is open.
  if (user.mustEnrolSecondFactor && location.pathname !== ENROLMENT_PAGE)
    return <Navigate to={ENROLMENT_REQUIRED_URL} replace />;
  return <>{children}</>;
}

/**
 * Signed-out pages (registration): a user who arrives signed in goes to their area. A user who signs
 * up on the page stays on it, so the page decides where to go next.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const shownSignedOut = useRef(false);
  if (isLoading) return <FullPageSpinner />;
  if (user && !shownSignedOut.current) return <HomeRedirect user={user} />;
  shownSignedOut.current = true;
  return <>{children}</>;
}
