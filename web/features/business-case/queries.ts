import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';
import { FIRM_KEYS } from '../firm/api';

/** Under the request's key, so refreshing a request reaches its case too. */
export const BUSINESS_CASE_KEYS = {
  all: (id: string) => [...FIRM_KEYS.request(id), 'business-case'],
  case: (id: string, version: number) => [...FIRM_KEYS.request(id), 'business-case', version],
  defaults: ['/api/firm/settings/business-case'],
};

/** PRODUCT.md §12: the firm's case on one version (every read is an access event the attorney sees). */
export const useBusinessCase = (id: string, version: number) =>
  useQuery({
    queryKey: BUSINESS_CASE_KEYS.case(id, version),
    queryFn: () =>
      api('GET /api/firm/lpq-requests/:id/business-case', { params: { id }, query: { version } }),
  });

/** The firm's default assumptions (admins). */
export const useBusinessCaseDefaults = () =>
  useQuery({
    queryKey: BUSINESS_CASE_KEYS.defaults,
    queryFn: () => api('GET /api/firm/settings/business-case'),
  });
