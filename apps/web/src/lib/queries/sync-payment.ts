import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPayment } from '@holdfast/contracts';
import { apiJson } from '../api';
import { invalidateTransactionsAndWallet } from './keys';

/** POST /api/payments/:paymentId/sync: asks the provider and applies a succeeded payment once. */
export const syncPayment = (paymentId: string) =>
  apiJson<TPayment>('POST', `/api/payments/${encodeURIComponent(paymentId)}/sync`);

/** When the sync settles, refreshes the transactions (and `transactionId`'s, when given), the wallet and the user. */
export function useSyncPayment(transactionId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncPayment,
    onSettled: () => invalidateTransactionsAndWallet(queryClient, transactionId),
  });
}
