import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPayment } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransaction } from './keys';

/** POST /api/payments/:paymentId/sync: after a provider redirect, applies a succeeded payment once. */
export const syncPayment = (paymentId: string) =>
  apiJson<TPayment>('POST', `/api/payments/${encodeURIComponent(paymentId)}/sync`);

export function useSyncPayment(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncPayment,
    onSettled: () => invalidateTransaction(queryClient, transactionId),
  });
}
