import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateReviewRequest, TReview } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

const reviewsQueryKey = (transactionId: string) => ['/api/transactions', transactionId, 'reviews'] as const;

/** GET /api/transactions/:id/reviews, fetched when `enabled` (View Reviews, or to know if the viewer reviewed). */
export function useTransactionReviews(transactionId: string, enabled = true) {
  return useQuery({
    queryKey: reviewsQueryKey(transactionId),
    queryFn: () => apiJson<TReview[]>('GET', `/api/transactions/${encodeURIComponent(transactionId)}/reviews`),
    enabled,
  });
}

/** POST /api/reviews. */
export function useCreateReview(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TCreateReviewRequest, 'transactionId'>) =>
      apiJson<TReview>('POST', '/api/reviews', { transactionId, ...body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey(transactionId) }),
  });
}
