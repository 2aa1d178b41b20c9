import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTwoFactorCodeRequest, TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { refreshUser } from './update-user';
import { SECURITY_EVENTS_KEY } from './get-security-events';

/** POST /api/auth/2fa/verify: the first code turns two-factor on (the server renews the session). */
export const verifyTwoFactor = (body: TTwoFactorCodeRequest) =>
  apiJson<{ user: TUser }>('POST', '/api/auth/2fa/verify', body);

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: ({ user }) => refreshUser(queryClient, user),
    // A wrong code is a security event of its own.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_EVENTS_KEY }),
  });
}
