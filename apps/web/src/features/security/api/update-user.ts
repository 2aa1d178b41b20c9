import type { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@holdfast/contracts';
import { AUTH_USER_QUERY_KEY } from '@/lib/auth';

/** After two-factor turns on or off: the answer is the refreshed user (the spec's "user refreshed"). */
export const refreshUser = (queryClient: QueryClient, user: TUser) =>
  queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
