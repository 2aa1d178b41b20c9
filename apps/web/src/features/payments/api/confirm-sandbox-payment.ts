import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaymentResult, TSandboxConfirmRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { isStaleTransactionError } from '@/lib/stale-transaction';

/** POST /api/payments/sandbox/confirm: pays a sandbox intent with a test card; 402 with the message on a decline. */
export const confirmSandboxPayment = (body: TSandboxConfirmRequest) =>
  apiJson<TPaymentResult>('POST', '/api/payments/sandbox/confirm', body);

export function useConfirmSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSandboxPayment,
    // The transaction was funded or cancelled meanwhile (ALREADY_FUNDED...): the checkout then shows it so.
    onError: (err) => {
      if (isStaleTransactionError(err)) invalidateTransactionsAndWallet(queryClient);
    },
  });
}
