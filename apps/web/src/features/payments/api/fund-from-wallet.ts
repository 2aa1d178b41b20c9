import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson, errorCode } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/** POST /api/transactions/:id/fund-from-wallet: the buyer pays the total from their wallet. */
export const fundFromWallet = (transactionId: string) =>
  apiJson<TTransaction>('POST', `/api/transactions/${encodeURIComponent(transactionId)}/fund-from-wallet`);

export function useFundFromWallet(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fundFromWallet(transactionId),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, transactionId),
    // Funded or cancelled meanwhile (ALREADY_FUNDED...), or the wallet spent elsewhere (INSUFFICIENT_FUNDS):
    // fetch the transaction and the balance again so the page shows them as they are now.
    onError: (err) => {
      if (isStaleTransactionError(err) || errorCode(err) === 'INSUFFICIENT_FUNDS') {
        invalidateTransactionsAndWallet(queryClient, transactionId);
      }
    },
  });
}
