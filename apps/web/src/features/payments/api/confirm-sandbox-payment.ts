import { useMutation } from '@tanstack/react-query';
import type { TPaymentResult, TSandboxConfirmRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/payments/sandbox/confirm: pays a sandbox intent with a test card; 402 with the message on a decline. */
export const confirmSandboxPayment = (body: TSandboxConfirmRequest) =>
  apiJson<TPaymentResult>('POST', '/api/payments/sandbox/confirm', body);

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
