import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWithdrawal } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { WALLET_WITHDRAWALS_QUERY_KEY } from '@/lib/queries/keys';

/** GET /api/wallet/withdrawals?limit=10: the caller's latest withdrawals, newest first. */
export const getWithdrawals = () => apiJson<TWithdrawal[]>('GET', '/api/wallet/withdrawals?limit=10');

/** A payout on its way is asked about every few seconds; a review, which takes hours, every half minute. */
const PENDING_REFRESH_MS = 3000;
const HELD_REFRESH_MS = 30_000;

export const withdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: WALLET_WITHDRAWALS_QUERY_KEY,
    queryFn: getWithdrawals,
    refetchInterval: (query) => {
      const list = query.state.data ?? [];
      if (list.some((w) => w.status === 'pending')) return PENDING_REFRESH_MS;
      return list.some((w) => w.status === 'held') ? HELD_REFRESH_MS : false;
    },
  });

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions());
}
