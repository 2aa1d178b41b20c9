import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TTransaction, TTransactionStats } from '@holdfast/contracts';
import { apiJson } from '../api';
import { fetchPage, nextCursorOf, pageUrl } from '../paging';
import { TRANSACTIONS_QUERY_KEY } from './keys';

/**
 * GET /api/transactions: the caller's transactions, a page at a time (the next page's cursor in
 * X-Next-Cursor), newest first unless `sort` says otherwise; `status`, `q`, the amount and date ranges
 * narrow it (the server's query parameters, as given). Keys start with TRANSACTIONS_QUERY_KEY, so
 * invalidateTransactionsAndWallet refreshes every list, page and count.
 */
export type TransactionListParams = Record<string, string | undefined>;

export const getTransactionsPage = (params: TransactionListParams, cursor?: string | null) =>
  fetchPage<TTransaction>('/api/transactions', params, cursor);

export const transactionPagesQueryOptions = (params: TransactionListParams = {}) =>
  infiniteQueryOptions({
    queryKey: [...TRANSACTIONS_QUERY_KEY, 'pages', params] as const,
    queryFn: ({ pageParam }) => getTransactionsPage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
  });

/** Every page loaded so far of the caller's transactions, as `params` narrow and sort them. */
export function useTransactionPages(params: TransactionListParams = {}) {
  // The previous list stays on screen while the next filter's first page loads, so the rows do not
  // flash to a skeleton on every keystroke of a search.
  return useInfiniteQuery({ ...transactionPagesQueryOptions(params), placeholderData: keepPreviousData });
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
