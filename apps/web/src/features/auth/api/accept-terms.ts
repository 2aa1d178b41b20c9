import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAcceptTermsRequest, TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { AUTH_USER_QUERY_KEY } from '@/lib/auth';

/** POST /api/auth/accept-terms: the version of the Terms the person was shown and accepts. */
export const acceptTerms = (body: TAcceptTermsRequest) =>
  apiJson<{ user: TUser }>('POST', '/api/auth/accept-terms', body);

/** Accepting opens the app: the signed-in user is replaced by the server's answer. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: ({ user }) => queryClient.setQueryData(AUTH_USER_QUERY_KEY, user),
  });
}
