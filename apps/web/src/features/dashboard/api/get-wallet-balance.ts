import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const WALLET_BALANCE_QUERY_KEY = ['/api/wallet/balance'] as const;

export const getWalletBalance = () => apiJson<TWalletBalance>('GET', '/api/wallet/balance');

export const walletBalanceQueryOptions = () =>
  queryOptions({ queryKey: WALLET_BALANCE_QUERY_KEY, queryFn: getWalletBalance });

/** The wallet card shows 0 in the user's currency when this fails (e.g. before the wallet module ships). */
export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
