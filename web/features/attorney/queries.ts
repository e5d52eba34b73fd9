import type { ActivityItem, AttorneyDashboardStats, AttorneyProfile } from '@shared/attorney';
import type { BusinessPlan } from '@shared/business-plan';
import type { ConflictsForm } from '@shared/conflicts';
import type { DiversityForm } from '@shared/diversity';
import type { MasterLpq } from '@shared/master-lpq';
import { type QueryFunction, useQuery } from '@tanstack/react-query';
import { getQueryFn, queryClient, statusOf } from '../../lib/api';

export const ATTORNEY_PATHS = {
  profile: '/api/attorney/profile',
  masterLpq: '/api/attorney/master-lpq',
  conflictsForm: '/api/attorney/conflicts-form',
  diversityForm: '/api/attorney/diversity-form',
  businessPlan: '/api/attorney/business-plan',
  dashboardStats: '/api/attorney/dashboard-stats',
  activity: '/api/attorney/activity',
} as const;

/** A form nobody has saved yet answers 404: that is "none", not an error. */
function orNullWhenMissing<T>(): QueryFunction<T | null> {
  const fetchIt = getQueryFn<T>({ on401: 'throw' });
  return async (ctx) => {
    try {
      return await fetchIt(ctx);
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  };
}

const useSavedForm = <T>(path: string) =>
  useQuery<T | null>({ queryKey: [path], queryFn: orNullWhenMissing<T>() });

export const useAttorneyProfile = () => useSavedForm<AttorneyProfile>(ATTORNEY_PATHS.profile);
export const useMasterLpq = () => useSavedForm<MasterLpq>(ATTORNEY_PATHS.masterLpq);
export const useConflictsForm = () => useSavedForm<ConflictsForm>(ATTORNEY_PATHS.conflictsForm);
export const useDiversityForm = () => useSavedForm<DiversityForm>(ATTORNEY_PATHS.diversityForm);
export const useBusinessPlan = () => useSavedForm<BusinessPlan>(ATTORNEY_PATHS.businessPlan);

/** Queries never go stale (spec §9): every save refreshes what it changed, including the dashboard. */
export function afterAttorneySave(path: string, saved: unknown) {
  queryClient.setQueryData([path], saved);
  void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.dashboardStats] });
  void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.activity] });
  // The profile and the diversity form edit one record: each refreshes the other.
  if (path === ATTORNEY_PATHS.profile)
    void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.diversityForm] });
  if (path === ATTORNEY_PATHS.diversityForm)
    void queryClient.invalidateQueries({ queryKey: [ATTORNEY_PATHS.profile] });
}

export const useDashboardStats = () =>
  useQuery<AttorneyDashboardStats>({ queryKey: [ATTORNEY_PATHS.dashboardStats] });
export const useRecentActivity = () => useQuery<ActivityItem[]>({ queryKey: [ATTORNEY_PATHS.activity] });
