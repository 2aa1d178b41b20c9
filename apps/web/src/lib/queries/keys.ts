import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_QUERY_KEY } from '../auth';
import { VERIFICATION_STATUS_QUERY_KEY } from './get-verification-status';

export const TRANSACTIONS_QUERY_KEY = ['/api/transactions'] as const;
export const transactionQueryKey = (id: string) => ['/api/transactions', id] as const;
export const WALLET_BALANCE_QUERY_KEY = ['/api/wallet/balance'] as const;
export const WALLET_TRANSACTIONS_QUERY_KEY = ['/api/wallet/transactions'] as const;
export const WALLET_WITHDRAWALS_QUERY_KEY = ['/api/wallet/withdrawals'] as const;

/**
 * After a transaction changed or money moved: the transactions list, that transaction (when given), the
 * wallet balance and activity, the signed-in user (whose wallet balance it shows) and the verification status.
 */
export function invalidateTransactionsAndWallet(queryClient: QueryClient, transactionId?: string | null) {
  // Fire and forget: a mutation that awaited the refetch would call its mutate() callbacks (the success
  // toast) only after the refetched data unmounted the component that asked for them.
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
    transactionId ? queryClient.invalidateQueries({ queryKey: transactionQueryKey(transactionId) }) : undefined,
    queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_TRANSACTIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_WITHDRAWALS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY }),
    // What was withdrawn this month (the tier's limit) moves with the wallet.
    queryClient.invalidateQueries({ queryKey: VERIFICATION_STATUS_QUERY_KEY }),
  ]);
}
