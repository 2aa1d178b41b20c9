import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUser } from '@holdfast/contracts';
import { getQueryFn } from '@/lib/api';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

const fetchUser = getQueryFn<{ user: TUser } | null>({ on401: 'returnNull' });

/** GET /api/auth/user: the signed-in user, or null when signed out (401). */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async (context): Promise<TUser | null> => {
      const body = await fetchUser(context);
      return body?.user ?? null;
    },
  });

/**
 * The current user. Any failure other than 401 (network, 5xx) also counts as signed out,
 * as the spec treats authentication errors.
 */
export function useUser() {
  const query = useQuery(userQueryOptions());
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: !!query.data,
    error: query.error,
    refetch: query.refetch,
  };
}
