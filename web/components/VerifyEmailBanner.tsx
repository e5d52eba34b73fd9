import type { User } from '@shared/auth';
import { lazy, Suspense } from 'react';

const VerifyEmailAlert = lazy(() => import('./VerifyEmailAlert'));

/**
 * Until the address is verified, firms' requests cannot reach an attorney and a firm cannot invite
 * (PRODUCT.md §6, §8): the banner says what to do, for each side. Most users are verified, so its code
 * (Mantine's Alert and its close button) loads only for those who are not, not with every dashboard.
 */
export function VerifyEmailBanner({ user }: { user: User }) {
  if (user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailAlert user={user} />
    </Suspense>
  );
}
