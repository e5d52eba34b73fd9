import type { FirmDashboardStats, FirmProfile } from '@shared/firm';
import type { CustomSection, FirmRequestDetail, FirmRequestItem } from '@shared/requests';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';

export const FIRM_KEYS = {
  profile: ['/api/firm/profile'],
  stats: ['/api/firm/dashboard-stats'],
  sections: ['/api/firm/custom-sections'],
  requests: ['/api/firm/lpq-requests'],
  request: (id: string) => ['/api/firm/lpq-requests', id],
};

/** GET that reads 404 as "none yet" (a firm user who signed up on /auth has no profile). */
async function getOrNull<T>(url: string): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return (await res.json()) as T;
}

export const useFirmProfile = () =>
  useQuery<FirmProfile | null>({
    queryKey: FIRM_KEYS.profile,
    queryFn: () => getOrNull<FirmProfile>('/api/firm/profile'),
  });
export const useFirmStats = () => useQuery<FirmDashboardStats>({ queryKey: FIRM_KEYS.stats });
export const useCustomSections = () => useQuery<CustomSection[]>({ queryKey: FIRM_KEYS.sections });
export const useFirmRequests = () => useQuery<FirmRequestItem[]>({ queryKey: FIRM_KEYS.requests });
export const useFirmRequest = (id: string) =>
  useQuery<FirmRequestDetail>({ queryKey: FIRM_KEYS.request(id) });

/** After a request changes: the list, the counts and that request are read again. */
export function refreshRequests(id?: string) {
  void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.requests, exact: true });
  void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.stats });
  if (id) void queryClient.invalidateQueries({ queryKey: FIRM_KEYS.request(id) });
}
