import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWithdrawal, TWithdrawRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';

/** POST /api/wallet/withdraw: the money leaves the wallet at once; the payout follows. */
export const createWithdrawal = (body: TWithdrawRequest, idempotencyKey?: string) =>
  apiJson<TWithdrawal>('POST', '/api/wallet/withdraw', body, { idempotencyKey });

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TWithdrawRequest; idempotencyKey: string }) =>
      createWithdrawal(body, idempotencyKey),
    onSuccess: () => invalidateTransactionsAndWallet(queryClient),
  });
}
