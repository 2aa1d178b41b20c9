import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentIntentResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/** POST /api/transactions/:id/create-payment-intent: starts (or resumes) the card payment of the total. */
export const createPaymentIntent = (transactionId: string) =>
  apiJson<TPaymentIntentResponse>(
    'POST',
    `/api/transactions/${encodeURIComponent(transactionId)}/create-payment-intent`,
  );

/**
 * Created automatically when the checkout shows the card form (spec section 4), once per visit: a
 * query so a remount or React's double effects never start a second one; the server resumes anyway.
 */
export const paymentIntentQueryOptions = (transactionId: string) =>
  queryOptions({
    queryKey: ['payment-intent', 'transaction', transactionId],
    queryFn: () => createPaymentIntent(transactionId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function usePaymentIntent(transactionId: string, enabled: boolean) {
  return useQuery({ ...paymentIntentQueryOptions(transactionId), enabled });
}
