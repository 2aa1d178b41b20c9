import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TIdentityReview,
  TIdentityReviewerList,
  TIdentityReviewList,
  TRejectIdentityRequest,
} from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const IDENTITY_REVIEWS_KEY = ['/api/identity-reviews'] as const;
export const IDENTITY_REVIEWERS_KEY = ['/api/admin/identity-reviewers'] as const;

/** GET /api/identity-reviews: pending submissions, oldest first. */
export const useIdentityReviews = () =>
  useQuery(
    queryOptions({
      queryKey: IDENTITY_REVIEWS_KEY,
      queryFn: () => apiJson<TIdentityReviewList>('GET', '/api/identity-reviews'),
    }),
  );

/** GET /api/identity-reviews/access: whether the signed-in person may review. */
export const useIdentityReviewAccess = () =>
  useQuery({
    queryKey: [...IDENTITY_REVIEWS_KEY, 'access'] as const,
    queryFn: () => apiJson<{ mayReview: boolean }>('GET', '/api/identity-reviews/access'),
  });

/** GET /api/identity-reviews/{id}: one submission with its documents. */
export const useIdentityReview = (id: string | null) =>
  useQuery({
    queryKey: [...IDENTITY_REVIEWS_KEY, id] as const,
    queryFn: () => apiJson<TIdentityReview>('GET', `/api/identity-reviews/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });

/** POST /api/identity-reviews/{id}/approve or /reject (with the reason). */
export function useIdentityDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { action: 'approve' } | ({ action: 'reject' } & TRejectIdentityRequest)) =>
      decision.action === 'approve'
        ? apiJson<TIdentityReview>('POST', `/api/identity-reviews/${encodeURIComponent(id)}/approve`)
        : apiJson<TIdentityReview>('POST', `/api/identity-reviews/${encodeURIComponent(id)}/reject`, {
            reason: decision.reason,
          }),
    // Either way (a 409: someone decided it meanwhile) the queue and the review are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: IDENTITY_REVIEWS_KEY }),
  });
}

/** GET /api/admin/identity-reviewers: moderators and whether each may review. */
export const useIdentityReviewers = (enabled: boolean) =>
  useQuery({
    queryKey: IDENTITY_REVIEWERS_KEY,
    queryFn: () => apiJson<TIdentityReviewerList>('GET', '/api/admin/identity-reviewers'),
    enabled,
  });

/** PUT /api/admin/identity-reviewers/{userId}: allow or withdraw. */
export function useSetIdentityReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, allowed }: { userId: string; allowed: boolean }) =>
      apiJson<TIdentityReviewerList>('PUT', `/api/admin/identity-reviewers/${encodeURIComponent(userId)}`, {
        allowed,
      }),
    onSuccess: (list) => queryClient.setQueryData(IDENTITY_REVIEWERS_KEY, list),
  });
}
