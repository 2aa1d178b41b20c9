import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateTransactionRequest, TTransaction } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { TRANSACTIONS_QUERY_KEY } from '@/lib/queries/keys';

/** POST /api/transactions: the caller becomes the buyer. */
export const createTransaction = (body: TCreateTransactionRequest) =>
  apiJson<TTransaction>('POST', '/api/transactions', body);

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransaction,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY }),
  });
}
