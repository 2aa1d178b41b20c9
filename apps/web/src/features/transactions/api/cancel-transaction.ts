import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** PATCH /api/transactions/:id/cancel (either party, before acceptance): any funding back to the buyer's wallet. */
export const cancelTransaction = (id: string) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/cancel`);

export function useCancelTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTransaction(id),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
  });
}
