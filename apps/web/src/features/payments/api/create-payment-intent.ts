import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentIntentResponse } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

/**
 * POST /api/transactions/:id/create-payment-intent: starts (or resumes) the card payment of the total; of a
 * deal paid in stages, of the named milestones' totals (`milestoneIds`, decision 033).
 */
export const createPaymentIntent = (transactionId: string, milestoneIds?: readonly string[]) =>
  apiJson<TPaymentIntentResponse>(
    'POST',
    `/api/transactions/${encodeURIComponent(transactionId)}/create-payment-intent`,
    milestoneIds?.length ? { milestoneIds } : undefined,
  );

/**
 * Created automatically when the checkout shows the card form (spec section 4), once per visit and per
 * choice of milestones: a query so a remount or React's double effects never start a second one; the
 * server resumes anyway (and retires the intent of another choice).
 */
export const paymentIntentQueryOptions = (transactionId: string, milestoneIds: readonly string[] = []) =>
  queryOptions({
    queryKey: ['payment-intent', 'transaction', transactionId, ...milestoneIds],
    queryFn: () => createPaymentIntent(transactionId, milestoneIds),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function usePaymentIntent(transactionId: string, enabled: boolean, milestoneIds?: readonly string[]) {
  return useQuery({ ...paymentIntentQueryOptions(transactionId, milestoneIds), enabled });
}
