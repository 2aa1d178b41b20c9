import type { QueryClient } from '@tanstack/react-query';

export const transactionQueryKey = (id: string) => ['/api/transactions', id] as const;
export const WALLET_BALANCE_QUERY_KEY = ['/api/wallet/balance'] as const;

/** After money moved: transactions, the wallet and the signed-in user (whose wallet balance it shows). */
export function invalidateMoney(queryClient: QueryClient, transactionId?: string | null) {
  // Fire and forget: a mutation that awaited the refetch would call its mutate() callbacks (the success
  // toast) only after the refetched data unmounted the component that asked for them.
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/transactions'] }),
    transactionId ? queryClient.invalidateQueries({ queryKey: transactionQueryKey(transactionId) }) : undefined,
    queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['/api/wallet/transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] }),
  ]);
}
