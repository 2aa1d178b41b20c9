import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { publicProfileQueryKey } from './get-public-profile';

/** GET /api/public/profile/:slug/transactions: empty unless the owner made their history public. */
export const getPublicTransactions = (slug: string) =>
  apiJson<TPublicTransaction[]>('GET', `/api/public/profile/${encodeURIComponent(slug)}/transactions`);

export const publicTransactionsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...publicProfileQueryKey(slug), 'transactions'] as const,
    queryFn: () => getPublicTransactions(slug),
  });

export function usePublicTransactions(slug: string, enabled = true) {
  return useQuery({ ...publicTransactionsQueryOptions(slug), enabled });
}
