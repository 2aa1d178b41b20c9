import { useMutation } from '@tanstack/react-query';
import type { TPayment } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/payments/:paymentId/sync: asks the provider and applies a success once. */
export const syncPayment = (paymentId: string) =>
  apiJson<TPayment>('POST', `/api/payments/${encodeURIComponent(paymentId)}/sync`);

export function useSyncPayment() {
  return useMutation({ mutationFn: syncPayment });
}
