import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@holdfast/contracts';
import { apiJson } from '../api';
import { WALLET_BALANCE_QUERY_KEY } from './keys';

/** GET /api/wallet/balance: the wallet currency's balance and every other currency held. */
export const getWalletBalance = () => apiJson<TWalletBalance>('GET', '/api/wallet/balance');

export const walletBalanceQueryOptions = () =>
  queryOptions({ queryKey: WALLET_BALANCE_QUERY_KEY, queryFn: getWalletBalance });

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
