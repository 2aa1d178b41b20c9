import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from './get-user';

export const login = (body: TLoginRequest) => apiJson<{ user: TUser }>('POST', '/api/auth/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
    },
  });
}
