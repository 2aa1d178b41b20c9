import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { WALLET_BALANCE_QUERY_KEY } from './keys';

/** GET /api/wallet/balance: the balances that can pay for a transaction. */
export const getWalletBalance = () => apiJson<TWalletBalance>('GET', '/api/wallet/balance');

export const walletBalanceQueryOptions = () =>
  queryOptions({ queryKey: WALLET_BALANCE_QUERY_KEY, queryFn: getWalletBalance });

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
