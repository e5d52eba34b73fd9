import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/auth';
import { api, type ResultOf } from '../../lib/client';

/** The account security page's reads; every change refreshes what it touched. */
export const SECURITY_KEYS = {
  overview: ['/api/auth/security'],
  passkeys: ['/api/auth/passkeys'],
  sessions: ['/api/auth/sessions'],
} as const;

export const useSecurityOverview = () =>
  useQuery({ queryKey: SECURITY_KEYS.overview, queryFn: () => api('GET /api/auth/security') });
/**
 * The firm requires a second factor and the account has one left, the one about to be removed (PRODUCT.md §10):
 * removing it leaves only the security page open.
 */
export const removesLastRequiredFactor = (overview: ResultOf<'GET /api/auth/security'> | undefined) =>
  !!overview?.requiredByFirm && Number(overview.totpEnabled) + overview.passkeyCount === 1;
export const usePasskeys = () =>
  useQuery({ queryKey: SECURITY_KEYS.passkeys, queryFn: () => api('GET /api/auth/passkeys') });
export const useSessions = () =>
  useQuery({ queryKey: SECURITY_KEYS.sessions, queryFn: () => api('GET /api/auth/sessions') });

/**
 * A change of factors (the overview) also reads the user again: whether a firm's second-factor rule still
 * holds them at the enrolment page (`mustEnrolSecondFactor`) follows what they just set up or removed.
 */
export const refreshSecurity = (...keys: (keyof typeof SECURITY_KEYS)[]) =>
  Promise.all([
    ...keys.map((k) => queryClient.invalidateQueries({ queryKey: SECURITY_KEYS[k] })),
    ...(keys.includes('overview') ? [queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY })] : []),
  ]);
