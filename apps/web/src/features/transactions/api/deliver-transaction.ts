import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliverTransactionRequest, TTransaction } from '@holdfast/contracts';
import { apiJson, errorStatus } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/**
 * PATCH /api/transactions/:id/deliver (seller): an active, funded transaction is marked delivered, with an
 * optional tracking reference and note; the buyer's inspection period starts.
 */
export const deliverTransaction = (id: string, body: TDeliverTransactionRequest) =>
  apiJson<TTransaction>('PATCH', `/api/transactions/${encodeURIComponent(id)}/deliver`, body);

export function useDeliverTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDeliverTransactionRequest) => deliverTransaction(id, body),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient, id),
    // Changed meanwhile (already delivered, disputed, cancelled: any 409): show it as it is now.
    onError: (err) => {
      if (isStaleTransactionError(err) || errorStatus(err) === 409) invalidateTransactionsAndWallet(queryClient, id);
    },
  });
}
