import type { User } from '@shared/auth';
import { loginToast, TOASTS } from '@shared/texts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage, queryClient } from './api';
import { api, apiOrNull, type BodyOf } from './client';
import { markSessionEndedHere, markSignedInHere, showToast } from './toast';
import { clearUnsavedInput } from './unsaved-input';

export const USER_QUERY_KEY = ['/api/user'];

export function useAuth() {
  const { data, isLoading } = useQuery({
    queryKey: USER_QUERY_KEY,
    // Not signed in is an answer here, not an ended session.
    queryFn: () =>
      apiOrNull(401, 'GET /api/user').then((user) => {
        if (user) markSignedInHere(true);
        return user;
      }),
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

export function setCurrentUser(user: User | null) {
  if (user) {
    markSessionEndedHere(false);
    markSignedInHere(true);
  }
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/** Signed out or account deleted: nothing of the user stays in this tab (cache, unsaved input). */
export function forgetSession() {
  markSessionEndedHere(true);
  // Signed out on purpose: a later sign-in page in this tab is no session that ended.
  markSignedInHere(false);
  clearUnsavedInput();
  queryClient.clear();
  setCurrentUser(null);
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/login'>) => api('POST /api/login', { body }),
    onSuccess: (answer) => {
      // A second factor on the account (PRODUCT.md §10): no session yet; the form asks for the second step.
      if ('twoFactorRequired' in answer) return;
      setCurrentUser(answer);
      showToast(loginToast(answer), { variant: 'success' });
    },
    onError: (error) =>
      showToast(TOASTS.loginFailed, {
        variant: 'destructive',
        message: errorMessage(error, TOASTS.loginFailed.message),
      }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: BodyOf<'POST /api/register'>) => api('POST /api/register', { body }),
    onSuccess: (user) => {
      setCurrentUser(user);
      showToast(TOASTS.registerSuccess, { variant: 'success' });
    },
    onError: (error) =>
      showToast(TOASTS.registerFailed, {
        variant: 'destructive',
        message: errorMessage(error, TOASTS.registerFailed.message),
      }),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api('POST /api/logout'),
    onSuccess: () => {
      forgetSession();
      showToast(TOASTS.logoutSuccess);
    },
    onError: () => showToast(TOASTS.logoutFailed, { variant: 'destructive' }),
  });
}

/** A user's area before anything else is known: spec 2.3 (an attorney starts at onboarding). */
export function homePathFor(user: User): string {
  if (user.userType === 'attorney') return '/attorney/onboarding';
  if (user.userType === 'firm') return '/firm/dashboard';
  return '/';
}

export const ONBOARDING_STATUS_PATH = '/api/attorney/onboarding';
export const onboardingQueryKey = (user: User) => [ONBOARDING_STATUS_PATH, user.id];

/**
 * Where a signed-in user belongs (PRODUCT.md §2): an attorney at onboarding until it is finished (or
 * skipped to the end), then at the dashboard; a firm at the firm dashboard. `isLoading` while the
 * attorney's onboarding state is being read.
 */
export function useHomePath(user: User | null): { path: string | null; isLoading: boolean } {
  const attorney = user?.userType === 'attorney';
  const onboarding = useQuery({
    queryKey: user ? onboardingQueryKey(user) : [ONBOARDING_STATUS_PATH],
    queryFn: () => api('GET /api/attorney/onboarding'),
    enabled: attorney,
  });
  if (!user) return { path: null, isLoading: false };
  if (!attorney) return { path: homePathFor(user), isLoading: false };
  if (onboarding.isLoading) return { path: null, isLoading: true };
  return {
    path: onboarding.data?.completedAt ? '/attorney/dashboard' : homePathFor(user),
    isLoading: false,
  };
}
