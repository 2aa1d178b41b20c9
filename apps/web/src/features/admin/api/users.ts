import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminUserActionRequest, TAdminUserDetail, TAdminUserList } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { ADMIN_MODERATORS_KEY, ADMIN_STATS_KEY } from './admin';

export const ADMIN_USERS_KEY = ['/api/admin/users'] as const;

/** GET /api/admin/users?q=&page=: accounts whose name or email contains `q`, newest first. */
export const getAdminUsers = (q: string, page: number) => {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return apiJson<TAdminUserList>('GET', `/api/admin/users${query ? `?${query}` : ''}`);
};

export const adminUsersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, 'search', { q, page }] as const,
    queryFn: () => getAdminUsers(q, page),
    // The last page stays on screen while the next one (or a new search) loads: nothing jumps.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (q: string, page: number) => useQuery(adminUsersQueryOptions(q, page));

/** GET /api/admin/users/{id}: the account page. */
export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, id] as const,
    queryFn: () => apiJson<TAdminUserDetail>('GET', `/api/admin/users/${encodeURIComponent(id)}`),
  });

export const useAdminUser = (id: string) => useQuery(adminUserQueryOptions(id));

export type AdminUserAction = 'suspend' | 'reactivate' | 'deactivate-moderator';

/** POST /api/admin/users/{id}/suspend, /reactivate or /deactivate-moderator, with the reason. */
export function useAdminUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: TAdminUserActionRequest & { action: AdminUserAction }) =>
      apiJson<TAdminUserDetail>('POST', `/api/admin/users/${encodeURIComponent(id)}/${action}`, body),
    onSuccess: (detail) => queryClient.setQueryData(adminUserQueryOptions(id).queryKey, detail),
    // Either way: a 409 means another admin changed the account meanwhile; the lists show a role or a status.
    onSettled: () =>
      Promise.all(
        [ADMIN_USERS_KEY, ADMIN_MODERATORS_KEY, ADMIN_STATS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
