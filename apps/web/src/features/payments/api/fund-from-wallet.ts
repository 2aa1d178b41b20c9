import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson, errorCode } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/**
 * The buyer pays from their wallet: POST /api/transactions/:id/fund-from-wallet (the total), or of a deal
 * paid in stages POST …/milestones/fund with the milestones to pay (their totals, one payment).
 */
export const fundFromWallet = (transactionId: string, milestoneIds?: readonly string[]) => {
  const base = `/api/transactions/${encodeURIComponent(transactionId)}`;
  return milestoneIds?.length
    ? apiJson<TTransaction>('POST', `${base}/milestones/fund`, { milestoneIds })
    : apiJson<TTransaction>('POST', `${base}/fund-from-wallet`);
};

export function useFundFromWallet(transactionId: string, milestoneIds?: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fundFromWallet(transactionId, milestoneIds),
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
