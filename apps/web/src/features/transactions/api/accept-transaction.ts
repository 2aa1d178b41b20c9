import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAcceptTransactionRequest, TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** PATCH /api/transactions/:id/accept (seller): pending → active, with optional delivery details. */
export const acceptTransaction = (id: string, body: TAcceptTransactionRequest) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/accept`, body);

export function useAcceptTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAcceptTransactionRequest) => acceptTransaction(id, body),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
  });
}
