import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** POST /api/transactions/:id/fund-from-wallet: the buyer pays the total from their wallet. */
export const fundFromWallet = (transactionId: string) =>
  apiJson<TTransaction>('POST', `/api/transactions/${encodeURIComponent(transactionId)}/fund-from-wallet`);

export function useFundFromWallet(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fundFromWallet(transactionId),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, transactionId),
  });
}
