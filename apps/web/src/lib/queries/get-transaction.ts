import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '../api';
import { transactionQueryKey } from './keys';

/** GET /api/transactions/:id: one transaction (the details page and the checkout share its cache entry). */
export const getTransaction = (id: string) =>
  apiJson<TTransaction>('GET', `/api/transactions/${encodeURIComponent(id)}`);

export const transactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: transactionQueryKey(id), queryFn: () => getTransaction(id) });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}
