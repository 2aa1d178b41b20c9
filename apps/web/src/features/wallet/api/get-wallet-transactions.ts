import { queryOptions, useQuery } from '@tanstack/react-query';
import { WALLET_ACTIVITY_DEFAULT_LIMIT, type TWalletActivity } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { WALLET_TRANSACTIONS_QUERY_KEY } from '@/lib/queries/keys';

/** GET /api/wallet/transactions?limit=10: the latest wallet movements, newest first. */
export const getWalletTransactions = (limit = WALLET_ACTIVITY_DEFAULT_LIMIT) =>
  apiJson<TWalletActivity[]>('GET', `/api/wallet/transactions?limit=${limit}`);

export const walletTransactionsQueryOptions = () =>
  queryOptions({ queryKey: WALLET_TRANSACTIONS_QUERY_KEY, queryFn: () => getWalletTransactions() });

export function useWalletTransactions() {
  return useQuery(walletTransactionsQueryOptions());
}
