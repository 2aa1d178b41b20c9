import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from '@/lib/auth';

/** POST /api/auth/reset-password: the emailed token and the new password. */
export const resetPassword = (body: TResetPasswordRequest) =>
  apiJson<{ ok: true }>('POST', '/api/auth/reset-password', body);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // Every session of the account has ended, this browser's too: forget whoever was signed in here.
    onSuccess: () => {
      void queryClient.cancelQueries();
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0] });
    },
  });
}
