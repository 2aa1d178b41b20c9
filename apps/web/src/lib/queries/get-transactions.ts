import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '../api';
import { TRANSACTIONS_QUERY_KEY } from './keys';

/** GET /api/transactions: the caller's transactions, newest first. */
export const getTransactions = () => apiJson<TTransaction[]>('GET', '/api/transactions');

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: TRANSACTIONS_QUERY_KEY, queryFn: getTransactions });

export function useTransactions() {
  return useQuery(transactionsQueryOptions());
}
