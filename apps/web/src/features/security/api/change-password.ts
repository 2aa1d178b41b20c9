import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePasswordRequest, TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from '@/lib/auth';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** POST /api/auth/change-password: checks the current password, signs out every other session. */
export const changePassword = (body: TChangePasswordRequest) =>
  apiJson<{ user: TUser }>('POST', '/api/auth/change-password', body);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
      // The other sessions are gone now.
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    },
  });
}
