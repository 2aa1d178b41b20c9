import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRegisterRequest, TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from './get-user';

export const register = (body: TRegisterRequest) => apiJson<{ user: TUser }>('POST', '/api/auth/register', body);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
    },
  });
}
