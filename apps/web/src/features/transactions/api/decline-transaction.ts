import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** PATCH /api/transactions/:id/decline (seller): pending → cancelled, any funding back to the buyer's wallet. */
export const declineTransaction = (id: string) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/decline`);

export function useDeclineTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => declineTransaction(id),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
  });
}
