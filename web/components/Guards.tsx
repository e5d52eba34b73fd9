import type { UserType } from '@shared/auth';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { homePathFor, useAuth } from '../lib/auth';
import { handleUnauthorized } from '../lib/toast';
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

/** Signed-in pages: the spinner while the user loads; the unauthorised toast and /api/login otherwise. */
export function RequireUser({ userType, children }: { userType?: UserType; children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user || (userType && user.userType !== userType)) return <Unauthorized />;
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
  if (user && !shownSignedOut.current) return <Navigate to={homePathFor(user)} replace />;
  shownSignedOut.current = true;
  return <>{children}</>;
}
