import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/api';
import { USER_QUERY_KEY } from '../../lib/auth';
import { api, type ResultOf } from '../../lib/client';

/** The firm team's reads (PRODUCT.md §9); each change refreshes what it touched and the audit trail. */
export const TEAM_KEYS = {
  members: ['/api/firm/members'],
  invitations: ['/api/firm/invitations'],
  settings: ['/api/firm/settings'],
  audit: ['/api/firm/audit'],
} as const;

export type Member = ResultOf<'GET /api/firm/members'>[number];
export type Invitation = ResultOf<'GET /api/firm/invitations'>[number];
export type FirmAuditEntry = ResultOf<'GET /api/firm/audit'>[number];

export const useMembers = () =>
  useQuery({ queryKey: TEAM_KEYS.members, queryFn: () => api('GET /api/firm/members') });
export const useInvitations = (enabled = true) =>
  useQuery({ queryKey: TEAM_KEYS.invitations, queryFn: () => api('GET /api/firm/invitations'), enabled });
export const useFirmSettings = () =>
  useQuery({ queryKey: TEAM_KEYS.settings, queryFn: () => api('GET /api/firm/settings') });
export const useFirmAudit = () =>
  useQuery({ queryKey: TEAM_KEYS.audit, queryFn: () => api('GET /api/firm/audit') });

export const refreshTeam = (...keys: (keyof typeof TEAM_KEYS)[]) =>
  Promise.all(
    [...keys, 'audit' as const].map((k) => queryClient.invalidateQueries({ queryKey: TEAM_KEYS[k] })),
  );

/** The signed-in user's own roles changed: the pages and links they see follow at once. */
export const refreshCurrentUser = () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
