import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { transactionQueryKey } from './keys';

/** GET /api/transactions/:id: the transaction being paid (shares its cache entry with the transactions pages). */
export const getCheckoutTransaction = (id: string) =>
  apiJson<TTransaction>('GET', `/api/transactions/${encodeURIComponent(id)}`);

export const checkoutTransactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: transactionQueryKey(id), queryFn: () => getCheckoutTransaction(id) });

export function useCheckoutTransaction(id: string) {
  return useQuery(checkoutTransactionQueryOptions(id));
}
