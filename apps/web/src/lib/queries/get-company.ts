import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyDetails } from '@holdfast/contracts';
import { apiJson } from '../api';

/** GET /api/company: who runs this service (the operator's settings). */
export const getCompany = () => apiJson<TCompanyDetails>('GET', '/api/company');

export const companyQueryOptions = () => queryOptions({ queryKey: ['/api/company'], queryFn: getCompany });

/** The footers (landing page, app shell) and the contact page; `name` stands in while it loads. */
export function useCompany() {
  const query = useQuery(companyQueryOptions());
  return { ...query, name: query.data?.name ?? 'Holdfast' };
}
