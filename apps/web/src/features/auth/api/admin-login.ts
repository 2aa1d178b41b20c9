import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from './get-user';

export const adminLogin = (body: TLoginRequest) =>
  apiJson<{ user: TUser }>('POST', '/api/auth/admin/login', body);

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
    },
  });
}
