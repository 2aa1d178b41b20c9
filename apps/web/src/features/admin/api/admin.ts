import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TAdminStats,
  TModerator,
  TModeratorApplication,
  TReviewApplicationRequest,
  TReviewApplicationResponse,
  ZCreateModeratorRequest,
} from '@holdfast/contracts';
import { apiJson } from '@/lib/api';

export const ADMIN_APPLICATIONS_KEY = ['/api/admin/moderator-applications'] as const;
export const ADMIN_MODERATORS_KEY = ['/api/admin/moderators'] as const;
export const ADMIN_STATS_KEY = ['/api/admin/stats'] as const;

export const useApplications = () => useQuery<TModeratorApplication[]>({ queryKey: ADMIN_APPLICATIONS_KEY });
export const useModerators = () => useQuery<TModerator[]>({ queryKey: ADMIN_MODERATORS_KEY });
export const useAdminStats = () => useQuery<TAdminStats>({ queryKey: ADMIN_STATS_KEY });

/** Everything a decision or a new moderator changes. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ADMIN_APPLICATIONS_KEY, ADMIN_MODERATORS_KEY, ADMIN_STATS_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** PATCH /api/admin/moderator-applications/{id}: approve or reject a pending application. */
export function useReviewApplication() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, ...body }: TReviewApplicationRequest & { id: string }) =>
      apiJson<TReviewApplicationResponse>('PATCH', `/api/admin/moderator-applications/${id}`, body),
    onSuccess: () => void refresh(),
  });
}

/** POST /api/admin/create-moderator. */
export function useCreateModerator() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (body: z.output<typeof ZCreateModeratorRequest>) =>
      apiJson<TModerator>('POST', '/api/admin/create-moderator', body),
    onSuccess: () => void refresh(),
  });
}
