import type { QueryClient } from '@tanstack/react-query';

export const TRANSACTIONS_QUERY_KEY = ['/api/transactions'] as const;
export const transactionQueryKey = (id: string) => ['/api/transactions', id] as const;

/** After a transaction changes: the list, that transaction, the wallet and the signed-in user. */
export function invalidateTransaction(queryClient: QueryClient, id?: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    id ? queryClient.invalidateQueries({ queryKey: transactionQueryKey(id) }) : undefined,
    queryClient.invalidateQueries({ queryKey: ['/api/wallet/balance'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/wallet/transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] }),
  ]);
}
