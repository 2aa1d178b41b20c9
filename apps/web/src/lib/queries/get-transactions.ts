import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TTransaction, TTransactionStats, TTransactionStatus } from '@holdfast/contracts';
import { apiJson } from '../api';
import { fetchPage, nextCursorOf, pageUrl } from '../paging';
import { TRANSACTIONS_QUERY_KEY } from './keys';

/**
 * GET /api/transactions: the caller's transactions, newest first, a page at a time (the next page's
 * cursor in X-Next-Cursor); `status` keeps one status. Keys start with TRANSACTIONS_QUERY_KEY, so
 * invalidateTransactionsAndWallet refreshes every list, page and count.
 */
export const getTransactionsPage = (status?: TTransactionStatus, cursor?: string | null) =>
  fetchPage<TTransaction>('/api/transactions', { status }, cursor);

export const transactionPagesQueryOptions = (status?: TTransactionStatus) =>
  infiniteQueryOptions({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'pages', status ?? 'all'] as const,
    queryFn: ({ pageParam }) => getTransactionsPage(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

/** Every page loaded so far of the caller's transactions (of one status when given). */
export function useTransactionPages(status?: TTransactionStatus) {
  return useInfiniteQuery(transactionPagesQueryOptions(status));
}

/** The n newest transactions (the dashboard's recent list): one small page. */
export const getRecentTransactions = (n: number) =>
  apiJson<TTransaction[]>('GET', pageUrl('/api/transactions', { limit: n }));

export function useRecentTransactions(n = 5) {
  return useQuery(
    queryOptions({
      queryKey: [...TRANSACTIONS_QUERY_KEY, 'recent', n] as const,
      queryFn: () => getRecentTransactions(n),
    }),
  );
}

/** GET /api/transactions/stats: how many of the caller's transactions are in each status. */
export const getTransactionStats = () => apiJson<TTransactionStats>('GET', '/api/transactions/stats');

export function useTransactionStats() {
  return useQuery(
    queryOptions({ queryKey: [...TRANSACTIONS_QUERY_KEY, 'stats'] as const, queryFn: getTransactionStats }),
  );
}
