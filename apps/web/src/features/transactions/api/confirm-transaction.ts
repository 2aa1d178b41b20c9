import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** PATCH /api/transactions/:id/confirm (buyer, funded and active): completes and releases the funds. */
export const confirmTransaction = (id: string, confirmationPhrase: string) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/confirm`, { confirmationPhrase });

export function useConfirmTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmationPhrase: string) => confirmTransaction(id, confirmationPhrase),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
  });
}
