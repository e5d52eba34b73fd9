import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';
import { api, apiOrNull } from '../../lib/client';

export const ATTORNEY_PATHS = {
  profile: '/api/attorney/profile',
  masterLpq: '/api/attorney/master-lpq',
  conflictsForm: '/api/attorney/conflicts-form',
  diversityForm: '/api/attorney/diversity-form',
  businessPlan: '/api/attorney/business-plan',
  dashboardStats: '/api/attorney/dashboard-stats',
  activity: '/api/attorney/activity',
} as const;

// A form nobody has saved yet answers 404: that is "none", not an error. Each key is its path.
export const useAttorneyProfile = () =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.profile],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/profile'),
  });
export const useMasterLpq = () =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.masterLpq],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/master-lpq'),
  });
/**
 * PRODUCT.md §12: the saved template's private flags. Keyed under the master LPQ's key, so whatever
 * refreshes the template after a save refreshes them too.
 */
export const useMasterLpqChecks = (enabled = true) =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.masterLpq, 'checks'],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/master-lpq/checks'),
    enabled,
  });
export const useConflictsForm = () =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.conflictsForm],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/conflicts-form'),
  });
export const useDiversityForm = () =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.diversityForm],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/diversity-form'),
  });
export const useBusinessPlan = () =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.businessPlan],
    queryFn: () => apiOrNull(404, 'GET /api/attorney/business-plan'),
  });

/** Queries never go stale (spec §9): every save refreshes what it changed, including the dashboard. */
export function afterAttorneySave(path: string, saved: unknown) {
  queryClient.setQueryData([path], saved);
  void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.dashboardStats] });
  void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.activity] });
  // The LPQ Requests page says what a share would send and whether a shared package is out of date.
  void queryClient.invalidateQueries({ queryKey: ['/api/attorney/lpq-requests'] });
  // The profile and the diversity form edit one record: each refreshes the other.
  if (path === ATTORNEY_PATHS.profile)
    void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.diversityForm] });
  if (path === ATTORNEY_PATHS.diversityForm)
    void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.profile] });
}

export const useDashboardStats = () =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.dashboardStats],
    queryFn: () => api('GET /api/attorney/dashboard-stats'),
  });
export const useRecentActivity = (enabled = true) =>
  useQuery({
    queryKey: [ATTORNEY_PATHS.activity],
    queryFn: () => api('GET /api/attorney/activity'),
    enabled,
  });
