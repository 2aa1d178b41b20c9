import type { QueryClient } from '@tanstack/react-query';

export const TRANSACTIONS_QUERY_KEY = ['/api/transactions'] as const;
export const transactionQueryKey = (id: string) => ['/api/transactions', id] as const;

/** After a transaction changes: the list, that transaction, the wallet and the signed-in user. */
export function invalidateTransaction(queryClient: QueryClient, id?: string) {
  // Fire and forget: a mutation that awaited the refetch would call its mutate() callbacks (the success
  // toast) only after the refetched data unmounted the component that asked for them.
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    id ? queryClient.invalidateQueries({ queryKey: transactionQueryKey(id) }) : undefined,
    queryClient.invalidateQueries({ queryKey: ['/api/wallet/balance'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/wallet/transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] }),
  ]);
}
