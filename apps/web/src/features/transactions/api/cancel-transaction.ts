import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/**
 * PATCH /api/transactions/:id/cancel: either party before acceptance, or the buyer of an accepted, funded deal
 * not delivered in time (from lateCancelFrom); any funding goes back to the buyer's wallet.
 */
export const cancelTransaction = (id: string) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/cancel`);

export function useCancelTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTransaction(id),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
    // Refused because the transaction changed meanwhile (a 409 such as ALREADY_ACCEPTED): show it as it is now.
    onError: (err) => {
      if (isStaleTransactionError(err)) invalidateTransactionsAndWallet(queryClient, id);
    },
  });
}
