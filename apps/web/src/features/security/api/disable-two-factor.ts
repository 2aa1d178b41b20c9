import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '@holdfast/contracts';
import { apiJson } from '@/lib/api';
import { refreshUser } from './update-user';
import { SECURITY_EVENTS_KEY } from './get-security-events';

/** POST /api/auth/2fa/disable: a current code (or a backup code) turns two-factor off. */
export const disableTwoFactor = (code: string) => apiJson<{ user: TUser }>('POST', '/api/auth/2fa/disable', { code });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: ({ user }) => refreshUser(queryClient, user),
    // A wrong code is a security event of its own.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_EVENTS_KEY }),
  });
}
