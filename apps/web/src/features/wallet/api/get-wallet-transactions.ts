import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { WALLET_ACTIVITY_DEFAULT_LIMIT, type TWalletActivity } from '@holdfast/contracts';
import { fetchPage, flattenPages, nextCursorOf, type Page } from '@/lib/paging';
import { WALLET_TRANSACTIONS_QUERY_KEY } from '@/lib/queries/keys';
import { hasPendingWithdrawal } from '../lib/withdraw';

/**
 * GET /api/wallet/transactions?limit=10: the latest wallet movements, newest first, a page at a time
 * (the next page's cursor in X-Next-Cursor).
 */
export const getWalletTransactionsPage = (cursor?: string | null, limit = WALLET_ACTIVITY_DEFAULT_LIMIT) =>
  fetchPage<TWalletActivity>('/api/wallet/transactions', { limit }, cursor);

/** While a withdrawal waits for its payout, the list asks again every few seconds to show how it ended. */
export const PENDING_WITHDRAWAL_REFRESH_MS = 3000;

const loaded = (pages: readonly Page<TWalletActivity>[] | undefined) => flattenPages(pages);

export const walletTransactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: WALLET_TRANSACTIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => getWalletTransactionsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextCursorOf,
    refetchInterval: (query) =>
      hasPendingWithdrawal(loaded(query.state.data?.pages)) ? PENDING_WITHDRAWAL_REFRESH_MS : false,
  });

export function useWalletTransactions() {
  return useInfiniteQuery(walletTransactionsQueryOptions());
}
