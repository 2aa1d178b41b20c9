import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAcceptTransactionRequest, TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/** PATCH /api/transactions/:id/accept (seller): pending → active, with optional delivery details. */
export const acceptTransaction = (id: string, body: TAcceptTransactionRequest) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/accept`, body);

export function useAcceptTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAcceptTransactionRequest) => acceptTransaction(id, body),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
    // Refused because the transaction changed meanwhile (a 409 such as ALREADY_ACCEPTED): show it as it is now.
    onError: (err) => {
      if (isStaleTransactionError(err)) invalidateTransactionsAndWallet(queryClient, id);
    },
  });
}
