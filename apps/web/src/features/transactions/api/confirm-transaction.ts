import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/** PATCH /api/transactions/:id/confirm (buyer, funded and active): completes and releases the funds. */
export const confirmTransaction = (id: string, confirmationPhrase: string) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/confirm`, { confirmationPhrase });

export function useConfirmTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmationPhrase: string) => confirmTransaction(id, confirmationPhrase),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
    // Refused because the transaction changed meanwhile (a 409 such as ALREADY_ACCEPTED): show it as it is now.
    onError: (err) => {
      if (isStaleTransactionError(err)) invalidateTransactionsAndWallet(queryClient, id);
    },
  });
}
